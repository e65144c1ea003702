"""CRC-32 (IEEE), the same value as zlib/binascii on both runtimes."""

try:
    from binascii import crc32 as _crc32
except ImportError:  # a build without binascii.crc32: a slow but equal fallback
    _crc32 = None  # type: ignore[assignment]


def _soft_crc32(data: bytes, crc: int = 0) -> int:
    crc = crc ^ 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def crc32(data: bytes) -> int:
    if _crc32 is not None:
        return _crc32(data) & 0xFFFFFFFF
    return _soft_crc32(data)


def crc_hex(data: bytes) -> str:
    return "%08x" % crc32(data)
