"""Death, damage and dying (seed "Death, Damage, and Healing", "Conditions"; rules 53-54, 88,
91, 165-167, 172, 201; RULINGS.md C1, C2; SAM-A25, SAM-A27, SAM-A32, SAM-A33)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fracas.core.combatant import Status, record_harm
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import called
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.needs import d6, d6_needs
from fracas.rulesets.semiautomagic.state import WOUNDS, Fighter, SamState

NO_EFFECT: Final = "no effect"
WOUND: Final = "wound"
DYING: Final = "dying"


@dataclass(slots=True, init=False)
class Hit:
    """One hit that got through, waiting to be applied with the rest of its combo. Its own
    `__init__` (compiled, the fast style); copied through it (`rebuilt_by_constructor`)."""

    attacker: Fighter
    target: Fighter
    damage: int
    nonlethal: bool
    region: str  # a called shot's region (rules 116-124)
    bonus: int  # rule 105: the cover's Durability as Defence, added for this hit only

    def __init__(
        self,
        attacker: Fighter,
        target: Fighter,
        damage: int,
        nonlethal: bool,
        region: str = "",
        bonus: int = 0,
    ) -> None:
        self.attacker, self.target, self.damage = attacker, target, damage
        self.nonlethal, self.region, self.bonus = nonlethal, region, bonus


def floored(table: Table, who: Fighter, damage: int, what: str) -> int:
    """F-SAM-111 (issue 31): damage is never negative: a total below 0 (a small creature's
    3 x scale, a weapon's wounds, a dodge's −3) counts as 0, and the log says so."""
    if damage >= 0:
        return damage
    if table.observed:
        table.emit(ev.Did, who=who.name, what=f"{what}: −{-damage} damage counts as 0 "
                   "(damage is never negative, F-SAM-111)")  # fmt: skip
    return 0


def effect(damage: int, toughness: int, minimum: int, wound_on_equal: bool) -> str:
    """Step 3 (rules 53-54, C1, SAM-A27): damage >= Toughness starts dying (with a wound);
    damage > Minimum Toughness is a wound (>= with the option `wound_on_equal`)."""
    if damage >= toughness:
        return DYING
    if damage > minimum or (wound_on_equal and damage == minimum):
        return WOUND
    return NO_EFFECT


def apply_all(table: Table, state: SamState, hits: list[Hit]) -> dict[int, str]:
    """Rules 88, 91 (T-SAM-1): every hit of one combo against the Toughness from before the
    combo, each on its own (never summed); then all results at once (SAM-A25). Returns each
    hit's effect by its index."""
    if not hits:
        return {}  # every blow missed or was negated: nothing to apply (no dicts built)
    if len(hits) == 1:
        return apply_one(table, state, hits[0])
    before = {id(h.target): (h.target.toughness, h.target.min_toughness) for h in hits}
    wound_on_equal = state.wound_on_equal  # (read once at setup, `SamState`)
    found: dict[int, str] = {}
    levels: dict[int, str] = {}
    for i, h in enumerate(hits):
        tough, least = before[id(h.target)]
        tough, least = tough + h.bonus, least + h.bonus  # rule 105 (SAM-A42)
        if h.region:  # rules 116-124: the region's row, against the adjusted Toughness
            levels[i] = called.severity(h.region, h.damage, tough, least, wound_on_equal)
            found[i] = called.wound_effect(h.region, levels[i])
        else:
            found[i] = effect(h.damage, tough, least, wound_on_equal)
        if table.observed:
            struck(table, h, tough, least, found[i])
    for target in {id(h.target): h.target for h in hits}.values():
        mine = [(h, found[i]) for i, h in enumerate(hits) if h.target is target]
        settle(table, state, target, mine)
    for i, level in levels.items():
        h = hits[i]
        called.after(table, state, h.target, h.region, level, h.damage)
    return found


def apply_one(table: Table, state: SamState, h: Hit) -> dict[int, str]:
    """`apply_all` of a lone hit (a single attack, the usual case; issue 35: no dictionaries
    of Toughness, results and levels built for one hit): the same steps in the same order,
    its effect against the Toughness before it (rule 105's bonus, a called shot's row), the
    log, the settling, then a called shot's aftermath (rules 116-124)."""
    t = h.target
    tough, least = t.toughness + h.bonus, t.min_toughness + h.bonus  # rule 105 (SAM-A42)
    level = ""
    if h.region:  # rules 116-124: the region's row, against the adjusted Toughness
        level = called.severity(h.region, h.damage, tough, least, state.wound_on_equal)
        result = called.wound_effect(h.region, level)
    else:
        result = effect(h.damage, tough, least, state.wound_on_equal)
    if table.observed:
        struck(table, h, tough, least, result)
    settle(table, state, t, [(h, result)])
    if h.region:
        called.after(table, state, t, h.region, level, h.damage)
    return {0: result}


def struck(table: Table, h: Hit, tough: int, least: int, result: str) -> None:
    """The hit in the log, against the Toughness it was measured against: a called shot's
    adjusted by its region (T-SAM-13: a head shot on 9/3 against 6/0; issue 31 item 7)."""
    if h.region:
        adj = called.row(h.region)["toughness"]
        tough, least = tough + adj, least + adj
        sign = f"{adj:+d}".replace("-", "−")
        result += f" (called shot at the {h.region}, Toughness {sign}, rule 116)"
    table.emit(ev.Struck, attacker=h.attacker.name, target=h.target.name, damage=h.damage,
               toughness=tough, minimum=least, effect=result)  # fmt: skip


def settle(table: Table, state: SamState, t: Fighter, mine: list[tuple[Hit, str]]) -> None:
    """One target's share of a combo, applied at once (SAM-A25)."""
    if t.inanimate:
        settle_object(table, state, t, mine)  # rule 171
        return
    wounding = [(h, e) for h, e in mine if e != NO_EFFECT]
    if not wounding:
        return
    was_dying = t.dying
    for h, _ in wounding:
        record_harm(t, 1, h.attacker)
        t.harmed_by = h.attacker.id  # SAM-A45: whom a confused creature dislikes by default
    wound(table, state, t, len(wounding))
    lethal = [h for h, e in wounding if not h.nonlethal]
    sends = [h for h, e in wounding if e == DYING]
    if was_dying:  # rule 166: a wound while dying kills; SAM-A33: nonlethal knocks out
        if lethal:
            die(table, state, t, "wounded while dying (rule 166)")
        else:
            knock_out(table, state, t)
        return
    if not sends:
        return
    if all(h.nonlethal for h in sends):  # SAM-A33: would-be-fatal nonlethal
        knock_out(table, state, t)
    elif state.options.combo_wound_kills_dying and len(wounding) > 1 and lethal:
        start_dying(table, state, t)
        die(table, state, t, "a further wound in the same combo (option, SAM-A25)")
    else:
        start_dying(table, state, t)


def wound(table: Table, state: SamState, t: Fighter, n: int) -> None:
    """Rules 165, 173 (S11): each wound lowers Toughness and Minimum Toughness by 1."""
    t.wounds += n
    t.toughness -= n
    t.min_toughness -= n
    if t.asleep:  # rule 191 (F-SAM-107): a wound wakes a sleeper, flat-footed a round
        t.asleep, t.flat_footed = False, True
    state.count(WOUNDS, n)
    if table.observed:  # (a keyword call builds its dictionary even when nobody reads it)
        table.emit(
            ev.Wounded, who=t.name, wounds=t.wounds, toughness=t.toughness, minimum=t.min_toughness
        )


def start_dying(table: Table, state: SamState, t: Fighter) -> None:
    """Rules 54, 166 (C1, C2): dying and unconscious; checks from DC 4 (or 6, option)."""
    t.dying, t.unconscious, t.stable = True, True, False
    t.dying_dc = state.options.dying_dc
    t.status, t.went_down = Status.DOWN, True
    state.tally["dying"] += 1
    table.emit(ev.Fell, who=t.name, how="is dying", rule="damage >= Toughness (rule 54, C1)")


def knock_out(table: Table, state: SamState, t: Fighter) -> None:
    """SAM-A33: a nonlethal hit that would start dying, or kill, knocks out instead."""
    t.dying, t.unconscious = False, True
    t.status, t.went_down = Status.DOWN, True
    state.tally["knocked out"] += 1
    table.emit(ev.Fell, who=t.name, how="is knocked out", rule="nonlethal (rule 201, SAM-A33)")


def die(table: Table, state: SamState, t: Fighter, why: str) -> None:
    t.dying, t.unconscious = False, False
    t.status, t.went_down = Status.DEAD, True
    state.tally["deaths"] += 1
    table.emit(ev.Fell, who=t.name, how="dies", rule=why)


def dying_penalty(state: SamState, t: Fighter) -> int:
    """C2: -1 per wound on the check (the Conditions' DC 6 option has none)."""
    return t.wounds if state.options.dying_dc == 4 else 0


def highest(state: SamState, t: Fighter) -> int:
    """SAM-A32: the best an END check can make: 6 + END - penalty."""
    return 6 + t.END - dying_penalty(state, t)


def dying_check(table: Table, state: SamState, t: Fighter) -> None:
    """Rules 166-167, 172 (T-SAM-12, SAM-A32): at each of its turns, first the d10 (10:
    stable), then d6 + END - wounds against the DC; a failure raises the DC; a DC beyond
    reach is death."""
    if t.dying_dc > highest(state, t):
        die(table, state, t, f"dying DC {t.dying_dc} is out of reach (rule 166)")
        return
    if table.roll("1d10", by=t, reason=f"{t.name} stabilises on a 10").total == 10:
        t.dying, t.stable = False, True
        state.tally["stabilised"] += 1
        table.emit(ev.Fell, who=t.name, how="stabilises", rule="d10 = 10 (rule 167)")
        return
    penalty = dying_penalty(state, t)
    roll = table.roll(
        d6(t.END),
        by=t,
        reason=f"{t.name}'s END check",
        needs=lambda: d6_needs(t.dying_dc, t.END - penalty, "to hold on"),
    ).total
    roll -= penalty
    passed = roll >= t.dying_dc
    table.emit(ev.DyingCheck, who=t.name, total=roll, dc=t.dying_dc, penalty=penalty,
               passed=passed)  # fmt: skip
    if not passed:
        t.dying_dc += 1
        if t.dying_dc > highest(state, t):
            die(table, state, t, f"dying DC {t.dying_dc} is out of reach (rule 166)")


def settle_object(table: Table, state: SamState, t: Fighter, mine: list[tuple[Hit, str]]) -> None:
    """Rules 171, 201: an object takes wounds as anything does, is destroyed by a hit of more
    than its Toughness (as it stood before the combo), never dies nor heals; nonlethal damage
    does nothing to it."""
    hits = [h for h, e in mine if e != NO_EFFECT and not h.nonlethal]
    if not hits:
        return
    destroyed = any(h.damage > t.toughness for h in hits)
    for h in hits:
        record_harm(t, 1, h.attacker)
    wound(table, state, t, len(hits))
    if destroyed:
        t.status, t.went_down = Status.DEAD, True
        state.tally["destroyed"] += 1
        table.emit(ev.Fell, who=t.name, how="is destroyed", rule="damage > Toughness (rule 171)")


rebuilt_by_constructor(Hit)  # copies of a state (core.immutable)
