"""The situation of one attack: every to-hit modifier and damage multiplier the position and
the round give (rules 14, 26, 51, 59–61, 63, 66, 69–70, 81, 85–88, 95; ODD-U3, U4, U18, U21,
U37, U38, U39, U40), then `attack.resolve`."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.odnd import attack, data, facing, space
from fracas.rulesets.odnd.events import IntoMelee
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

D6: Final = "1d6"
COVER: Final = {0: 0, 25: -2, 50: -4, 75: -6}  # rule 95
BACKSTAB_TO_HIT: Final = int(data.table("backstab")["to_hit"])  # ODD-U17
PRONE_BONUS: Final = int(data.table("prone_bonus"))  # ODD-U15
INTO_MELEE: Final = "firing into melee (d6, ODD-U40)"
WHICH_ALLY: Final = "which ally the shot goes at (ODD-U40)"


class Mods:
    """The to-hit bonus, advantage (+1) / disadvantage (−1), damage multipliers, and the
    words for the log."""

    __slots__ = ("backstab", "bonus", "edge", "exposed", "multipliers", "why")

    def __init__(self) -> None:
        self.bonus = 0
        self.edge = 0
        # Most attacks have neither: both start as shared empty lists, replaced by a list of
        # their own at the first `times` or `say`, never appended to (issue 35: two lists
        # built and freed per attack).
        self.multipliers: list[int] = NO_MULTIPLIERS
        self.why: list[str] = NO_WORDS
        self.exposed = False  # flank or rear: no shield, no DEX (rules 67, 69, ODD-U20)
        self.backstab = False  # rules 72, 73: this attack is the backstab

    def words(self) -> str:
        """The terms for the log, joined (none unless observed: no join for nothing)."""
        return "; ".join(self.why) if self.why else ""

    def add(self, amount: int, words: str, observed: bool) -> None:
        self.bonus += amount
        if observed and amount:
            self.say(f"{amount:+d} {words}")

    def times(self, n: int) -> None:
        """One more damage multiplier (ODD-U3)."""
        if self.multipliers:
            self.multipliers.append(n)
        else:
            self.multipliers = [n]

    def say(self, words: str) -> None:
        """One more term for the log."""
        if self.why:
            self.why.append(words)
        else:
            self.why = [words]


# `Mods`' lists until it has an entry: shared, never changed (`Mods.times`, `Mods.say`).
NO_MULTIPLIERS: Final[list[int]] = []
NO_WORDS: Final[list[str]] = []


def mounted_mod(f: Fighter, target: Fighter) -> int:
    """Rules 59, 60, ODD-U37: a rider +1 in melee against the unmounted, the unmounted −1
    against a rider; both cancel when the unmounted one wields a polearm or long spear."""
    if f.mounted == target.mounted:
        return 0
    foot = target if f.mounted else f
    if foot.weapons[0].data.polearm:
        return 0
    return 1 if f.mounted else -1


def high_ground(f: Fighter, target: Fighter) -> int:
    """Rule 61, ODD-U38: melee from 3 ft or more above +1, from below −1."""
    if f.elevation >= target.elevation + 3:
        return 1
    if target.elevation >= f.elevation + 3:
        return -1
    return 0


def position_mods(m: Mods, state: OdndState, f: Fighter, target: Fighter, obs: bool) -> None:
    """The modifiers of where they stand: range band or melee ground and mounts, cover."""
    if f.weapons[0].data.ranged:
        band = space.range_band(state, f, target) or "long"
        m.add(attack.RANGE_MOD[band], f"{band} range", obs)  # rule 14, ODD-U6
        m.add(COVER[target.cover], f"{target.cover}% cover", obs)  # rule 95, ODD-U39
        return
    m.add(mounted_mod(f, target), "mounted (rules 59, 60)", obs)
    m.add(high_ground(f, target), "high ground (rule 61)", obs)


def charge_mods(m: Mods, f: Fighter, obs: bool) -> None:
    """Rules 81, 85, 86, 88, 90: the charge's first attack +2, double damage (the lance from a
    charging mount, horns), no DEX to hit."""
    if not f.charge_strike:
        return
    m.add(2 - f.weapons[0].dex_to_hit, "charging (no DEX)", obs)
    m.times(2)
    if f.horns:
        m.times(2)  # rule 88; ODD-U3: does not stack unless `additive`


def modifiers(
    state: OdndState,
    f: Fighter,
    target: Fighter,
    obs: bool,
    sweeping: bool | None = None,
    arcs: bool = True,
) -> Mods:
    """Every modifier of `f`'s next attack on `target` as things stand, changing nothing (the
    exact-odds calculator reads the same ones); `sweeping` overrides `f.plan_sweep`; `arcs`
    False for a free attack at a mover, whose +2 already is its rear (ODD-U25)."""
    m = Mods()
    sweep = f.plan_sweep if sweeping is None else sweeping
    exposure_mods(m, state, f, target, obs, arcs)
    if gang_up(target):  # rule 63, ODD-U21: every attacker gets +1
        m.add(1, "more than two attackers", obs)
    if sweep and f.swept == 0 and f.sweep_plus:  # rule 26, T-ODD-2
        m.add(f.sweep_plus, f"first attack (HD +{f.sweep_plus})", obs)
    if f.action == "withdraw":  # rule 51
        m.add(-2, "withdrawing", obs)
    position_mods(m, state, f, target, obs)
    charge_mods(m, f, obs)
    # Rule 70 for a pair (ODD-U18, U20; issue 29 item 6): opened from behind or in the
    # surprise round, the attacker has advantage the round after, the defender disadvantage.
    after = facing.followup_edge(state, f, target)
    if after and obs:
        m.say(("advantage" if after > 0 else "disadvantage") + ", the round after (70)")
    m.edge += after
    return m


def gang_up(target: Fighter) -> bool:
    """Rule 63 (ODD-U21): more than 2 melee attackers (those declared against it and those
    that turned on it this round, issue 29 items 7, 16); not with its back to a wall (rule
    64, ODD-U20) nor against a unit (ODD-U45: a unit is not surrounded man by man)."""
    attackers = target.declared_against + len(target.joined)
    return attackers > 2 and not target.back_to_wall and not target.unit_size


def exposure_mods(
    m: Mods, state: OdndState, f: Fighter, target: Fighter, obs: bool, arcs: bool
) -> None:
    """Surprised, backstabbed, behind, flank, prone (rules 67, 69, 71–73; ODD-U15, U17, U18,
    U20): the backstab's +4 and multiplier replace the +2 of an attack from behind (the
    other attacks of the round are surprise attacks, rule 72)."""
    if arcs and facing.can_backstab(state, f, target):
        m.backstab = True
        m.add(BACKSTAB_TO_HIT, "backstab (ODD-U17)", obs)
        m.times(f.backstab_mult)
        if obs:
            m.say(f"damage ×{f.backstab_mult} (backstab)")
        m.exposed = True
    elif target.surprised:  # rules 69, 71, ODD-U18: attacked as from behind
        m.add(2, "surprised (as from behind)", obs)
    elif arcs:
        side = facing.arc(state, f, target)
        if side != facing.FRONT:  # (the usual front told with one compare; issue 35)
            if side == facing.REAR:
                m.add(facing.REAR_BONUS, "from behind (rule 69)", obs)
            elif side == facing.FLANK:
                m.add(facing.FLANK_BONUS, "flank (rule 67)", obs)
            m.exposed = True
    if target.prone and not f.weapons[0].data.ranged:  # ODD-U15
        m.add(PRONE_BONUS, "prone (ODD-U15)", obs)


def strike(table: Table, state: OdndState, f: Fighter, target: Fighter) -> bool:
    """One attack of `f`'s on `target` with its situation (a shot into a melee may go
    astray, ODD-U40). Returns whether it hit."""
    if f.weapons[0].data.ranged:
        target = astray(table, state, f, target)
    if len(state.holding):  # ODD-U29: attacked, they fight (most battles hold nobody back)
        state.holding.discard(target.side)
    if f.plan_target is not target and not f.weapons[0].data.ranged:
        target.joined.add(f.id)  # rule 63 (issue 29 item 16): a retargeted attacker counts
    m = modifiers(state, f, target, table.observed)
    f.charge_strike = False  # rule 90: the charge's bonuses go with its first attack
    if f.plan_sweep:
        f.swept += 1
    opened(state, f, target, m)
    shield_counts = face_shield(f, target, m)
    return attack.resolve(
        table, state, f, target, m.bonus, m.edge, shield_counts, m.words(),
        m.multipliers, dex=not m.exposed,
    )  # fmt: skip


def face_shield(f: Fighter, target: Fighter, m: Mods) -> bool:
    """ODD-U4, rule 66: whether the target's shield counts against `f`, recording whom it
    has faced — strikes, grapples and manoeuvres alike (issue 29 item 17)."""
    counts = attack.shield_counts(f, target) and not m.exposed
    if counts and f not in target.shield_faced:
        target.shield_faced.append(f)
    return counts


def opened(state: OdndState, f: Fighter, target: Fighter, m: Mods) -> None:
    """Rules 69, 70, 72: remember a backstab spent, and a pair opened from behind unnoticed
    or in the surprise round (ODD-U18: the defender cannot return the attack this round;
    advantage and disadvantage next, for that pair only)."""
    if m.backstab:
        f.backstab_round = state.round
        add_to_tally(state, "backstabs")
    if target.surprised or facing.unaware(state, f, target):  # ODD-U18: the surprised too
        state.from_behind.setdefault((f.id, target.id), state.round)


def free_attack(table: Table, state: OdndState, f: Fighter, target: Fighter, why: str) -> None:
    """Rules 52, 53, 56: a free attack at +2, the target's shield not counted (ODD-U4)."""
    m = modifiers(state, f, target, table.observed, arcs=False)
    f.charge_strike = False  # rule 90
    m.add(2, why, table.observed)
    attack.resolve(table, state, f, target, m.bonus, m.edge, False, m.words(), dex=not m.exposed)


def sure_shot(f: Fighter) -> bool:
    """Rules 46, 48: elves with bows and javelins, hobbits with slings, never hit friends."""
    kind = f.weapons[0].data.kind
    if f.cls == "elf":
        return kind in ("bow", "great_bow") or f.weapons[0].data.name == "javelin"
    return f.cls == "hobbit" and kind == "sling"


def astray(table: Table, state: OdndState, f: Fighter, target: Fighter) -> Fighter:
    """Rule 47, ODD-U40: a shot at a foe in melee with the shooter's allies: d6 1–3 the
    intended target, 4–6 a random ally engaged with it (then rolled against normally)."""
    if sure_shot(f):
        return target
    near = [
        a for a in state.allies_of(f) if isinstance(a, Fighter) and engaged_with(state, a, target)
    ]
    if not near:
        return target
    die = table.roll(D6, by=f, reason=INTO_MELEE).total
    hit = target
    if die >= 4:
        pick = table.roll(f"1d{len(near)}", by=f, reason=WHICH_ALLY).total if len(near) > 1 else 1
        hit = near[pick - 1]
    if table.observed:
        table.emit(IntoMelee, shooter=f.name, intended=target.name, roll=die, hits_at=hit.name)
    return hit


def engaged_with(state: OdndState, a: Fighter, b: Fighter) -> bool:
    """In melee with each other: within 10 ft, or (one melee, F-ODD-1) one fighting the other
    hand to hand."""
    if not (a.active and b.active) or a is b:
        return False
    if state.positional:
        return space.in_melee(state, a, b)
    a_on_b = a.plan_target is b and not a.weapons[0].data.ranged
    return a_on_b or (b.plan_target is a and not b.weapons[0].data.ranged)


def run_down(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 55, ODD-U26: a faster pursuer attacks the caught fleer at +2 every round; the
    fleer has no shield but keeps its DEX (it is moving rapidly)."""
    if not f.active or not target.active or f.weapons[0].data.ranged:
        return
    m = modifiers(state, f, target, table.observed, arcs=False)
    m.add(2, "running down a fleer (rule 55)", table.observed)
    attack.resolve(table, state, f, target, m.bonus, m.edge, False, m.words())
