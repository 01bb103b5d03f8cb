"""Shooting into melee (seed "Shooting Into Melee"; checklist rules 245–256; SJ-U45): who is
engaged around the target, the friend-or-foe roll, the low natural roll, and the friend the
shot turns on."""

from __future__ import annotations

from typing import Any, Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import data, space
from fracas.rulesets.spelljammer.events import IntoMelee
from fracas.rulesets.spelljammer.hitting import gap
from fracas.rulesets.spelljammer.state import Arm, Fighter, SjState

# Rules 246–247, 256: the table's figures, read once (issue 35: the policy weighs them for every
# shot; `data.tables` is read once a process).
_IM: Final[dict[str, Any]] = data.tables()["into_melee"]
MASTER_BOWMAN: Final = int(_IM["master_bowman"])
SPECIALIST: Final[list[int]] = [int(v) for v in _IM["specialist"]]
NATURAL: Final[list[int]] = [int(v) for v in _IM["natural"]]
FRIEND_OR_FOE: Final = "shooting into melee: friend or foe (rule 246)"
WHICH_FRIEND: Final = "shooting into melee: which friend (rule 254)"


def engaged(state: SjState, shooter: Fighter, target: Fighter) -> tuple[list[Fighter], int]:
    """SJ-U45: F = the shooter's allies within 5 ft of the target; O = the target plus its
    allies within 5 ft of those friends (as the segment started, F-SJ-1)."""
    fighters = state.fighters()
    friends = []
    for f in fighters:
        ally = f.side == shooter.side and f is not shooter and f.able
        if ally and gap(state, f, target) <= space.REACH:
            friends.append(f)
    foes = 1  # (the target; its allies counted, not listed: loops, no generator built per
    if not friends:  # ally, issue 35: the policy asks it of every missile pair it weighs)
        return friends, foes
    for e in fighters:
        if e.side == target.side and e is not target and e.able:
            for f in friends:
                if gap(state, e, f) <= space.REACH:
                    foes += 1
                    break
    return friends, foes


def bonus(shooter: Fighter, w: Arm | None = None) -> int:
    """Rules 246–247: weapon rank + 2 × Master Bowman rank, +5 specialist, +10 double."""
    w = w or shooter.weapon
    return w.rank + MASTER_BOWMAN * shooter.master_bowman + SPECIALIST[w.specialist]


def natural(shooter: Fighter, w: Arm | None = None) -> int:
    """Rule 256: a natural roll at or below this always turns on a friend (5; 3 specialist;
    1 double specialist)."""
    return NATURAL[(w or shooter.weapon).specialist]


def friend_chance(state: SjState, shooter: Fighter, target: Fighter, w: Arm | None = None) -> float:
    """The chance the shot turns on a friend (for the policy and the odds)."""
    friends, foes = engaged(state, shooter, target)
    if not friends:
        return 0.0
    top = max(data.friend_threshold(len(friends), foes) - bonus(shooter, w), natural(shooter, w))
    return min(100, max(0, top)) / 100


def resolve(table: Table, state: SjState, shooter: Fighter, target: Fighter) -> Fighter:
    """Rules 245–256: with friends engaged around the target, d100 + the bonus at or below
    the row's figure, or a natural roll at or below the low figure, turns the shot on a
    friend — chosen by a roll when there are several (SJ-U45). Returns whom the shot is at."""
    friends, foes = engaged(state, shooter, target)
    if not friends:
        return target
    roll = table.roll("1d100", by=shooter, reason=FRIEND_OR_FOE).total
    plus = bonus(shooter)
    needed = data.friend_threshold(len(friends), foes)
    low = natural(shooter)
    now = target
    if roll + plus <= needed or roll <= low:
        pick = 0
        if len(friends) > 1:
            pick = table.roll(f"1d{len(friends)}", by=shooter, reason=WHICH_FRIEND).total - 1
        now = friends[pick]
        state.tally["shots into melee: friend"] += 1
    else:
        state.tally["shots into melee: foe"] += 1
    if table.observed:
        table.emit(
            IntoMelee, who=shooter.name, target=target.name, friends=len(friends), foes=foes,
            roll=roll, bonus=plus, needed=needed, natural=low, now=now.name,
        )  # fmt: skip
    return now
