# Usher: every command a person needs. Each target installs what it needs
# into the project (.venv and .stubs, pinned in requirements-dev.txt; .node,
# pinned in .node/package-lock.json), so python3 and the registries suffice.

PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STUBS   := .stubs
STAMP   := $(VENV)/.installed
NODE    := .node
BUILD   := build/mpy
PROFILE ?= lcd114
SCALE   ?=
PORT    ?=
STUBS_PKG := micropython-rp2-rpi-pico-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2

.PHONY: help setup rp2 uf2 dist run web test test-firmware wheel-platforms test-fast check mpy size bench bench-part pico-games deploy soak test-long screens fonts clean

help:
	@echo "make run      start the simulator (PROFILE=lcd114|oled, SCALE=1..8: terminal down-scaling, ROMFS=1: code from a ROMFS image, PICO=1: on the rp2 port, emulated)"
	@echo "make web      Usher in a browser: the page built from the firmware, served on 127.0.0.1:8765 (WEB_PORT=...)"
	@echo "make test     every test and gate (CPython, MicroPython VM, the rp2 port on an emulated Pico, mpy-cross, mypy, ruff)"
	@echo "make uf2      build/usher.uf2 (Pico) and build/usher-pico2.uf2 (Pico 2): MicroPython with Usher frozen in (drag it onto the board in BOOTSEL mode)"
	@echo "make dist     the release in build/dist: usher-VERSION.uf2, usher-pico2-VERSION.uf2 and their sha256, the wheel, the site (the page offering both)"
	@echo "make rp2      build the Pico's own MicroPython (v1.28.0 RPI_PICO) from the pinned sources into build/rp2"
	@echo "make check    ruff + mypy against the rp2 stubs + actionlint on .github/workflows + ESLint and tsc on the web page"
	@echo "make mpy      compile firmware/ with mpy-cross -march=armv6m into $(BUILD)"
	@echo "make size     bytecode size per module and total"
	@echo "make pico-games  every full scripted game on the emulated Pico, the memory gate (an hour or more)"
	@echo "make bench    every measured figure into docs/BENCH.md, whole, at one commit (runs make pico-games first)"
	@echo "make bench-part PART=sync   one section into build/bench-part.md (docs/BENCH.md is left alone)"
	@echo "make deploy PORT=/dev/ttyACM0 [BOARD=lcd114|oled] [DRY=1] [ROMFS=1]   compile and copy to a Pico"
	@echo "make soak     long fuzz and property runs (not part of make test)"
	@echo "make test-long  what make test leaves out: full games beyond one, second boards, the mpremote deploy, the Pico 2 file, make dist from a fresh clone"
	@echo "make screens  the README's pictures of the games, from the simulator, and LAPTOP.md's of a report"
	@echo "make fonts    regenerate the bitmap fonts in firmware/usher/ui/fonts"

setup: $(STAMP)

# last: the 32-bit MicroPython (WebAssembly) for the heap meter, by the venv's own npm
$(STAMP): requirements-dev.txt host_tools/pyproject.toml host_tools/devkit/pyproject.toml $(NODE)/package.json $(NODE)/package-lock.json
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q -r requirements-dev.txt
	$(BIN)/pip install -q --no-deps --no-build-isolation -e host_tools -e host_tools/devkit
	rm -rf $(STUBS)
	$(BIN)/pip install -q --no-deps --target $(STUBS) $(STUBS_PKG)
	cd $(NODE) && ../$(BIN)/npm ci --no-audit --no-fund --loglevel=error
	touch $@

run: $(STAMP)
	$(if $(PICO),cd host_tools && ../$(BIN)/python -m usher_tools.rp2.build)
	$(BIN)/usher sim --profile $(PROFILE) $(if $(SCALE),--scale $(SCALE)) $(if $(ROMFS),--romfs) $(if $(PICO),--pico)

web: $(STAMP)
	$(BIN)/usher web $(if $(WEB_PORT),--port $(WEB_PORT))

# the Pico's own MicroPython from ../shared/rp2 (or the same commits cloned),
# built once into build/rp2; needs gcc-arm-none-eabi and libnewlib-arm-none-eabi
rp2: $(STAMP)
	cd host_tools && ../$(BIN)/python -m usher_tools.rp2.build

# build/usher.uf2 (Pico, RP2040) and build/usher-pico2.uf2 (Pico 2, RP2350):
# MicroPython with Usher frozen in, one file to drag onto each board
uf2: $(STAMP)
	cd host_tools && ../$(BIN)/python -m usher_tools.rp2.build --uf2

# the release, build/dist (rewritten whole; VERSION from firmware/usher/__init__.py):
# usher-VERSION.uf2, usher-pico2-VERSION.uf2 and their .sha256,
# usher_tools-VERSION-py3-none-any.whl, and site/ (the page, the same UF2s,
# their sha256, release.json)
dist: $(STAMP)
	cd host_tools && ../$(BIN)/python -m usher_tools.release --build

# the venv and the Pico's firmware do not depend on each other: made side by
# side (the build needs only python3, cmake and the cross compiler); the Pico
# 2's file is built after the Pico's, which the emulated-Pico tests boot
test:
	$(MAKE) -j2 $(STAMP) test-firmware wheel-platforms
	$(BIN)/pytest -n 2 --dist loadscope --no-loadscope-reorder -q --durations=15

# the Pico 2's file (built and checked, never booted: no emulator here runs
# the RP2350) in make test-long, so a fresh clone's make test builds one image
test-firmware:
	cd host_tools && $(PY) -m usher_tools.rp2.build --if-toolchain --uf2 --pico-only

# PyPI's answers for the wheel's platforms, asked while the firmware compiles
# (its waits on the network hidden there) and kept a day for the tests; a
# failure here is the tests' to report
wheel-platforms: $(STAMP)
	-cd tests && ../$(BIN)/python -m host.project.test_wheel_platforms

test-fast: $(STAMP)
	$(BIN)/pytest -q -x tests/portable

check: $(STAMP)
	$(BIN)/ruff check firmware host_tools tests hardware
	$(BIN)/ruff format --check firmware host_tools tests hardware
	$(BIN)/mypy
	$(BIN)/mypy --config-file host_tools/pyproject.toml
	$(BIN)/actionlint
	$(BIN)/node $(NODE)/node_modules/eslint/bin/eslint.js -c $(NODE)/eslint.config.mjs host_tools/usher_tools/web/page
	$(BIN)/node $(NODE)/node_modules/typescript/bin/tsc -p $(NODE)/tsconfig.page.json

mpy: $(STAMP)
	$(BIN)/usher build --out $(BUILD)

size: $(STAMP)
	$(BIN)/usher build --out $(BUILD) --sizes

# every full scripted game on the emulated Pico, the memory gate (an hour or
# more: about 4,000 presses a board); USHER_PICO_GAMES=lcd114:files,... narrows it
pico-games: $(STAMP)
	cd host_tools && ../$(BIN)/python -m usher_tools.rp2.build --uf2
	$(BIN)/pytest -q -n 2 -m pico_games tests/host/pico/test_pico_games.py

bench: pico-games
	$(BIN)/python -m usher_devkit.bench

# one section into build/bench-part.md, never docs/BENCH.md (which holds one whole run at one commit):
# PART=pico|pico_games|press_profile|language|build|sim|showtime|showbiz|show_manager|films|sync|wasm|memory|web|install
# (pico_games only reads the full games make pico-games left in build/pico-games, those of this commit)
bench-part: $(STAMP)
	$(BIN)/python -m usher_devkit.bench $(PART)

deploy: $(STAMP)
	$(BIN)/usher deploy $(if $(PORT),--port $(PORT)) $(if $(DRY),--dry-run) $(if $(BOARD),--profile $(BOARD)) $(if $(ROMFS),--romfs)

soak: $(STAMP)
	USHER_SOAK=1 $(BIN)/pytest -q -n 2 -m soak

# make test plays each full game once (one board, one title on the meter); these are the rest
test-long: $(STAMP)
	cd host_tools && ../$(BIN)/python -m usher_tools.rp2.build --if-toolchain --uf2
	$(BIN)/pytest -q -n 2 -m long

screens: $(STAMP)
	$(BIN)/python -m usher_devkit.screens
	$(BIN)/python -m usher_devkit.report_picture

fonts: $(STAMP)
	$(BIN)/python -m usher_devkit.fontgen

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache
