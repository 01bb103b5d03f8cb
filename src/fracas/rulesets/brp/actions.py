"""What a fighter may state as its intent for the round (§5.2), and how far it must move.

Each option is a value naming the objects it acts on (never a name string); the list offered
to a controller is built here, from the rules, and the policy only picks. Options are treated
as immutable (equal and hashed by value) but not declared frozen: a frozen dataclass sets
each field through object.__setattr__, which showed in the compiled build's profile for
objects built per option, many per round (issue 10). For the same reason each writes its own
`__init__` (`init=False`): mypyc compiles it, where the one the dataclass module generates
stays interpreted (34 ns against 220 ns to build one, measured compiled).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fracas.core.combatant import Combatant, Status
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.brp import data
from fracas.rulesets.brp.state import BRPState, Fighter, Record, Weapon, metres_between

RUN: Final = 30.0  # §5.3 / B14: MOV 10 × 3 m running, defensive actions only
MAX_WITH_ACTION: Final = 29.0  # §5.3: 16–29 m still allows an action at ¼ DEX rank


@dataclass(slots=True, unsafe_hash=True, init=False)
class Attack:
    target: Fighter
    weapon: Weapon
    move: float  # metres to close before striking or shooting (§5.3)
    within: float | None  # missiles: the range band's edge to close to (§5.9)

    def __init__(
        self, target: Fighter, weapon: Weapon, move: float, within: float | None = None
    ) -> None:
        self.target, self.weapon, self.move, self.within = target, weapon, move, within

    def __str__(self) -> str:
        step = f" (moving {self.move:.1f} m)" if self.move >= 0.05 else ""
        return f"attack {self.target.name} with {self.weapon}{step}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Advance:
    """Move up to 30 m toward an enemy, defending only (§5.3)."""

    toward: Fighter

    def __init__(self, toward: Fighter) -> None:
        self.toward = toward

    def __str__(self) -> str:
        return f"run toward {self.toward.name} (defend only)"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Reload:
    """A round of reloading: crossbows after each shot (§5.9 *), firearms and lasers (F-BRP-2)."""

    weapon: Weapon

    def __init__(self, weapon: Weapon) -> None:
        self.weapon = weapon

    def __str__(self) -> str:
        return f"reload {self.weapon}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class FirstAid:
    """§5.14: one combat round to apply; resolved at the end of the round."""

    patient: Fighter
    move: float

    def __init__(self, patient: Fighter, move: float) -> None:
        self.patient, self.move = patient, move

    def __str__(self) -> str:
        step = f" (moving {self.move:.1f} m)" if self.move >= 0.05 else ""
        return f"give First Aid to {self.patient.name}{step}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Awaken:
    """§5.12: an unconscious character stays so "until awakened by another character";
    done at the waker's DEX rank, within reach, no roll (F-BRP-14)."""

    patient: Fighter
    move: float

    def __init__(self, patient: Fighter, move: float) -> None:
        self.patient, self.move = patient, move

    def __str__(self) -> str:
        step = f" (moving {self.move:.1f} m)" if self.move >= 0.05 else ""
        return f"wake {self.patient.name}{step}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Kneel:
    """§5.11: kneel behind a large shield (90% against missiles), defending only."""

    def __str__(self) -> str:
        return "kneel behind the shield"

    def __init__(self) -> None:
        pass


@dataclass(slots=True, unsafe_hash=True, init=False)
class Defend:
    def __str__(self) -> str:
        return "only defend"

    def __init__(self) -> None:
        pass


# They hold nothing: one of each is offered every round.
KNEEL: Final = Kneel()
DEFEND: Final = Defend()

Intent = Attack | Advance | Reload | FirstAid | Awaken | Kneel | Defend
Action = Attack | Awaken  # intents done at the fighter's DEX rank in the actions phase (§5.4)


def gap(state: BRPState, a: Fighter, b: Fighter) -> float:
    """Metres `a` must move to be within melee reach of `b` (F-BRP-1)."""
    return max(0.0, metres_between(a, b) - state.melee_reach)


def in_range(weapon: Weapon, metres: float) -> bool:
    """§5.9: beyond three times the range there is no chance of hitting."""
    rng = weapon.data.range
    return rng is not None and metres <= 3 * rng  # the same bound as combat.range_band


def shots(f: Fighter, foe: Fighter, weapon: Weapon) -> list[Attack]:
    """§5.3 with §5.9: shoot from here if in range; or close to the edge of a nearer range
    band (full, ½, ¼ chance) first, if that is a move that still allows an action."""
    return shots_from(foe, weapon, metres_between(f, foe))


def shots_from(foe: Fighter, weapon: Weapon, d: float) -> list[Attack]:
    """`shots` with the distance `d` to the foe already measured."""
    out = [Attack(foe, weapon, 0.0)] if in_range(weapon, d) else []
    rng = weapon.data.range
    for edge in (rng, 2 * rng, 3 * rng) if rng is not None else ():
        if 0 < d - edge <= MAX_WITH_ACTION:
            out.append(Attack(foe, weapon, d - edge, within=edge))
    return out


def closing(state: BRPState, f: Fighter, attack: Attack) -> float:
    """Metres `f` must still move to make `attack` as stated: into melee reach (F-BRP-1), or
    to the stated range band's edge (a shooter that moves, §5.3)."""
    if not attack.weapon.data.missile:
        return gap(state, f, attack.target)
    if attack.within is None:
        return 0.0
    return max(0.0, metres_between(f, attack.target) - attack.within)


def intents(state: BRPState, f: Fighter) -> list[Intent]:
    """Every intent the rules allow `f` this round, in a stable order (`listed_from`; a
    shared list: do not change it). While nothing it is made from changed since `f`'s last
    statement (`_unchanged`), it is that statement's list again, handed out as it is: most
    rounds of a duel change no one's place, weapons or standing, and listing was a fifth of
    a duel (issue 35). When only its allies changed, only the First Aid and waking in the
    middle of the list are made again. A blow offered at the last listing and the same again
    (same target, weapon, move and range edge) is the same `Attack` object, handed out again
    (`Record.kept`). Either way the options are equal in content and order to ones built
    anew (`intents_afresh`), and the policy may remember what it thought of them."""
    rec = state.record(f)
    listed = rec.listed
    change = _unchanged(rec, f)
    if listed is not None and change != CHANGED:
        if change == SAME:
            return listed
        out: list[Intent] = listed[: rec.head]  # (only the allies changed)
        _tend_allies(state, f, rec.allies, out)
        out.extend(listed[len(listed) - rec.tail :])
        rec.listed = out
        return out
    enemies = rec.enemies
    size = (len(f.weapons) + 1) * len(enemies) * SHOTS  # a place per weapon, enemy and shot
    kept = rec.kept
    if len(kept) != size:
        kept = rec.kept = [None] * size
    out = []
    _facing(state, f, enemies, kept, out)
    rec.head = len(out)
    _tend_allies(state, f, rec.allies, out)
    tended = len(out)
    _ending(f, enemies, out)
    rec.tail = len(out) - tended
    rec.listed = out
    return out


SAME: Final = 0  # `_unchanged`: nothing `intents` reads changed
ALLIES: Final = 1  # only what it reads of the allies (their places and standing)
CHANGED: Final = 2  # more, or nothing listed yet


def intents_afresh(state: BRPState, f: Fighter) -> list[Intent]:
    """`intents` made from nothing kept: every option built anew (the form `intents` must
    equal, tests/brp/test_statement_kept.py)."""
    enemies = state.enemies_of(f)
    allies = [a for s in state.sides if s.name == f.side for a in s.combatants if a is not f]
    kept: list[object | None] = [None] * ((len(f.weapons) + 1) * len(enemies) * SHOTS)
    out: list[Intent] = []
    _facing(state, f, enemies, kept, out)
    _tend_allies(state, f, allies, out)
    _ending(f, enemies, out)
    return out


def _facing(
    state: BRPState,
    f: Fighter,
    enemies: list[Combatant],
    kept: list[object | None],
    out: list[Intent],
) -> None:
    """The intents §5.2 allows `f` that face its enemies: blows with each weapon, then the
    shield's bash, at each foe in sight (§5.3, §5.9), taken from `kept` where the same
    (`_kept_attack`); then reloads (§5.9). First Aid and waking follow (`_tend_allies`),
    then `_ending`."""
    for i in range(len(f.weapons)):  # then the shield's bash (`Fighter.arms`), no list built
        weapon = f.weapons[i]
        if weapon.ready:
            _attacks_with(state, f, weapon, i * len(enemies) * SHOTS, enemies, kept, out)
    shield = f.shield
    if shield is not None and shield.bash.ready:
        first = len(f.weapons) * len(enemies) * SHOTS
        _attacks_with(state, f, shield.bash, first, enemies, kept, out)
    for w in f.weapons:
        if w.needs_reload and not w.broken:
            out.append(Reload(w))


def _ending(f: Fighter, enemies: list[Combatant], out: list[Intent]) -> None:
    """The last of `f`'s intents: a run toward each foe no weapon reaches (§5.3), kneeling
    behind a large shield (§5.11), defending."""
    for foe in enemies:
        # (in sight: standing, or down but alive)
        if isinstance(foe, Fighter) and foe.hp > 0 and foe.active and not _attacked(out, foe):
            out.append(Advance(foe))  # no weapon reaches it this round: run toward it
    shield = f.shield
    if shield is not None and not shield.broken and shield.data.missile == "large":
        out.append(KNEEL)
    out.append(DEFEND)


def _unchanged(rec: Record, f: Fighter) -> int:
    """What changed of everything `intents` reads of the fighters since `f`'s last listing,
    which `rec` keeps (`SAME`, `ALLIES` or `CHANGED`); what is read now is kept for the
    next. The places are compared by identity (`rec.spots`: `Position` is frozen, so the
    same object is the same point; a move makes a new one); the fighter's weapons and shield
    too (BRP never changes them during a battle: the same list, of the same length); what
    `intents` asks of them (a weapon ready or to reload, the shield broken, a foe in sight
    and standing; an ally alive, down, or with an injury not yet aided) as bits of an
    integer (`rec.bits`, `rec.ally_bits`). The encounter's reach and who is on which side do
    not change during a battle (the record is made again when they do, `BRPState.forget`)."""
    same = True
    enemies, allies = rec.enemies, rec.allies
    spots = rec.spots
    if len(spots) != 1 + len(enemies) + len(allies):
        spots = rec.spots = [f.position for _ in range(1 + len(enemies) + len(allies))]
        same = False
    elif spots[0] is not f.position:
        spots[0] = f.position
        same = False
    weapons, shield = f.weapons, f.shield
    if weapons is not rec.weapons or shield is not rec.shield or rec.listed is None:
        rec.weapons, rec.shield = weapons, shield
        same = False
    bits = len(weapons)
    for w in weapons:
        bits = bits * 4 + _gear_bits(w)
    if shield is not None:
        bits = bits * 8 + _gear_bits(shield.bash) * 2 + (1 if shield.broken else 0)
    k = 1
    for e in enemies:
        if spots[k] is not e.position:
            spots[k] = e.position
            same = False
        k += 1
        if isinstance(e, Fighter):
            bits = bits * 4 + (2 if e.hp > 0 else 0) + (1 if e.status is Status.ACTIVE else 0)
    if bits != rec.bits:
        rec.bits = bits
        same = False
    allies_same = True
    bits = 0
    for a in allies:
        if spots[k] is not a.position:
            spots[k] = a.position
            allies_same = False
        k += 1
        if isinstance(a, Fighter):
            bits = bits * 8 + (4 if a.hp > 0 else 0) + (2 if a.unconscious else 0)
            bits += 1 if _wounded(a) else 0
    if bits != rec.ally_bits:
        rec.ally_bits = bits
        allies_same = False
    return CHANGED if not same else SAME if allies_same else ALLIES


def _gear_bits(w: Weapon) -> int:
    """What `listed_from` asks of a weapon, as two bits: ready to attack (`Weapon.ready`),
    and to be reloaded (`Weapon.needs_reload`, not broken). Read from its fields: the
    properties are calls (issue 35)."""
    hp, shots = w.hp, w.shots
    if hp is not None and hp <= 0:  # broken (§5.6, B10)
        return 0
    ready = 2 if w.loaded and (shots is None or shots > 0) else 0
    return ready + (1 if w.data.missile and w.needs_reload else 0)  # (only missiles reload)


def _wounded(a: Fighter) -> bool:
    """An injury First Aid has not yet treated (§5.14: once per injury)."""
    return any(not i.aided for i in a.injuries)  # (compiled into a loop: no generator)


SHOTS: Final = 4  # the most blows with one weapon at one foe: from here, or from 3 range edges


def _attacks_with(
    state: BRPState,
    f: Fighter,
    weapon: Weapon,
    first: int,
    enemies: list[Combatant],
    kept: list[object | None],
    out: list[Intent],
) -> None:
    """`f`'s blows with `weapon` at each foe in sight (§5.3 with §5.9 for missiles, as
    `shots_from`), added to `out`. Each is kept at its own place in `kept` (from `first`: by
    enemy, then by shot), so a foe's fall moves no other blow's place."""
    reach = state.melee_reach
    missile = weapon.data.missile
    rng = weapon.data.range
    for e in range(len(enemies)):
        foe = enemies[e]
        if not isinstance(foe, Fighter) or foe.hp <= 0:  # not in sight: dead
            continue
        place = first + e * SHOTS
        # measured again for each weapon: a square root costs less than a list of them
        d = metres_between(f, foe)
        if missile:
            if in_range(weapon, d):
                out.append(_kept_attack(kept, place, foe, weapon, 0.0, None))
            if rng is not None:
                for edge in (rng, 2 * rng, 3 * rng):  # as `shots_from` (the edges are ints)
                    place += 1
                    if 0 < d - edge <= MAX_WITH_ACTION:
                        out.append(_kept_attack(kept, place, foe, weapon, d - edge, edge))
        else:
            move = max(0.0, d - reach)  # gap(), with the distance already measured
            if move <= MAX_WITH_ACTION:
                out.append(_kept_blow(kept, place, foe, weapon, move))


def _kept_attack(
    kept: list[object | None],
    place: int,
    foe: Fighter,
    weapon: Weapon,
    move: float,
    within: float | None,
) -> Attack:
    """`Attack(foe, weapon, move, within)`: the one kept at `place` if it is that blow (every
    field the same), else a new one, kept there for the next statement."""
    old = kept[place]
    if (
        isinstance(old, Attack)
        and old.target is foe
        and old.weapon is weapon
        and old.move == move
        and _same_edge(old.within, within)
    ):
        return old
    attack = Attack(foe, weapon, move, within)
    kept[place] = attack
    return attack


def _kept_blow(
    kept: list[object | None], place: int, foe: Fighter, weapon: Weapon, move: float
) -> Attack:
    """`_kept_attack` for a melee blow (no range edge), its fields compared in place."""
    old = kept[place]
    if (
        isinstance(old, Attack)
        and old.target is foe
        and old.weapon is weapon
        and old.move == move
        and old.within is None
    ):
        return old
    attack = Attack(foe, weapon, move, None)
    kept[place] = attack
    return attack


def _same_edge(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a == b


def _attacked(options: list[Intent], foe: Fighter) -> bool:
    """Whether one of `options` attacks `foe` (a few options: not worth a set or flags)."""
    return any(isinstance(option, Attack) and option.target is foe for option in options)


def _tend_allies(state: BRPState, f: Fighter, allies: list[Combatant], out: list[Intent]) -> None:
    """§5.14 First Aid to a wounded ally, §5.12 waking an unconscious one, within a move."""
    for ally in allies:
        if not isinstance(ally, Fighter) or ally.hp <= 0:
            continue
        wounded = _wounded(ally)
        unconscious = ally.unconscious
        if not wounded and not unconscious:
            continue  # nothing to do for this ally: no distance to measure
        move = gap(state, f, ally)
        if move > MAX_WITH_ACTION:
            continue
        if wounded:
            out.append(FirstAid(ally, move))
        if unconscious:
            out.append(Awaken(ally, move))


def is_missile(weapon: Weapon) -> bool:
    return weapon.data.kind is not data.Kind.MELEE


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(Attack, Advance, Reload, FirstAid, Awaken, Kneel, Defend)
