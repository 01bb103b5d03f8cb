"""Reading the files people give fracas (encounters, saves): text in a known encoding, of a
sane size, and YAML without silently repeated keys. Every problem is one message."""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 4 * 1024 * 1024  # an encounter or a save is a few kilobytes; a huge one is a mistake
# What a document may expand to (issue 32): its bytes bound only its text, since YAML's
# aliases repeat a node without repeating its text (2.4 KB of anchors made 20,000 combatants).
# A bundled example has a few hundred values and nests under ten deep; a 2,000-combatant
# encounter about 60,000 values.
MAX_VALUES = 250_000  # scalars, mappings and sequences, every alias counted as what it repeats
MAX_DEPTH = 64  # mappings and sequences inside each other


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
    """YAML text as Python values, once its shape is known to be within the limits."""
    check_yaml_shape(text)
    return yaml.load(text, Loader=_UniqueKeyLoader)


class TooBig(yaml.YAMLError):
    """A document within its byte limit that expands past `MAX_VALUES` or nests past
    `MAX_DEPTH` (a YAML error, so every reader of YAML reports it as one)."""


def check_yaml_shape(text: str) -> None:
    """Refuse YAML whose values, aliases expanded, would pass the limits, before any of it is
    built: one pass over the parser's events, iterative (so nesting cannot exhaust the stack),
    counting an alias as the size of the node its anchor named."""
    sizes: dict[str, int] = {}  # an anchor's node: how many values it expands to
    frames: list[tuple[str | None, int]] = []  # open collections: (anchor, values so far)
    counted = 0  # values of the finished top-level nodes
    for event in yaml.parse(text, Loader=_UniqueKeyLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            frames.append((event.anchor, 1))
            if len(frames) > MAX_DEPTH:
                raise TooBig(f"the document nests deeper than {MAX_DEPTH} levels")
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            anchor, size = frames.pop()
        elif isinstance(event, yaml.ScalarEvent):
            anchor, size = event.anchor, 1
        elif isinstance(event, yaml.AliasEvent):
            anchor, size = None, sizes.get(event.anchor or "", 1)
        else:
            continue
        if anchor is not None:
            sizes[anchor] = size
        if frames:
            frames[-1] = (frames[-1][0], frames[-1][1] + size)
            size = frames[-1][1]
        else:
            counted += size
            size = counted
        if size > MAX_VALUES:
            raise TooBig(f"the document expands to more than {MAX_VALUES:,} values")


def shape_problem(document: Any) -> str | None:
    """Why a parsed document (YAML, TOML or JSON) is past the limits, or None; iterative, and
    counting shared values each time they are reached, as validation and storage will."""
    stack: list[tuple[Any, int]] = [(document, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        values += 1
        if values > MAX_VALUES:
            return f"expands to more than {MAX_VALUES:,} values"
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                return f"nests deeper than {MAX_DEPTH} levels"
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return None
