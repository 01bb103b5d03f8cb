"""Cover as an object (seed "Cover", "Hitting the Cover"; rules 103-106; SAM-A42; T-SAM-14).

Only cover given as an object (`cover_object` in a stat block: "if it is ever important to
determine if the cover gets hit") can be hit; plain cover stays a Target bonus (rule 100).

- The cover is hit when the attack total would have hit the uncovered target: total >=
  Target - the cover's bonus, and below the full Target (SAM-A42, the ≥ convention). Total
  cover cannot be gone round: every such total hits the cover (rule 102).
- The attack's damage against the cover's Toughness: beating it (damage >= Toughness, as C1)
  lowers the cover one step (total → heavy → medium → light → none) and the attack goes on,
  without a new attack roll, against the target, who may defend and uses the better of its
  Defence and the cover's Durability (rule 105; F-SAM-63). Above Minimum Toughness it is a
  wound on the cover (its Toughness and Minimum 1 lower), which also reaches the target at
  -3 damage (rule 106; option `cover_wound_hits_target`).
"""

from __future__ import annotations

import math
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, model
from fracas.rulesets.semiautomagic import events_geometry as ev
from fracas.rulesets.semiautomagic.state import CoverObject, Fighter, SamState

STEPS: Final[list[str]] = data.tables()["cover_steps"]
OBJECT_ENDURANCE: Final = 3  # rule 163: "objects ... are treated as having an endurance of 3"
THROUGH_WOUND: Final = 3  # rule 106: a wound to the cover reaches the target at -3 damage
Box = tuple[float, float, float, float]  # x0, x1, y0, y1


def build(spec: model.CoverSpec | None) -> CoverObject | None:
    """Rule 163: an object's Toughness is 6 + 3 x scale + END 3 + its Durability (rule 164),
    unless the encounter gives it; Minimum Toughness 6 less."""
    if spec is None:
        return None
    tough = spec.toughness
    if tough is None:
        tough = 6 + 3 * spec.scale + OBJECT_ENDURANCE + spec.durability
    return CoverObject(tough, tough - 6, spec.durability)


def bonus(step: int) -> int:
    """What the cover adds to the Target (rule 100); total cover hides the target, +4
    (rules 102, 112)."""
    if step >= len(STEPS) - 1:
        return int(data.tables()["invisible_target"])
    return int(data.tables()["cover_target"][STEPS[step]])


def takes(t: Fighter, step: int, total: int, target: int, hit: bool, literal: bool) -> bool:
    """Rule 103, SAM-A42: does an attack total hit the cover object (and not the target)?
    The cover is hit from Target - its bonus up; option `cover_hit_literal`: only a miss "by
    less than the bonus" (from Target - bonus + 1)."""
    if t.cover_object is None or step == 0:
        return False
    least = target - bonus(step) + (1 if literal else 0)
    if step >= len(STEPS) - 1:  # total cover: every attack goes through it (rule 102)
        return total >= least
    return not hit and total >= least


def struck(
    table: Table, state: SamState, attacker: Fighter, t: Fighter, damage: int
) -> tuple[int, bool]:
    """Rules 104-106: the damage on the cover in front of `t`. Returns the damage that goes on
    to `t` (the whole of it when the cover is beaten, 3 less on a wound to the cover, 0 when
    nothing gets through) and whether the cover was beaten; the caller applies the hit."""
    obj = t.cover_object
    assert obj is not None
    beaten = False
    before, tough = t.cover, obj.toughness
    state.tally["cover hit"] += 1
    if damage >= obj.toughness:  # rule 104: big holes, one step down; rule 105: through
        t.cover = STEPS[max(0, STEPS.index(t.cover) - 1)]
        wound_cover(obj)
        beaten = True
        on, what = damage, f"beaten: {before} cover becomes {t.cover}; the attack goes on"
    elif damage > obj.minimum:  # rule 106
        wound_cover(obj)
        on = max(0, damage - THROUGH_WOUND) if state.options.cover_wound_hits_target else 0
        what = "wounded" + (f": {on} damage goes through (−3, rule 106)" if on else "")
    else:
        on, what = 0, "holds"
    if t.cover == "none":
        t.cover_object = None
    if table.observed:
        table.emit(ev.CoverStruck, attacker=attacker.name, target=t.name, damage=damage,
                   toughness=tough, what=what, through=on > 0)  # fmt: skip
    return on, beaten


def wound_cover(obj: CoverObject) -> None:
    """Rule 165 for objects (rule 171: they do not heal): a wound lowers both by 1."""
    obj.toughness -= 1
    obj.minimum -= 1


def durability_bonus(t: Fighter, obj: CoverObject | None) -> int:
    """Rule 105 (SAM-A42): the cover's Durability as a Defence bonus that does not stack with
    armour: what it adds to the target's Toughness for that hit."""
    if obj is None:
        return 0
    return max(0, obj.durability - t.defence)


def boxes(t: Fighter) -> list[Box]:
    """Where `t`'s cover object stands, for an area attack (rule 75; F-SAM-120): a strip half
    a square deep along its footprint's side toward `cover_toward` (its direction rounded to
    the nearest of eight, a corner's two sides), or along all four sides when the cover is
    all round."""
    x0, x1 = t.position.x - t.square / 2, t.position.x + t.square / 2
    y0, y1 = t.position.y - t.square / 2, t.position.y + t.square / 2
    d = t.square / 2
    strips = {(1, 0): (x1, x1 + d, y0, y1), (-1, 0): (x0 - d, x0, y0, y1),
              (0, 1): (x0, x1, y1, y1 + d), (0, -1): (x0, x1, y0 - d, y0)}  # fmt: skip
    if t.cover_toward is None:
        return list(strips.values())
    angle = round(math.atan2(t.cover_toward[1], t.cover_toward[0]) / (math.pi / 4)) * math.pi / 4
    sx, sy = round(math.cos(angle)), round(math.sin(angle))
    return [strips[k] for k in ((sx, 0), (0, sy)) if k in strips]


def blasted(table: Table, state: SamState, attacker: Fighter, t: Fighter, damage: int) -> None:
    """Rule 75 ("all viable targets (typically all creatures and objects) in the area"), rules
    104 and 171: an area's damage roll on the cover object in it, which does not defend: at
    or above its Toughness it is beaten a step down (and wounded), above its Minimum wounded,
    else it holds. Nothing goes on through it: whoever is behind is caught or not by the
    area itself (F-SAM-120)."""
    obj = t.cover_object
    assert obj is not None
    before, tough = t.cover, obj.toughness
    state.tally["cover hit"] += 1
    if damage >= obj.toughness:
        t.cover = STEPS[max(0, STEPS.index(t.cover) - 1)]
        wound_cover(obj)
        what = f"beaten: {before} cover becomes {t.cover} (rule 104)"
    elif damage > obj.minimum:
        wound_cover(obj)
        what = "wounded"
    else:
        what = "holds"
    if t.cover == "none":
        t.cover_object = None
    if table.observed:
        table.emit(ev.CoverStruck, attacker=attacker.name, target=t.name, damage=damage,
                   toughness=tough, what=what, through=False, area=True)  # fmt: skip
