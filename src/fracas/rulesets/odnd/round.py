"""The OD&D round (seed "ENCOUNTER ORDER", RULINGS.md §4.1, D-C2; checklist rules 113–133,
58, 62–63, 65, 69–71; ODD-U9, U10, U11, U18, U19, U23, U28, U30, U31):

surprise (first round only) → initiative (a d6 per PC and per monster group) → declarations →
the first segment (multi-attack fighters' first half) → the initiative slots, high first, ties
simultaneous → the last segment → morale.
"""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.odnd import attack, data, decisions
from fracas.rulesets.odnd.events import (
    CannotAct,
    Declared,
    Fell,
    Fled,
    Initiative,
    MoraleCheck,
    Segment,
    SurpriseCancelled,
    SurpriseRolled,
)
from fracas.rulesets.odnd.state import Fighter, OdndState

D6 = "1d6"
TWO_D6 = "2d6"
HIT_POINTS = "hit points (D3)"
SURPRISE = "surprise (d6, T-ODD-6)"
INITIATIVE = "initiative (d6)"
MORALE = "morale (2d6, D7)"


class Plan:
    """A declaration (ODD-U23): whom to attack, whether to sweep normal men (ODD-U11), or a
    parry (rule 92: +2 defence for the round, no attack; `target` None)."""

    __slots__ = ("sweep", "target")

    def __init__(self, target: Fighter | None, sweep: bool) -> None:
        self.target = target
        self.sweep = sweep

    def __str__(self) -> str:
        if self.target is None:
            return "parry (+2 defence, no attack)"
        if self.sweep:
            return f"sweep normal men from {self.target.name}"
        return f"attack {self.target.name}"


def play_round(table: Table, state: OdndState) -> None:
    fighters = state.fighters()
    for f in fighters:
        if f.hit_dice and f.active:  # D3: hit points rolled as the fight begins
            f.hp = f.max_hp = max(1, table.roll(f.hit_dice, by=f, reason=HIT_POINTS).total)
            f.hit_dice = ""
    if state.round == 1:
        if state.conditions.surprise:
            surprise(table, state)
        start_morale(table, state)
    else:
        for f in fighters:
            f.followup = f.surprised  # rule 70: the round after the surprise
            f.surprised = False
    roll_initiative(table, state, state.round == 1 or state.conditions.reroll_initiative)
    declare(table, state)
    split = [f for f in fighters if f.split and f.attacks_left]
    if split:  # ODD-U10: the first half of multi-attack fighters' attacks
        table.emit(Segment, name="first attacks (multi-attack fighters)")
        for f in split:
            act(table, state, f, (f.attacks_left + 1) // 2)
        settle(table, state)
    for roll, groups in slots(state):
        table.emit(Segment, name=f"initiative {roll}", groups=tuple(groups))
        for g in groups:
            for f in state.groups[g]:
                if not f.split:
                    act(table, state, f, f.attacks_left)
        settle(table, state)  # ODD-U31: deaths of a slot land as it ends
    if split:
        table.emit(Segment, name="last attacks (multi-attack fighters)")
        for f in split:
            act(table, state, f, f.attacks_left)
        settle(table, state)


# --- surprise (rules 113–117, T-ODD-6, ODD-U18, ODD-U19) ------------------------------------


def surprise_chance(a_surprises: int, b_surprised: int) -> int:
    """T-ODD-6: A's chance to surprise B = S_A − max(0, 2 − M_B), plus M_B − 2 when B is
    easily surprised (M_B > 2); never below 0 nor above 6."""
    return max(0, min(6, a_surprises - max(0, 2 - b_surprised) + max(0, b_surprised - 2)))


def surprise(table: Table, state: OdndState) -> None:
    """T-ODD-6: a d6 per side; a side is surprised if its die ≤ the best chance any opponent
    has against it; both surprised cancel. The surprised lose the first round (rules 69, 71)."""
    surprised: list[str] = []
    for side in state.sides:
        _, m = state.surprise_chances[side.name]
        chance = max(
            (
                surprise_chance(state.surprise_chances[o.name][0], m)
                for o in state.sides
                if o is not side
            ),
            default=0,
        )
        members = [c for c in side.combatants if c.active]
        if not members or chance == 0:
            continue
        assert isinstance(members[0], Fighter)
        die = table.roll(D6, by=members[0], reason=SURPRISE).total
        table.emit(SurpriseRolled, side=side.name, roll=die, chance=chance, surprised=die <= chance)
        if die <= chance:
            surprised.append(side.name)
    if len(surprised) > 1:
        table.emit(SurpriseCancelled)
        return
    for f in state.fighters():
        if f.side in surprised:
            f.surprised = True
    if surprised:
        state.tally["surprises"] += 1
        state.surprisers = {s.name for s in state.sides if s.name not in surprised}
        state.first_melee_round = 2


# --- initiative (rules 118–127, ODD-U30, U31) ------------------------------------------------


def roll_initiative(table: Table, state: OdndState, every: bool) -> None:
    """A d6 per PC and per monster group (the party's one die as an option), high first;
    rolled once a battle unless re-rolled every round (ODD-U30); a late arrival rolls as it
    comes."""
    for group, members in state.groups.items():
        able = [f for f in members if f.active]
        if able and (every or group not in state.initiative):
            state.initiative[group] = table.roll(D6, by=able[0], reason=INITIATIVE).total
            table.emit(Initiative, group=group, roll=state.initiative[group])


def slots(state: OdndState) -> list[tuple[int, list[str]]]:
    """The initiative slots, high first; groups with the same roll share a slot (rule 121)."""
    by_roll: dict[int, list[str]] = {}
    for group, members in state.groups.items():
        if any(f.active for f in members) and group in state.initiative:
            by_roll.setdefault(state.initiative[group], []).append(group)
    return sorted(by_roll.items(), reverse=True)


# --- declarations (ODD-U23, U11; rules 21, 26, 62, 63, 65) -----------------------------------


def open_targets(state: OdndState, f: Fighter) -> list[Fighter]:
    """The able enemies still with room around them (rules 62, 65, D-C8)."""
    out: list[Fighter] = []
    for e in state.enemies_of(f):
        if isinstance(e, Fighter) and e.active and e.declared_against < data.surround(e.size):
            out.append(e)
    return out


def declare(table: Table, state: OdndState) -> None:
    for f in state.fighters():
        f.plan_target, f.plan_sweep, f.attacks_left, f.split = None, False, 0, False
        f.swept, f.declared_against, f.struck_while_falling = 0, 0, False
        f.parrying = False
        f.shield_faced.clear()
    for f in state.fighters():
        if not f.active:
            continue
        if f.surprised:
            table.emit(CannotAct, who=f.name, why="surprised (loses the first round)")
            continue
        targets = open_targets(state, f)
        if not targets:
            continue
        plans = [Plan(t, False) for t in targets]
        if f.sweep_attacks > f.attacks and any(t.normal_man for t in targets):
            plans.extend(Plan(t, True) for t in targets if t.normal_man)
        plans.append(Plan(None, False))  # rule 92
        plan = table.choose(f, decisions.DECLARE, plans)
        if plan.target is None:
            f.parrying = True
            table.emit(Declared, who=f.name, target="", sweep=False)
            continue
        f.plan_target, f.plan_sweep = plan.target, plan.sweep
        plan.target.declared_against += 1
        f.attacks_left = f.sweep_attacks if plan.sweep else f.attacks
        f.split = f.fighter_type and f.attacks_left > 1  # ODD-U10
        table.emit(Declared, who=f.name, target=plan.target.name, sweep=plan.sweep)


# --- acting --------------------------------------------------------------------------------


def able(e: Fighter) -> bool:
    return e.active and not e.pending_down


def next_target(table: Table, state: OdndState, f: Fighter) -> Fighter | None:
    """The declared target while it stands; a sweep's later attacks pick among the normal men
    in reach (ODD-U11; attacks left when none is left are lost); an ordinary attacker whose
    target fell picks another able enemy."""
    declared = f.plan_target
    if declared is not None and able(declared) and (not f.plan_sweep or f.swept == 0):
        return declared
    choices = [
        e for e in state.enemies_of(f)
        if isinstance(e, Fighter) and able(e) and (e.normal_man or not f.plan_sweep)
    ]  # fmt: skip
    if not choices:
        return None
    return table.choose(f, decisions.VICTIM, choices)


def act(table: Table, state: OdndState, f: Fighter, count: int) -> None:
    """`count` of `f`'s attacks. The killed still strike within their slot (rule 121, ODD-U31)."""
    table.between_actions()
    if not f.active or count <= 0 or f.attacks_left <= 0:
        return
    if f.pending_down:
        f.struck_while_falling = True
    weapon = f.weapons[0]
    if weapon.data.kind == "crossbow":  # D-C7: crossbows fire every other round
        if f.reloading:
            f.reloading, f.attacks_left = False, 0
            table.emit(CannotAct, who=f.name, why="reloading the crossbow (D-C7)")
            return
        f.reloading = True
    for _ in range(min(count, f.attacks_left)):
        f.attacks_left -= 1
        if f.lose_attacks:  # D9
            f.lose_attacks -= 1
            table.emit(CannotAct, who=f.name, why="recovering from a fumble (D9)")
            continue
        target = next_target(table, state, f)
        if target is None:
            f.attacks_left = 0
            break
        reach_first(table, state, f, target)
        if not f.active:
            break
        strike(table, state, f, target)


def reach_first(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 58, ODD-U8, U9: in the pair's first round of melee, an opponent who declared
    against `f` with a reach advantage of 2 or more (not surprised) strikes it first."""
    if state.round != state.first_melee_round or target.plan_target is not f:
        return
    if target.attacks_left <= 0 or target.surprised or not target.active:
        return
    if target.weapons[0].data.ranged or f.weapons[0].data.ranged:
        return
    if target.weapons[0].data.reach - f.weapons[0].data.reach < 2:
        return
    table.emit(Segment, name=f"reach: {target.name} strikes {f.name} first (rule 58)")
    act(table, state, target, target.attacks_left)


def strike(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Situational modifiers, then the attack (attack.resolve)."""
    bonus = 0
    why: list[str] = []
    observed = table.observed
    if target.surprised:  # rules 69, 71, ODD-U18: attacked as from behind
        bonus += 2
        if observed:
            why.append("+2 surprised (as from behind)")
    if target.declared_against > 2:  # rule 63, ODD-U21: every attacker gets +1
        bonus += 1
        if observed:
            why.append("+1 more than two attackers")
    if f.plan_sweep and f.swept == 0 and f.sweep_plus:  # rule 26, T-ODD-2
        bonus += f.sweep_plus
        if observed:
            why.append(f"+{f.sweep_plus} first attack (HD +{f.sweep_plus})")
    if f.weapons[0].data.ranged:
        band = attack.RANGE_MOD[f.range_band]  # rule 14
        bonus += band
        if observed and band:
            why.append(f"{band:+d} {f.range_band} range")
    edge = 0
    if target.followup and f.side in state.surprisers:  # rule 70, ODD-U18
        edge += 1
    if f.followup and target.side in state.surprisers:
        edge -= 1
    if f.plan_sweep:
        f.swept += 1
    shield_counts = f in target.shield_faced or len(target.shield_faced) < 2  # ODD-U4
    if shield_counts and f not in target.shield_faced:
        target.shield_faced.append(f)
    attack.resolve(table, state, f, target, bonus, edge, shield_counts, "; ".join(why))


# --- the end of a slot: the fallen, morale (rule 121, ODD-U31; rules 130–133, ODD-U28) ------


def settle(table: Table, state: OdndState) -> None:
    fallen = state.pending
    if not fallen:
        return
    state.pending = []
    for f in fallen:
        f.pending_down = False
        if f.hp > 0 or f.status is not Status.ACTIVE:
            continue  # healed by the GM meanwhile, or already gone
        f.status, f.went_down = Status.DEAD, True
        table.emit(Fell, who=f.name, simultaneous=f.struck_while_falling)
    for f in fallen:
        if f.status is Status.DEAD and not state.first_death.get(f.side):
            state.first_death[f.side] = True
            for group, members in state.groups.items():
                if members and members[0].side == f.side:
                    check_morale(table, state, group, "first death")
    for group, members in state.groups.items():
        start = state.group_size.get(group, 0)
        gone = sum(1 for m in members if not m.active)
        if start and 2 * gone >= start:
            check_morale(table, state, group, "half the group down")


def start_morale(table: Table, state: OdndState) -> None:
    """ODD-U28 "at the start if needed": a group whose side is outnumbered 2:1."""
    for group, members in state.groups.items():
        side = members[0].side if members else ""
        ours = sum(1 for c in state.fighters() if c.side == side and c.active)
        theirs = sum(1 for c in state.fighters() if c.side != side and c.active)
        if theirs >= 2 * ours:
            check_morale(table, state, group, "outnumbered two to one")


def check_morale(table: Table, state: OdndState, group: str, trigger: str) -> None:
    """D7, ODD-U28: monster groups roll 2d6 ≤ morale to stand; PCs never check, morale 12
    never checks, each trigger once, two passes and no more checks; failure: the group flees."""
    members = [f for f in state.groups.get(group, []) if f.active]
    if not members or members[0].kind == "character" or members[0].morale >= 12:
        return
    used = state.checked.setdefault(group, set())
    if trigger in used or state.morale_passes.get(group, 0) >= 2:
        return
    used.add(trigger)
    score = members[0].morale
    roll = table.roll(TWO_D6, by=members[0], reason=MORALE).total
    passed = roll <= score
    table.emit(MoraleCheck, group=group, trigger=trigger, roll=roll, morale=score, passed=passed)
    if passed:
        state.morale_passes[group] = state.morale_passes.get(group, 0) + 1
        return
    state.tally["routs"] += 1
    for f in members:
        f.status, f.went_down = Status.FLED, True
        table.emit(Fled, who=f.name)
