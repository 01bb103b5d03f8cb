"""Reading the files people give fracas (encounters, saves): text in a known encoding, of a
sane size, and YAML without silently repeated keys. Every problem is one message."""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 4 * 1024 * 1024  # an encounter or a save is a few kilobytes; a huge one is a mistake


class Unreadable(Exception):
    """Why a file cannot be read as text (the caller adds the file's name)."""


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The file's text: UTF-8 (with or without a byte-order mark) or UTF-16 with its mark, as
    editors save them; never more than `limit` bytes (endless inputs such as /dev/zero
    stop there)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as err:
        raise Unreadable(f"cannot read the file ({err.strerror or err})") from None
    if len(raw) > limit:
        raise Unreadable(f"too large for an encounter or a save (over {limit // 2**20} MiB)")
    return decode(raw)


def decode(raw: bytes) -> str:
    """Text from bytes as a file or an upload holds them: UTF-8 (with or without a
    byte-order mark) or UTF-16 with its mark; a binary or another encoding is refused."""
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):  # fmt: skip
        if raw.startswith(bom):
            return _decode(raw, encoding)
    if b"\x00" in raw:
        raise Unreadable("a binary file, not text (expected YAML, TOML or JSON)")
    return _decode(raw, "utf-8")


def _decode(raw: bytes, encoding: str) -> str:
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as err:
        raise Unreadable(
            f"not UTF-8 text (byte {err.start + 1} is 0x{raw[err.start]:02x}); save the file"
            " as UTF-8"
        ) from None


class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML's safe loader, refusing a mapping that gives the same key twice (YAML keeps the
    last silently, so a repeated `skills:` would lose the first)."""


def _mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            repeated = key in seen
        except TypeError:  # an unhashable key: the constructor below reports it
            continue
        if repeated:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} is given twice", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _mapping,
)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=_UniqueKeyLoader)
