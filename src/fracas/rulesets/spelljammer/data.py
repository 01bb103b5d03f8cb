"""The Spelljammer tables (seed 004, RULINGS.md §5, checklist spelljammer.md), read once from
`data/*.yaml` so that a game master can replace them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.reading import load_yaml

KINDS = ("melee", "thrown", "bow", "crossbow", "hand_crossbow")
CLASSES = ("A", "B", "C")


@dataclass(frozen=True, slots=True)
class WeaponData:
    """A weapon row: damage dice, class A/B/C (P10), kind (rules 234–236), range in squares."""

    name: str
    damage: str
    kind: str
    weapon_class: str
    range: int = 1
    penetrating: bool = False
    hands: int = 1
    stuck: str = ""  # rules 238–242: the stuck-missile row (arrow, javelin, spear)

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return load_yaml(text)


@cache
def tables() -> dict[str, Any]:
    found: dict[str, Any] = _read("tables.yaml")
    return found


@cache
def weapons() -> dict[str, WeaponData]:
    rows: dict[str, dict[str, Any]] = _read("weapons.yaml")
    out = {}
    for name, row in rows.items():
        fields = {k: v for k, v in row.items() if k != "class"}
        w = WeaponData(name=name, weapon_class=str(row["class"]), **fields)
        if w.stuck and (w.stuck not in tables()["stuck"] or not w.ranged or not w.penetrating):
            raise ValueError(f"weapons.yaml: {name!r} sticks as {w.stuck!r} (rule 238)")
        if w.kind not in KINDS or w.weapon_class not in CLASSES:
            raise ValueError(f"weapons.yaml: {name!r} has kind {w.kind!r} / class {w.weapon_class}")
        out[name] = w
    return out


@cache
def templates() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = _read("bestiary.yaml")
    return found


@cache
def critical_bands() -> tuple[tuple[int, int, int], ...]:
    """Rules 39–59: (lowest modified SC, top grievous number, top critical number)."""
    return tuple((int(a), int(b), int(c)) for a, b, c in tables()["critical"])


CRITICAL_BANDS: Final = critical_bands()  # read once: every attack and every plan reads it


# `critical_band` by modified SC, as asked (issue 35: every attack and every expected harm
# reads it; the table is read once, `CRITICAL_BANDS`, so the answer never changes).
BANDS: Final[dict[int, tuple[int, int]]] = {}


def critical_band(modified: int) -> tuple[int, int]:
    """Rules 39–59, SJ-U9: (grievous top, critical top) for a modified SC; (0, 0) at 0 or
    below, where the table has no band."""
    found = BANDS.get(modified)
    if found is None:
        found = BANDS[modified] = band_of(modified)
    return found


def band_of(modified: int) -> tuple[int, int]:
    """`critical_band` read from the table: the last band whose lowest SC it reaches."""
    found = (0, 0)
    for low, grievous, critical in CRITICAL_BANDS:
        if modified >= low:
            found = (grievous, critical)
    return found


def stun_threshold(con: int) -> int:
    """Rules 71, 73–82 (P11): stunned when damage taken exceeds this: CON itself up to the
    human maximum 25, the seed's table for 26–35, then 2·CON − 25."""
    if con <= 25:
        return con
    table: dict[int, int] = tables()["stun"]
    return int(table[con]) if con in table else 2 * con - 25


def initiative_die(n: int) -> int:
    """Rules 14–17 (P12): the die of the n-th attack (0-based): d10, d8, d6, d4, d3, d2."""
    dice: list[int] = tables()["initiative_dice"]
    return int(dice[min(n, len(dice) - 1)])


def dex_im(dex: int) -> int:
    """The initiative modifier of a DEX score: RULINGS.md §5.2 P2's PROPOSED table (the seed
    gives none); a sheet's own `IM` overrides it."""
    for top, im in tables()["dex_im"]:
        if dex <= int(top):
            return int(im)
    return int(tables()["dex_im"][-1][1])


def mage_casting_time(rank: int, knowledge: str) -> int:
    """Rules 121–127: a mage spell's casting time by rank and GK/SK."""
    for top, gk, sk in tables()["mage_casting"]:
        if rank <= int(top):
            return int(gk if knowledge == "GK" else sk)
    raise ValueError(f"rank {rank} is beyond the casting-time table")


@cache
def wound_levels() -> tuple[tuple[int, int, str], ...]:
    """Rules 88–92 (S-C2): (hit points at or below, modifier, name), worst first."""
    return tuple((int(a), int(b), str(c)) for a, b, c in tables()["wounds"])


@dataclass(frozen=True, slots=True)
class Wound:
    """SJ-U13's effect vocabulary (issue 30: every effect the campaign's rows name): hit
    points now, bleeding a round, TMR lost, DEX lost (a negative number) and a disabled arm
    (`primary`: the weapon arm, its weapon then in the other hand; `off`: the shield arm)."""

    hp: int
    bleed: int
    tmr: int
    words: str
    dex: int = 0
    arm: str = ""


def wound_row(row: Any) -> tuple[int, Wound]:
    """A row of a grievous-wound table: the list form `[top, hp, bleeding, TMR, words]` or a
    mapping `{to, hp, bleed, tmr, dex, arm, words}` (a GM's pasted table)."""
    if isinstance(row, dict):
        arm = str(row.get("arm", ""))
        if arm not in ("", "primary", "off"):
            raise ValueError(f"grievous wound row {row}: `arm` is primary or off, not {arm!r}")
        return int(row["to"]), Wound(
            int(row.get("hp", 0)), int(row.get("bleed", 0)), int(row.get("tmr", 0)),
            str(row.get("words", "")), int(row.get("dex", 0)), arm,
        )  # fmt: skip
    top, hp, bleed, tmr, words = row
    return int(top), Wound(int(hp), int(bleed), int(tmr), str(words))


def grievous_wound(weapon_class: str, face: int) -> Wound:
    """SJ-U13: the wound for a d100 face on the class's table (two Puncture rows sourced, the
    rest PLACEHOLDER)."""
    for row in tables()["grievous_wounds"][weapon_class]:
        top, wound = wound_row(row)
        if face <= top:
            return wound
    raise ValueError(f"no grievous wound row for {face}")


# `friend_threshold` by friends and foes, as asked (issue 35: the policy asks it for every
# shot it weighs; `tables` is read once a process, so the answer never changes).
THRESHOLDS: Final[dict[tuple[int, int], int]] = {}


def friend_threshold(friends: int, foes: int) -> int:
    """Rules 248–253, SJ-U45: a shot into melee at or below this turns on a friend — the
    printed row, else 30 + 10(F − 1) − 10(O − 1), clamped to 10–50."""
    key = (friends, foes)
    found = THRESHOLDS.get(key)
    if found is None:
        found = THRESHOLDS[key] = threshold_of(friends, foes)
    return found


def threshold_of(friends: int, foes: int) -> int:
    """`friend_threshold` read from the table."""
    t = tables()["into_melee"]
    for f, o, at in t["rows"]:
        if (f, o) == (friends, foes):
            return int(at)
    value = int(t["base"]) + int(t["per_friend"]) * (friends - 1) + int(t["per_foe"]) * (foes - 1)
    return max(int(t["least"]), min(int(t["most"]), value))


rebuilt_by_constructor(WeaponData, Wound)  # copies of a state (core.immutable)
