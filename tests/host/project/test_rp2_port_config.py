"""The rp2 port as Usher builds it (usher_tools.rp2.build.PORT_CONFIG):
micropython.org's RPI_PICO configuration with the modules Usher never
imports switched off in the port's header, once, whatever the header's
state; a header that is not v1.28.0's is refused, never half-edited; a
build made before loses the lists it would link the old modules by."""

import os

import pytest
from usher_tools.rp2 import build

# the port's header as v1.28.0 has it (the lines PORT_CONFIG edits, and one it must leave)
HEADER = """#include "mpconfigboard.h"
#define MICROPY_PY_RE_MATCH_GROUPS              (1)
#define MICROPY_PY_HASHLIB_MD5                  (1)
#define MICROPY_PY_HASHLIB_SHA1                 (1)
#define MICROPY_PY_CRYPTOLIB                    (1)
#define MICROPY_PY_MACHINE_I2S                  (1)
#define MICROPY_VFS_FAT                         (1)
#define MICROPY_SSL_MBEDTLS                     (1)
"""


@pytest.fixture
def port(tmp_path, monkeypatch):
    src = tmp_path / "mp"
    (src / "ports" / "rp2").mkdir(parents=True)
    monkeypatch.setattr(build, "OUT", str(tmp_path))
    monkeypatch.setattr(build, "SRC", str(src))
    return src / "ports" / "rp2" / "mpconfigport.h"


def test_the_port_is_configured_once_and_every_module_usher_never_imports_is_off(port, tmp_path):
    port.write_text(HEADER)
    (tmp_path / "build-RPI_PICO" / "genhdr").mkdir(parents=True)
    (tmp_path / "build-RPI_PICO" / "frozen_content.c").write_text("MP_QSTR_VfsFat")
    (tmp_path / "build-RPI_PICO" / "firmware.elf").write_text("kept")
    build.configure_port()
    text = port.read_text()
    for name in ("HASHLIB_MD5", "HASHLIB_SHA1", "CRYPTOLIB", "MACHINE_I2S", "RE", "DEFLATE", "UCTYPES"):
        assert "#define MICROPY_PY_%s " % name in text and text.count("MICROPY_PY_%s " % name) == 1, name
    assert "#define MICROPY_VFS_FAT                         (0)" in text
    assert "(1)" not in text.replace("MATCH_GROUPS              (1)", "").replace("MBEDTLS                     (1)", "")
    assert "MICROPY_PY_RE_MATCH_GROUPS              (1)" in text  # what it does not name is left
    # the lists a build made before would link the old modules by are gone, the rest kept
    assert not (tmp_path / "build-RPI_PICO" / "genhdr").exists()
    assert not (tmp_path / "build-RPI_PICO" / "frozen_content.c").exists()
    assert (tmp_path / "build-RPI_PICO" / "firmware.elf").exists()
    when = os.stat(port).st_mtime_ns
    build.configure_port()  # again: nothing to do, the header untouched (make rebuilds nothing)
    assert port.read_text() == text and os.stat(port).st_mtime_ns == when


def test_a_header_that_is_not_v1_28_0_s_is_refused_untouched(port):
    port.write_text(HEADER.replace("CRYPTOLIB                    (1)", "CRYPTOLIB (1)"))
    before = port.read_text()
    with pytest.raises(build.Missing) as e:
        build.configure_port()
    assert "not MicroPython v1.28.0's" in str(e.value.code), e.value.code
    assert port.read_text() == before


def test_the_built_port_s_header_took_the_configuration():
    # the header the firmware was built from (make test builds it first)
    path = os.path.join(build.SRC, "ports", "rp2", "mpconfigport.h")
    if not os.path.exists(path):
        pytest.skip("the rp2 port is not unpacked: " + build.HOW)
    with open(path) as f:
        text = f.read()
    for _, now in build.PORT_CONFIG:
        assert now in text, now
