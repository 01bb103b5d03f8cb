"""What every ruleset's fighters share: identity, side, position, and the tallies the
summary and the simulator read. Ruleset state subclasses these (plain slotted dataclasses,
not validated models: fight state is updated constantly and must be cheap)."""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from fracas.core.audience import EVERYONE, side_audience
from fracas.core.audience import GM as GM_AUDIENCE
from fracas.core.counts import Counts
from fracas.core.geometry import Position
from fracas.core.immutable import copy_fields, rebuilt_by_constructor
from fracas.core.outcome import EVERYONE_DOWN, ONE_SIDE_LEFT, Verdict


class Status(enum.Enum):
    """Whether a combatant is still in the fight; the ruleset decides the transitions."""

    ACTIVE = "active"
    DOWN = "down"  # unconscious, incapacitated, dying: out of the fight but alive
    DEAD = "dead"
    FLED = "fled"
    SURRENDERED = "surrendered"
    CAPTURED = "captured"

    @property
    def out(self) -> bool:
        """Out of the fight for good or for now: anything but active."""
        return self is not Status.ACTIVE


# Rulesets (compiled or not) subclass it: keep it open to interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, eq=False)
class Combatant:
    """A fighter. Identity is the object (eq=False); `id` is unique within a battle."""

    id: str
    name: str
    side: str
    position: Position = field(default_factory=Position)
    status: Status = Status.ACTIVE
    # Bindings for dice notation rolled by this combatant, e.g. {"db": "1D4"}.
    dice_vars: dict[str, str] = field(default_factory=dict)
    damage_dealt: int = 0
    damage_taken: int = 0
    went_down: bool = False  # set by the ruleset whenever the combatant leaves the fight
    # Unknown to the other sides (an ambusher); the ruleset reveals it (core `Revealed`).
    hidden: bool = False
    # Who decides for it when another mind controls it (a possession): that combatant's name
    # and side; their seats and controller answer for it (core seats). Empty: its own.
    controller: str = ""
    controller_side: str = ""

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def audience(self) -> str:
        """Who may see what this combatant does: everyone, or only its own side while hidden."""
        return side_audience(self.side) if self.hidden else EVERYONE

    @property
    def decider(self) -> str:
        return f"combatant:{self.id}"

    def __str__(self) -> str:
        return self.name

    def __deepcopy__(self, memo: dict[int, Any]) -> Combatant:
        return copy_fields(self, memo)  # every field, of the subclass too (core.immutable)


def last_side_standing(state: BattleState) -> Verdict | None:
    """The core's end of a fight: None while two or more sides have someone active; else the
    side left (or nobody). Compiled here, as every battle asks it after every round."""
    standing: str | None = None
    for side in state.sides:
        for c in side.combatants:
            if c.active:
                if standing is not None:
                    return None
                standing = side.name
                break
    if standing is not None:
        return Verdict(standing, ONE_SIDE_LEFT)
    return Verdict(None, EVERYONE_DOWN)


def new_tally() -> Counter[str]:
    """An empty tally for a battle's state: a `Counts` (`core.counts`), the `Counter` whose
    item assignment is the dictionary's C slot (`tally[key] += 1` cost about 1,000
    instructions on a plain `Counter`; issue 35). Not called: `Counter.__init__` is interpreted
    and runs `update` on nothing, which cost more than the rest of building a duel's state
    (issue 10); an empty one needs none of it."""
    tally: Counter[str] = NEW_COUNTS(COUNTS)
    return tally


# `Counts` and its `__new__` (`dict`'s), held as C statics (Final): read from the interpreted
# class each battle, they were two generic look-ups, about 500 instructions (issue 35)
COUNTS: Final = Counts
NEW_COUNTS: Final = Counts.__new__


def add_counts(tally: Counter[str], counts: dict[str, int]) -> None:
    """Add `counts` to a battle's tally. Setting a plain `Counter`'s item is a Python call (the
    class defines `__delitem__`, so its item slot is Python's: about 1,000 instructions a key,
    issue 35; `new_tally`'s `Counts` has the dictionary's); `dict.update` writes the
    dictionary underneath in C, whichever it is. The sums are those `+=` gives.
    An empty tally (a simulated battle's, as it ends) takes the counts as they are."""
    if not tally:
        dict.update(tally, counts)
        return
    merged: dict[str, int] = {}
    for key, n in counts.items():
        merged[key] = tally.get(key, 0) + n
    dict.update(tally, merged)


def fresh_counts(names: tuple[str, ...]) -> list[int]:
    """A battle's kept counts of `names` (issue 35): a ruleset's commonest counts are kept as
    integers on its state during the fight and written into the tally as it ends
    (`write_kept_counts`): a list item is a C read and write, where even `new_tally`'s `Counts`
    reads an item through Python's generic slot (about 630 instructions) and a new key through
    the interpreted `Counter.__missing__`. Each starts at -1, "not counted": a `Counter`'s
    `+= 0` makes a key at 0, which the tally keeps, so a count of 0 must still be written."""
    return [-1 for _ in names]  # (sized once, compiled: `*` is a generic call)


def add_count(counts: list[int], index: int, n: int = 1) -> None:
    """`n` more of the kept count at `index` (0 counts it as seen: the tally will show it).
    (Not `counts[index] += n`: compiled, an augmented assignment to a list's item is Python's
    generic in-place add.)"""
    c = counts[index]
    counts[index] = (c if c > 0 else 0) + n


def write_kept_counts(tally: Counter[str], names: tuple[str, ...], counts: list[int]) -> None:
    """Add the kept counts to the tally (the fight is over), and start them again, uncounted."""
    found: dict[str, int] = {}
    for i in range(len(counts)):
        if counts[i] >= 0:
            found[names[i]] = counts[i]
            counts[i] = -1
    add_counts(tally, found)


def record_harm(target: Combatant, amount: int, by: Combatant | None = None) -> None:
    """Bookkeeping for the summary and the simulator: `amount` taken by `target` and dealt by
    `by` (if anyone dealt it)."""
    target.damage_taken += amount
    if by is not None:
        by.damage_dealt += amount


# Rulesets (compiled or not) subclass it: keep it open to interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, init=False)
class Side:
    """A side of the fight, in encounter order. A side decides some things as one (group
    initiative, which of its characters acts): it is then the decider of a question."""

    name: str
    combatants: list[Combatant]

    def __init__(self, name: str = "", combatants: list[Combatant] | None = None) -> None:
        """Built for every battle: its own `__init__`, compiled (the dataclass module's stays
        interpreted; issue 10). No argument is required: a copy starts from a blank one."""
        self.name = name
        self.combatants = combatants if combatants is not None else []

    def active(self) -> Iterator[Combatant]:
        return (c for c in self.combatants if c.active)

    @property
    def audience(self) -> str:
        """What a side decides as one is its own business (and the GM's)."""
        return side_audience(self.name)

    @property
    def decider(self) -> str:
        return f"side:{self.name}"

    def __str__(self) -> str:
        return self.name

    def __deepcopy__(self, memo: dict[int, Any]) -> Side:
        return copy_fields(self, memo)  # every field, of the subclass too (core.immutable)


Member = TypeVar("Member", bound=Combatant)


def cloned_sides(
    template: Sequence[Side], kind: type[Member], clone: Callable[[Member], Member]
) -> list[Side]:
    """A battle's sides from an encounter's template: each combatant (a `kind`) copied by
    `clone`, the ruleset's own (the fast style's template copy: OD&D, Spelljammer,
    SemiAutoMagic)."""
    sides: list[Side] = []
    for side in template:
        members: list[Combatant] = []
        for c in side.combatants:
            assert isinstance(c, kind)
            members.append(clone(c))
        sides.append(Side(side.name, members))
    return sides


SIDE_PREFIX: Final = side_audience("")  # "side:", the audience of one side before its name


class GameMaster:
    """The GM as the decider of a question (a ruling, a referee's choice)."""

    __slots__ = ()
    name = "GM"
    audience = GM_AUDIENCE
    decider = "gm"

    def __str__(self) -> str:
        return "the GM"


GM = GameMaster()

# Who decides a question: a combatant, a side, or the GM.
Decider = Combatant | Side | GameMaster


def asked_side(who: Decider) -> str | None:
    """Whose question it is: the side a question put to `who` belongs to (a controlled
    combatant is asked at its controller's side), or None for the GM's own."""
    if isinstance(who, GameMaster):
        return None
    if isinstance(who, Combatant):
        return who.controller_side or who.side
    return who.name


def asked_audience(side: str | None) -> str:
    """Who may see a question of `side` (`asked_side`): that side (and the GM), never the
    other sides (the options would betray its intent, or name a hidden ally); the GM's own,
    the GM only."""
    if side is None:
        return GM_AUDIENCE
    return SIDE_PREFIX + side  # `side_audience` written out: it is interpreted (issue 10)


# Rulesets (compiled or not) subclass it: keep it open to interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True)
class BattleState:
    """The fight as it stands; ruleset states subclass this."""

    sides: list[Side]
    round: int = 0
    # Counts of notable things in this battle (specials, parries, routs...), named by the
    # ruleset: the simulator reports their averages.
    tally: Counter[str] = field(default_factory=new_tally)  # a `Counts` (`core.counts`)

    # Who is on which side never changes during a battle, so these lists are built once.
    _enemies: dict[str, list[Combatant]] = field(default_factory=dict, repr=False)

    @property
    def combatants(self) -> list[Combatant]:
        return [c for s in self.sides for c in s.combatants]

    def side_of(self, c: Combatant) -> Side:
        return next(s for s in self.sides if s.name == c.side)

    def enemies_of(self, c: Combatant) -> list[Combatant]:
        """Every combatant of the other sides (a shared list: do not change it)."""
        found = self._enemies.get(c.side)
        if found is None:
            found = [e for s in self.sides if s.name != c.side for e in s.combatants]
            self._enemies[c.side] = found
        return found

    def allies_of(self, c: Combatant) -> list[Combatant]:
        return [a for a in self.side_of(c).combatants if a is not c]

    def join(self, side: Side, c: Combatant) -> None:
        """A late arrival (a GM command) joins `side`; lists built once are rebuilt."""
        side.combatants.append(c)
        self.forget()

    def forget(self) -> None:
        """Drop the lists built once from the sides (they changed)."""
        self._enemies.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> BattleState:
        return copy_fields(self, memo)  # every field, of the subclass too (core.immutable)


class _SideSheet(Protocol):
    """A side as an encounter model gives it: a name and combatant sheets with a `count`."""

    @property
    def name(self) -> str: ...

    @property
    def combatants(self) -> Sequence[Any]: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """One combatant to build: its side, its sheet, its unique name and id, and which of the
    sheet's `count` copies it is (0-based)."""

    side: str
    sheet: Any
    name: str
    id: str
    copy: int


def roster(sides: Sequence[_SideSheet]) -> Iterator[Entry]:
    """Every combatant of an encounter's sides, `count` copies expanded ("Cultist 1",
    "Cultist 2"...), names made unique across the battle, ids slugged from the names."""
    used: set[str] = set()
    for side in sides:
        for sheet in side.combatants:
            for k in range(sheet.count):
                name = f"{sheet.name} {k + 1}" if sheet.count > 1 else sheet.name
                unique, ident = name_and_id(name, used)
                yield Entry(side.name, sheet, unique, ident, k)


def name_and_id(name: str, used: set[str]) -> tuple[str, str]:
    """`name` made unique among `used` ("Cultist (2)"), added to it, and its id slugged."""
    unique, n = name, 2
    while unique in used:
        unique, n = f"{name} ({n})", n + 1
    used.add(unique)
    return unique, slug(unique) or f"c{len(used)}"


@cache
def slug(name: str) -> str:
    """A name as an id: lower case, runs of anything else than letters and digits as "-"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


rebuilt_by_constructor(Entry)  # copies of a state (core.immutable)
