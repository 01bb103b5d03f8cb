"""Experience and levels (seed "Experience and Level Gain"; rules 224-230; SAM-A46; T-SAM-6,
T-SAM-35 to T-SAM-37). The figures are in `data/experience.yaml`.

At the end of a fight each side is awarded its experience for the encounter (`award`): 100 x
(enemy level / your level) for each enemy defeated, the whole side alike (rules 225, 227;
"defeated" is out of the fight however: down, dead, fled, Broken or possessed by its foes);
a side that was itself defeated also has the "Defeated by Enemy" 100 (rule 225, F-SAM-101);
a winner who won single-handedly has the Major Achievement's +50 (rule 229). Each gain is
applied by rule 224 (`gain`): a level at 1,000, the overflow halved.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from fracas.core.combatant import Status
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.reading import load_yaml
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState


@cache
def table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "experience.yaml").read_text("utf-8")
    found: dict[str, Any] = load_yaml(text)
    return found


class Figures:
    """The table's figures every battle's end reads (`per_level`, the enemy award, the rows
    of awards), read once from `table()` for the process (issue 35: `table()` is a cached
    function, a call through the interpreter and two string look-ups at each award)."""

    __slots__ = ("awards", "enemy", "per_level")

    def __init__(self, found: dict[str, Any]) -> None:
        self.per_level: int = found["per_level"]
        self.awards: dict[str, int] = dict(found["awards"])
        self.enemy: int = self.awards["enemy"]


FIGURES: Final[list[Figures]] = []  # `figures()`, made at the first award


def figures() -> Figures:
    """`Figures` of `table()`, made once."""
    if not FIGURES:
        FIGURES.append(Figures(table()))
    return FIGURES[0]


def gain(level: int, xp: int, amount: int) -> tuple[int, int]:
    """Rules 224, 226 (T-SAM-6): add `amount` (never negative); at 1,000 a level, the count
    drops to zero and what is left over is halved, rounded down (SAM-A46); one level at most
    for one gain."""
    per = figures().per_level
    total = xp + max(0, amount)
    if total < per:
        return level, total
    return level + 1, (total - per) // 2


def enemy_award(enemy_levels: list[int], level: int) -> int:
    """Rules 225, 227 (SAM-A46): 100 x (enemy level / your level) per enemy defeated, the
    Encounter and Enemy Defeated rows one award; CR counts as level; summed, rounded down."""
    per = figures().enemy
    # the fractions share the denominator `level`: their sum, truncated as `int` does, in
    # compiled integers (a `Fraction` is interpreted; the levels added in a loop, not by the
    # generic `sum`)
    total = 0
    for n in enemy_levels:
        total += n
    q, r = divmod(per * total, level)
    return q + 1 if q < 0 and r != 0 else q


def award(name: str) -> int:
    """Rule 225: a row of the XP table by name (`minor achievement`, `adventure completed`)."""
    return figures().awards[name]


def rescue(goal: bool) -> int:
    """Rule 229 (T-SAM-36): rescuing a prisoner is a Major Achievement (50), or Adventure
    Completed (200) if the rescue was the adventure's goal."""
    return award("adventure completed" if goal else "major achievement")


@dataclass(frozen=True, slots=True)
class Level:
    """A row of the level table (rule 230)."""

    level: int
    max_ranks: int
    fast_bonus: int
    fast_techniques: int
    staggered_bonus: int
    staggered_techniques: int
    bonus_rank: int
    boost: int


@cache
def levels() -> dict[int, Level]:
    return {int(k): Level(level=int(k), **row) for k, row in table()["levels"].items()}


def boost_allowed(ability: str, boosts: list[str], above_average: set[str]) -> str:
    """Rule 230 (T-SAM-37): may the next ability boost raise `ability`, after the boosts
    already taken (in order)? Endurance is not in the seed's list; not the ability boosted
    last ("two increases in a row"); the 4th boost not an ability the character started
    with above average (above 3, RULINGS.md S1). Returns "" or the reason it may not."""
    if ability not in table()["boostable"]:
        return f"{ability} is not among the abilities a boost raises (rule 230)"
    if boosts and boosts[-1] == ability:
        return f"{ability} was boosted last time: not twice in a row (rule 230)"
    if len(boosts) == 3 and ability in above_average:
        return f"the 4th boost cannot raise {ability}, above average at the start (rule 230)"
    return ""


def defeated(state: SamState, f: Fighter) -> bool:
    """Rule 227: out of the fight however ("knocked unconscious, caused to flee, detained"):
    down, dead, fled, Broken, or its body fighting for another side."""
    return f.present and (not f.active or f.broken or state.camp(f) != f.side)


def character_less(f: Fighter) -> bool:
    """Rule 224: experience is a character's: a mount or another animal, and an object
    (rule 171), earn none and are no member of the party (issue 31)."""
    return f.animal or f.inanimate


def encounter(table: Table, state: SamState, winner: str | None) -> None:
    """Rules 225-229 at the end of a fight: each side's experience for the encounter."""
    for side in state.sides:
        mine = [f for f in state.fighters() if f.side == side.name and f.present
                and not character_less(f)]  # fmt: skip
        foes = [f for f in state.fighters() if f.side != side.name and defeated(state, f)]
        lost = (winner is not None and winner != side.name) or all(defeated(state, f) for f in mine)
        dealt = [f for f in mine if f.damage_dealt > 0]
        alone = winner == side.name and len(mine) > 1 and len(dealt) == 1
        for f in mine:
            if f.status is Status.DEAD:
                continue
            beaten = lost and f.tried  # rule 228: only for a real attempt to win
            parts = side_awards(f, [e.level for e in foes], beaten, alone and f is dealt[0])
            settle(table, f, parts)


def side_awards(f: Fighter, enemies: list[int], lost: bool, alone: bool) -> list[tuple[str, int]]:
    """Rule 225 (SAM-A46), 227 (the whole side alike), 229 (single-handed +50); F-SAM-101:
    a defeated side has "Defeated by Enemy" besides the enemies it defeated."""
    parts: list[tuple[str, int]] = []
    if enemies:
        parts.append((f"{len(enemies)} enemies defeated", enemy_award(enemies, f.level)))
    if lost:
        parts.append(("defeated by enemy", award("defeated by enemy")))
    if alone:
        parts.append(("won single-handedly, a major achievement", award("major achievement")))
    return parts


def settle(table: Table, f: Fighter, parts: list[tuple[str, int]]) -> None:
    """Rule 224: the gain applied; the event for the narration."""
    amount = sum(n for _, n in parts)
    before = f.level
    f.level, f.xp = gain(f.level, f.xp, amount)
    if table.observed:
        reasons = ", ".join(f"{why} {n}" for why, n in parts) or "nothing defeated"
        table.emit(ev.Experience, who=f.name, gained=amount, reasons=reasons, level=f.level,
                   xp=f.xp, levelled=f.level > before, audience=f.audience)  # fmt: skip


rebuilt_by_constructor(Level)  # copies of a state (core.immutable)
