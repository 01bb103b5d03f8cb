"""Hitting (seed "Hitting", "Critical and Grievous Hits", "Automatic Hits and Misses", "Wound
Modifiers", "Melee Modifiers", "Defending", "Ranged Modifiers"; RULINGS.md §5.1; checklist
rules 37–69, 87–95, 168–186, 189–190, 196–198, 212–219, 225–236; SJ-U8–U10, U16, U17, U22,
U25, U26, U42, U44): the Strike Chance and the DEF of one attack, and what its d100 makes of
them. `why`, when given, collects each modifier in words for the log."""

from __future__ import annotations

import math
from typing import Final

from fracas.rulesets.spelljammer import data, sight, space, surprise
from fracas.rulesets.spelljammer.state import Arm, Fighter, Item, SjState
from fracas.rulesets.spelljammer.wounds import wound_level as wound_level
from fracas.rulesets.spelljammer.wounds import wound_modifier as wound_modifier

NO_ATTACK: Final = 99  # `Fighter.last_attack` before its first attack of the round
MISS: Final = "miss"
HIT: Final = "hit"
CRITICAL: Final = "critical"
GRIEVOUS: Final = "grievous"

# The tables' figures the round reads for every attack and every plan scored, read once
# (data/tables.yaml): a `Final` integer is a C constant compiled, where `data.tables()[...]`
# is a call and a look-up by name each time (docs/ARCHITECTURE.md, "The fast style").
_T: Final = data.tables()
DEFENDING_FULL: Final = int(_T["defending"]["full"])  # rules 187–190
DEFENDING_DESPERATE: Final = int(_T["defending"]["desperate"])
DEFENDING_PER_POINT: Final = int(_T["defending"]["per_point"])  # rule 179
PACE_DEF: Final[dict[str, list[str]]] = dict(_T["pace_def"])  # P3
NO_MOVEMENT_DEF: Final = int(_T["no_movement"]["def"])  # rule 20
ENCUMBERED_DEF: Final = int(_T["encumbered_def"])  # rule 177
PICK_UP_DEF: Final = int(_T["pick_up"]["def"])  # rule 199
MULTIPLE_ATTACKERS: Final = int(_T["multiple_attackers"])  # rule 168
RANGE_OF_FIELD: Final = int(_T["range_of_field"])  # SJ-U23
RUN_AND_ATTACK_SC: Final = int(_T["run_and_attack"]["sc"])  # rule 147
STUNNED_TARGET: Final = int(_T["stunned_target"])
STATIONARY: Final = int(_T["target_movement"]["stationary"])  # SJ-U43
ENCUMBERED_SC: Final = int(_T["encumbered_sc"])
OFFHAND_SC: Final = int(_T["offhand_sc"])  # rules 196–198
CAREFUL_AIM: Final = int(_T["careful_aim"])  # rule 220
LIGHTING: Final[dict[str, int]] = {k: int(v) for k, v in _T["lighting"].items()}
MOUNT_MOVING: Final = int(_T["mount_moving"])  # rule 219
ALWAYS_MISS: Final = int(_T["always_miss"])  # rule 37
TARGET_MOVEMENT: Final[dict[str, int]] = {k: int(v) for k, v in _T["target_movement"].items()}
COVER: Final[dict[str, int]] = {k: int(v) for k, v in _T["cover"].items()}  # rules 227–228
SIZE: Final[dict[str, int]] = {k: int(v) for k, v in _T["size"].items()}  # rules 229–233
# Rules 234–236: the row of SC by specialisation, as integers (issue 35: `int(row[k])` on
# the table's list was a generic item read and a call of `int`, for every shot and every
# missile pair the policy weighs).
RANGED_IN_MELEE: Final[dict[str, tuple[int, ...]]] = {
    k: tuple(int(x) for x in v) for k, v in _T["ranged_in_melee"].items()
}
WALKING: Final = TARGET_MOVEMENT["walking"]  # SJ-U42: a target with no plan (`declared`)


def _note(why: list[str] | None, value: int, words: str) -> int:
    if why is not None and value:
        why.append(f"{value:+d} {words}")
    return value


def casting_now(f: Fighter, segment: int) -> bool:
    """Rules 116–119, 130: from the segment casting starts to the release."""
    return f.casting is not None and f.cast_start >= segment >= f.release


def stance_bonus(f: Fighter, melee: bool, state: SjState) -> tuple[int, str]:
    """Rules 179–190 (S-C6, SJ-U26): Defending gives ⌊SC given up / 2⌋ (against melee unless
    the option says all); Full Defense ⌈rank × 2.5⌉ + 5; Desperate ⌈rank × 2.5⌉ + 20."""
    plan = f.plan
    if plan is None:
        return 0, ""
    rank = f.weapon.rank if f.arms else 0
    if plan.action in ("full", "desperate"):
        extra = DEFENDING_FULL if plan.action == "full" else DEFENDING_DESPERATE
        words = "Full Defense" if plan.action == "full" else "Desperate Defense"
        return math.ceil(rank * 5 / 2) + extra, words
    if plan.sacrifice and (melee or state.options.defending_against == "all"):
        return plan.sacrifice // DEFENDING_PER_POINT, "Defending"
    return 0, ""


def defence(
    state: SjState,
    target: Fighter,
    attacker: Fighter,
    segment: int,
    why: list[str] | None,
    shield: bool = True,
) -> int:
    """SJ-U10: DEF assembled in order — its parts, less those the situation removes (casting:
    DEX, Defense skill and shield, rules 117–119; Careful Aim: DEX and skill, 222; a
    withdrawer under a free attack: the shield, `shield` False, rule 207, SJ-U40; a slung
    shield, rule 155; out-of-combat surprise: all but always-on magic, rule 99); the stance
    bonus; half for in-combat surprise (rule 97, SJ-U20, floor); the flat modifiers (no
    movement −20, rule 20; encumbered −10, rule 177; not seeing the attacker, rule 164;
    picking up a weapon −15, rule 199). It may go below 0."""
    how = "no" if target.unaware == "no" else surprise.kind(state, target, attacker)
    if how == "out_of_combat":
        if why is not None:
            why.append("out-of-combat surprise: only always-on magical DEF")
        total = target.def_magic_always
    else:
        total = parts(target, segment, why, shield)
    plan = target.plan
    if plan is not None and (plan.sacrifice or plan.action in ("full", "desperate")):
        # (`stance_bonus` is (0, "") for every other plan: no tuple built; issue 35)
        melee = not (attacker.arms and attacker.weapon.ranged)
        bonus, words = stance_bonus(target, melee, state)
        total += _note(why, bonus, words + " DEF" if why is not None else "")
    if how == "in_combat":
        total = _note(why, -(total - total // 2), "DEF, in-combat surprise (half)") + total
    return total + flat(state, target, attacker, why)


def parts(target: Fighter, segment: int, why: list[str] | None, shield: bool) -> int:
    """SJ-U10 step 1: the DEF parts less those the situation removes."""
    shield_part = target.shield_def(segment) if shield else 0
    if why is not None and not shield:
        why.append("withdrawing: no DEF from the shield")
    if why is not None and shield and shield_part < target.def_shield:
        why.append("shield not ready: no DEF from it")
    total = target.def_magic_always + target.def_magic_other
    if casting_now(target, segment):
        if why is not None:
            why.append("casting: no DEF from DEX, skill or shield")
        return total
    plan = target.plan  # (`Plan.pace` is "" unless dodging, running up or fleeing: not asked)
    paced = plan is not None and plan.action in ("dodge", "advance", "flee")
    pace = plan.pace if plan is not None and paced else ""
    kept = PACE_DEF.get(pace) if pace else None
    if kept is not None:  # P3: a sprinter keeps DEX and magic; a fast sprinter magic only
        if why is not None:
            why.append(f"{pace.replace('_', ' ')}: DEF only from {' and '.join(kept)}")
        return total + (target.def_dex if "dex" in kept else 0)
    if target.plan is not None and target.plan.aiming:
        if why is not None:
            why.append("Careful Aim: no DEF from DEX or skill")
        return total + shield_part  # rule 222: the aimer loses DEX and Defense-skill DEF
    return total + target.def_dex + target.def_skill + shield_part


def flat(state: SjState, target: Fighter, attacker: Fighter, why: list[str] | None) -> int:
    """SJ-U10 step 4: the flat DEF modifiers."""
    total = 0
    plan = target.plan
    if plan is not None and plan.still:
        total += _note(why, NO_MOVEMENT_DEF, "DEF, no movement")
    if target.encumbered:
        total += _note(why, ENCUMBERED_DEF, "DEF, encumbered")
    if not sight.sees(target, attacker):
        total += _note(why, sight.penalty(target)[1], "DEF, cannot see the attacker")
    if plan is not None and plan.action == "pickup":
        total += _note(why, PICK_UP_DEF, "DEF, picking up a weapon")
    return total


def ganging_on(f: Fighter) -> Fighter | None:
    """Rule 168 (issue 30, F-SJ-19): whom `f` is attacking in melee this round — its declared
    (or turned-to) target, while it is able, not stunned and has an attack made or still to
    come; missiles do not count (SJ-U22)."""
    plan = f.plan
    if plan is None or plan.action != "attack" or plan.target is None or not f.arms:
        return None
    if f.weapon.ranged or not f.able or f.stunned:
        return None
    if not f.scheduled and f.last_attack == NO_ATTACK:
        return None  # every attack lost before one was made (rule 13)
    return plan.target


def freeze(state: SjState, items: list[Item]) -> None:
    """F-SJ-1: who is attacking whom in melee, and where everyone stood, as the segment
    starts; every attack of the segment reads this, so the order the fighters are listed in
    changes no bonus (issue 30, item 4). Taken only when the segment has a melee attack (the
    gang) or a missile (the places) to read it. The gang is the round's kept one while
    nothing it reads has changed (`SjState.kept_gang`; issue 35): a segment's attacks change
    it only through the invalidations listed there, which take effect from the next segment,
    so this segment reads the gang as it started."""
    melee = missile = False  # (one pass over the items: no list or generator built)
    for i in items:
        who = i.who
        if i.kind == "attack" and who.arms:
            if who.weapon.ranged:
                missile = True
            else:
                melee = True
    state.gang = state.places = None
    if melee:
        gang = state.kept_gang
        if gang is None:
            gang = state.kept_gang = gang_of(state)
        state.gang = gang
    if missile:
        state.places = {f: f.position for f in state.fighters()}


def leaves_gang(state: SjState, f: Fighter) -> None:
    """`f` stops attacking in melee (stunned, down, its attacks cancelled: `combat.cancel`):
    the kept gang (`SjState.kept_gang`) is dropped if `f` is in it. One not in it stays out
    (a cancel only takes away), so the gang is still right (issue 35)."""
    kept, plan = state.kept_gang, f.plan
    if kept is None or plan is None or plan.target is None:
        return
    found = kept.get(plan.target)
    if found is not None and f in found:
        state.kept_gang = None


def gang_of(state: SjState) -> dict[Fighter, list[Fighter]]:
    """Rule 168, F-SJ-19: each target with those `ganging_on` it, in encounter order."""
    gang: dict[Fighter, list[Fighter]] = {}
    for f in state.fighters():
        t = ganging_on(f)
        if t is not None:  # (not `setdefault`: it builds an empty list every time)
            found = gang.get(t)
            if found is None:
                gang[t] = [f]
            else:
                found.append(f)
    return gang


def gap(state: SjState, a: Fighter, b: Fighter) -> float:
    """The gap in squares as the segment started (F-SJ-1), for the modifiers that read
    positions: a free move or a push on the segment changes no other attack's modifier."""
    places = state.places
    if places is None:
        return space.gap(a, b)
    pa, pb = places.get(a, a.position), places.get(b, b.position)
    if pa is a.position and pb is b.position:  # (neither moved since: the kept gap, the
        return space.gap(a, b)  # same measure, issue 35)
    return pa.distance(pb) / space.SQUARE


def attackers_on(state: SjState, target: Fighter, attacker: Fighter) -> int:
    """Rule 168 ("if three people are attacking a single target, all three attackers each
    get a +20"), rules 170–171, SJ-U22, F-SJ-19: the attacker and every other enemy of
    `target` attacking it in melee this round (`ganging_on`), each tentacle pair one
    attacker — the same count for all of them, whatever segment each attack falls on. Read
    from the segment's start (`freeze`) during the count-down."""
    count = max(1, attacker.tentacle_pairs)
    if state.gang is not None:
        found = state.gang.get(target)  # (no empty list built for a target nobody attacks)
        if found is None:
            return count
        gang = found
    else:
        gang = [f for f in state.fighters() if ganging_on(f) is target]
    for f in gang:
        if f is not attacker and f.side != target.side:
            count += max(1, f.tentacle_pairs)
    return count


def outnumbering(state: SjState, target: Fighter, attacker: Fighter) -> int:
    """Rules 168–169, SJ-U23: +10 per attacker above one, less 2 × the target's Range of
    Field rank per attacker (PROPOSED), never below 0."""
    each = max(0, MULTIPLE_ATTACKERS - RANGE_OF_FIELD * target.range_of_field)
    return each * (attackers_on(state, target, attacker) - 1)


def strike_chance(
    state: SjState,
    attacker: Fighter,
    target: Fighter,
    why: list[str] | None,
    w: Arm | None = None,
) -> int:
    """The SC of one attack with its modifiers (rules 87, 147, 168–178, 179, 196; SJ-U25):
    wounds, Defending's sacrifice, run and attack, several attackers, a stunned target,
    surprise and ambush (96–110), lighting or an unseen target (163–167, SJ-U24: the larger),
    encumbrance, the off hand; and a missile's (`ranged`). `w`: another weapon than the one
    in hand (the policy weighing a switch)."""
    w = w or attacker.weapon
    sc = w.sc + _note(why, wound_modifier(attacker), "wounded")
    plan = attacker.plan
    if plan is not None and plan.sacrifice:
        sc += _note(why, -plan.sacrifice, "Defending")
    if plan is not None and plan.mode == "run":
        sc += _note(why, RUN_AND_ATTACK_SC, "run and attack")
    if not w.ranged:
        sc += _note(why, outnumbering(state, target, attacker), "multiple attackers")
    if target.stunned:
        sc += _note(why, STUNNED_TARGET, "target stunned")
    aimer = target.plan is not None and target.plan.aiming
    if aimer and not w.ranged and state.options.stationary_bonus == "all":
        sc += _note(why, STATIONARY, "target aiming (SJ-U43)")
    if target.unaware != "no" or state.surprise_round:  # (else none: `surprise.kind` is
        bonus, words = surprise.sc_bonus(state, attacker, target)  # "no", no ambush)
        sc += _note(why, bonus, words)
    sc += seeing(state, attacker, target, why)
    if attacker.encumbered:
        sc += _note(why, ENCUMBERED_SC, "encumbered")
    if w.offhand and not attacker.ambidextrous:
        sc += _note(why, OFFHAND_SC, "off hand")
    if w.ranged:
        sc += ranged(state, attacker, target, why, w)
        if aims(attacker):
            sc += _note(why, CAREFUL_AIM, "Careful Aim")
    return sc


def declared(state: SjState, attacker: Fighter, target: Fighter, w: Arm | None = None) -> int:
    """SC − DEF of one attack of `attacker`'s at `target` with `w` (the weapon in hand) as the
    declarations weigh it, before the round (rules 1–2, SJ-U6): `strike_chance` less
    `defence` at segment 11 (issue 35: the policy and `outlook` ask it of every pair). While
    neither has a plan, the target is neither stunned nor casting, nobody is ganging
    (`state.gang` empty, rule 168), nobody is surprised or ambushed (rules 96–110) and
    neither is invisible (rules 163–167), most terms cannot apply: the SC is the weapon's
    with the wounds (87), several attackers with no gang (168–169: tentacle pairs), lighting
    (173–176), encumbrance (177), the off hand (196) and a missile's target walking, cover,
    size and the melee (212–236); the DEF its parts (SJ-U10, a slung shield at segment 11,
    155) and encumbrance (177). Otherwise, the full functions. `tests/spelljammer/
    test_declared.py` ties the two."""
    w = w or attacker.weapon
    gang = state.gang
    if (
        gang is None or gang or attacker.plan is not None or target.plan is not None
        or target.stunned or target.casting is not None or target.unaware != "no"
        or state.surprise_round or target.invisible or attacker.invisible
    ):  # fmt: skip
        return strike_chance(state, attacker, target, None, w) - defence(
            state, target, attacker, 11, None
        )
    sc = w.sc + wound_modifier(attacker)
    ranged_w = w.ranged
    if not ranged_w and attacker.tentacle_pairs > 1:  # `outnumbering`, nobody ganging
        each = max(0, MULTIPLE_ATTACKERS - RANGE_OF_FIELD * target.range_of_field)
        sc += each * (attacker.tentacle_pairs - 1)
    light = 0 if attacker.darkvision else state.light_sc  # `seeing`: the target is seen
    if state.unseen_both or light <= 0:
        sc += light
    if attacker.encumbered:
        sc += ENCUMBERED_SC
    if w.offhand and not attacker.ambidextrous:
        sc += OFFHAND_SC
    if ranged_w:  # `ranged`: a target with no plan is walking (SJ-U42)
        sc += WALKING + COVER[target.cover] + SIZE[target.size]
        row = RANGED_IN_MELEE.get(w.data.kind)
        if row is not None and in_melee(state, attacker):
            sc += row[w.specialist]
    dfn = target.def_magic_always + target.def_magic_other + target.def_dex + target.def_skill
    dfn += target.shield_def(11)
    if target.encumbered:
        dfn += ENCUMBERED_DEF
    return sc - dfn


def seeing(state: SjState, attacker: Fighter, target: Fighter, why: list[str] | None) -> int:
    """Rules 163–167, 173–176, SJ-U24, SJ-U25: lighting (not with darkvision) and an unseen
    target do not stack — the larger penalty (option `invisible_penalty: both`)."""
    light = 0 if attacker.darkvision else state.light_sc  # LIGHTING[state.lighting]
    unseen = 0 if sight.sees(attacker, target) else sight.penalty(attacker)[0]
    if state.unseen_both:
        return _note(why, light, "lighting") + _note(why, unseen, "target unseen")
    if unseen < light:
        return _note(why, unseen, "target unseen")
    return _note(why, light, "lighting")


def aims(f: Fighter) -> bool:
    """Rule 220, SJ-U43: Careful Aim's +15 on every shot of the round it is declared, or on
    the first shot of the next round for a one-attack archer who has not moved since."""
    plan = f.plan
    if plan is None:
        return False
    if plan.aiming:
        return True
    return f.aimed and plan.mode in ("stand", "still") and f.moved == 0


def movement_of(f: Fighter, segment: int) -> str:
    """SJ-U42: the target's declared movement — stationary (no movement, holding, or
    casting), running (run and attack), walking otherwise; issue 30: running up, fleeing and
    dodging at their pace (walking, running, sprinting, fast_sprinting, dodging; rules
    215–218)."""
    plan = f.plan
    if plan is None:
        return "walking"
    pace = plan.pace  # (asked once: a property, worked out at each ask)
    if pace:
        return pace
    if plan.standing or plan.action == "hold" or casting_now(f, segment):
        return "stationary"  # SJ-U34: a held action is no movement
    if plan.mode == "run":
        return "running"
    return "walking"


def moving_extra(target: Fighter, move: str, why: list[str] | None) -> int:
    """Rule 219, SJ-U42: a rider on a moving mount or wagon −10, on top of its movement (its
    declaration moves it); rule 212: the GM's extra penalty (`fast_target`) for an
    exceptionally fast target running or faster."""
    plan = target.plan
    total = 0
    moves = plan is not None and (plan.action in ("advance", "flee") or (
        plan.action == "attack" and plan.mode in ("move", "run", "then_move")))  # fmt: skip
    if target.mounted and moves:
        total += _note(why, MOUNT_MOVING, "target on a moving mount")
    if target.fast_target and move in ("running", "sprinting", "fast_sprinting"):
        total += _note(why, -target.fast_target, "exceptionally fast target")
    return total


def in_melee(state: SjState, f: Fighter) -> bool:
    """SJ-U32: an able enemy within 1 square (5 ft). A loop (compiled, `any` builds a
    generator; issue 35: asked of every shot and every missile pair the policy weighs)."""
    for e in state.enemies_of(f):
        if isinstance(e, Fighter) and e.able and gap(state, f, e) <= space.REACH:
            return True
    return False


def ranged(
    state: SjState, attacker: Fighter, target: Fighter, why: list[str] | None, w: Arm
) -> int:
    """Rules 212–236 (SJ-U42, SJ-U44): target movement, cover, size, and a ranged weapon used
    in melee (by specialisation)."""
    move = movement_of(target, state.segment)
    said = why is not None  # the words only for the log
    total = _note(why, TARGET_MOVEMENT[move], f"target {move.replace('_', ' ')}" if said else "")
    total += moving_extra(target, move, why)
    total += _note(why, COVER[target.cover], f"{target.cover} cover" if said else "")
    total += _note(why, SIZE[target.size], f"target {target.size}" if said else "")
    row = RANGED_IN_MELEE.get(w.data.kind)
    if row is not None and in_melee(state, attacker):
        total += _note(why, row[w.specialist], "ranged weapon in melee")
    return total


def classify(roll: int, modified: int) -> str:
    """Rules 37, 39–69, SJ-U8, SJ-U9: d100 ≤ SC − DEF hits; the table by the modified SC
    gives criticals and grievous hits; 96–100 always miss; 01, 02, 03 are floors (at least
    grievous, critical, hit)."""
    if roll >= ALWAYS_MISS:
        return MISS
    grievous, critical = data.critical_band(modified)
    if roll <= grievous or roll == 1:
        return GRIEVOUS
    if roll <= critical or roll == 2:
        return CRITICAL
    if roll <= modified or roll == 3:
        return HIT
    return MISS


def hit_needs(modified: int) -> str:
    """What the to-hit d100 needs, in words, for a person rolling it by hand (issue 33): the
    bands of `classify` (rules 37, 39–69, SJ-U8, SJ-U9) as the highest roll of each."""
    top = int(data.tables()["always_miss"]) - 1
    grievous, critical = data.critical_band(modified)
    hit = min(max(modified, 3), top)
    parts = [f"{hit} or less to hit", f"{min(max(critical, 2), hit)} or less critical"]
    parts.append(f"{min(max(grievous, 1), hit)} or less grievous")
    return "; ".join(parts)


def damage_taken(result: str, rolled: int, prot: int) -> int:
    """Rules 61–63, 70, SJ-U11: a critical or grievous hit doubles the whole total and
    ignores PROT; otherwise PROT comes off. Never below 0."""
    if result in (CRITICAL, GRIEVOUS):
        return max(0, 2 * rolled)
    return max(0, rolled - prot)
