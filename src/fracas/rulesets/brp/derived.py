"""Derived characteristics and success levels: small pure functions, each citing its rule."""

from __future__ import annotations

import enum
from typing import Final

from fracas.rulesets.brp import data


def hit_points(con: int, siz: int) -> int:
    """B1: HP = (CON + SIZ) / 2, fractions rounded up."""
    return -(-(con + siz) // 2)


def damage_bonus(str_: int, siz: int) -> str:
    """B2: damage bonus from STR+SIZ; above 56, +1D6 per further 16 points or part (PROPOSED)."""
    total = str_ + siz
    for row in data.tables()["damage_bonus"]:
        if total <= row["max"]:
            return str(row["db"])
    extra = -(-(total - 56) // 16)
    return f"{2 + extra}D6"


def difficult(chance: int) -> int:
    """§5.5 Difficult = ½ chance, rounded up (B-C8, PROPOSED)."""
    return -(-chance // 2)


def quarter(chance: int) -> int:
    """§5.9 range: "¼ the normal chance", rounded up like Difficult (B-C8)."""
    return -(-chance // 4)


def special_threshold(chance: int) -> int:
    """B-C1/B5: special on a roll ≤ one fifth of the chance, rounded half up, at least 1."""
    return max(1, (chance + 2) // 5)


def fumble_from(chance: int) -> int:
    """B6: the lowest d100 roll that fumbles for this chance."""
    for row in data.tables()["fumble_from"]:
        if chance <= row["max_skill"]:
            return int(row["roll"])
    return 100


class Level(enum.IntEnum):
    """§5.8: special success > success > failure. A fumble fails with no further effect (B6)."""

    FUMBLE = -1
    FAILURE = 0
    SUCCESS = 1
    SPECIAL = 2

    @property
    def succeeded(self) -> bool:
        return succeeded(self)

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def matrix_key(self) -> str:
        """The matrix (§5.8) row key: a fumble is a failure there."""
        return _MATRIX_KEYS[self]


def succeeded(level: Level) -> bool:
    """A success or a special success (§5.5). A function, not only `Level.succeeded`: the
    enum is interpreted, so its property is a Python call, and every attack asks (issue 10)."""
    return level > Level.FAILURE


# Looked up, not computed: levels are read on every roll of a simulation.
_LABELS = {level: level.name.lower() for level in Level}
_MATRIX_KEYS = {level: "failure" if level <= 0 else level.name.lower() for level in Level}


def matrix_row(attack: Level, defence: Level) -> data.MatrixRow:
    """The matrix row (§5.8) for an attack's and a defence's success levels (a fumble reads
    as a failure there, `Level.matrix_key`). Every attack reads one: the rows are kept by
    position, not looked up by a pair of strings each time (issue 10)."""
    rows = _MATRIX_ROWS
    if not rows:
        table = data.matrix()
        rows += [table.get((a.matrix_key, d.matrix_key)) for a in Level for d in Level]
    row = rows[(attack + 1) * 4 + defence + 1]  # Level runs from −1 (FUMBLE) to 2, in order
    if row is None:  # a failed attack has no row: it never reaches the matrix (§5.8)
        raise KeyError((attack.matrix_key, defence.matrix_key))
    return row


_MATRIX_ROWS: Final[list[data.MatrixRow | None]] = []  # by (attack + 1) × 4 + defence + 1


def success_level(roll: int, chance: int) -> Level:
    """§5.5 with B5/B6 (`level_of`), read from a table of the hundred rolls made once per
    chance: every roll of a battle asks this, and a look-up by position costs less than the
    call into a `functools.cache` (issue 10)."""
    by_roll = _BY_CHANCE.get(chance)
    if by_roll is None:
        by_roll = _BY_CHANCE[chance] = [level_of(r, chance) for r in range(101)]
    if 1 <= roll <= 100:
        return by_roll[roll]
    return level_of(roll, chance)


# chance → the level of each roll 0–100 (index = roll)
_BY_CHANCE: Final[dict[int, list[Level]]] = {}


def level_of(roll: int, chance: int) -> Level:
    """§5.5 with B5/B6: special ≤ ⌈chance/5⌋; 01–05 always succeed; fumbles fail."""
    if roll <= special_threshold(chance) and chance > 0:
        return Level.SPECIAL
    if roll >= fumble_from(chance):
        return Level.FUMBLE  # even at 100%, a roll of 00 fumbles (B6)
    if roll <= chance or roll <= data.tables()["always_succeeds"]:
        return Level.SUCCESS
    return Level.FAILURE


# The levels as plain integers, for the rules' hot path (issue 35): an `IntEnum` member is an
# instance of an interpreted class, so compiled, `level > Level.FAILURE`, `ATTACK_LEVEL + level`
# and `(attack + 1) * 4` were generic calls through Python's number protocol. Equal to the
# members (`Level.SPECIAL == SPECIAL`); `label_of` names them as `Level.label` does, so the
# events read exactly as before.
FUMBLE: Final = -1
FAILURE: Final = 0
SUCCESS: Final = 1
SPECIAL: Final = 2
_LABEL_LIST: Final[tuple[str, ...]] = ("fumble", "failure", "success", "special")  # by level + 1


def label_of(level: int) -> str:
    """`Level(level).label` for a level as a plain integer (§5.8's words)."""
    return _LABEL_LIST[level + 1]


def level_number(roll: int, chance: int) -> int:
    """`success_level` as a plain integer (§5.5 with B5/B6), read from its own table of the
    hundred rolls made once per chance. The tables are a list indexed by the chance: a
    dictionary keyed by it boxed and hashed the chance at every roll (issue 35)."""
    if 1 <= roll <= 100 and chance >= 0:
        tables = _NUMBERS_BY_CHANCE
        by_roll = tables[chance] if chance < len(tables) else None
        if by_roll is None:
            while len(tables) <= chance:
                tables.append(None)
            by_roll = [int(level_of(r, chance)) for r in range(101)]
            tables[chance] = by_roll
        return by_roll[roll]
    return int(level_of(roll, chance))


# by chance (from 0), the level of each roll 0–100; None where no roll was made at that chance
_NUMBERS_BY_CHANCE: Final[list[list[int] | None]] = []


def matrix_row_of(attack: int, defence: int) -> data.MatrixRow:
    """`matrix_row` for levels as plain integers (§5.8)."""
    rows = _MATRIX_ROWS
    if not rows:
        matrix_row(Level.SUCCESS, Level.FAILURE)  # fills the rows
    row = rows[(attack + 1) * 4 + defence + 1]
    if row is None:  # a failed attack has no row: it never reaches the matrix (§5.8)
        raise KeyError((Level(attack).matrix_key, Level(defence).matrix_key))
    return row


def needs(chance: int, goal: str) -> str:
    """What a d100 roll at `chance` needs, in words, for a person rolling it by hand (issue 33):
    the success, special and fumble ranges of `level_of` (§5.5, B5, B6), e.g. "55 or less to
    hit; 11 or less special; 99 or more fumbles"."""
    fumble = fumble_from(chance)
    success = min(max(chance, data.tables()["always_succeeds"]), fumble - 1)
    parts = [f"{success} or less {goal}"]
    if chance > 0:
        parts.append(f"{special_threshold(chance)} or less special")
    parts.append(f"{fumble} or more fumbles" if fumble < 100 else "100 fumbles")
    return "; ".join(parts)
