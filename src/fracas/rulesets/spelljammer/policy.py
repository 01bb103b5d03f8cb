"""The default Spelljammer tactics, for every side nobody else controls. It reads the state
and scores the plans the rules offer; it never rolls and never changes the state.

- attack where the expected damage this round, weighed by the target's hit points left (the
  chance of a kill), is best; attacks a move or a run would cost and the SC a run costs count
  against it, so it stands and fights when it can;
- give up SC to Defending when badly hurt (a third of its hit points or less) and
  outnumbered; Full Defense only when nothing can be attacked; never Desperate Defense;
- casters: go on with a carried spell; cast a damaging spell when it beats their weapon,
  with no movement (+3 initiative) when no foe can reach them this round (keeping out of
  reach), healing on an ally down to half its hit points;
- a new target (SJ-U7): the one with the fewest hit points; never push a desperate defender
  out of reach (SJ-U28) unless into a hazard (rule 193); an attack-and-move fighter makes
  all its attacks (SJ-U29);
- stage 2: a shot into a melee is worth less by the chance it turns on a friend (rules
  245–256), so an archer prefers a foe nobody of its side is fighting — and (issue 30) takes
  no shot likelier to hit the friend than the foe; a weapon is drawn, switched or dropped (a
  free action, then a draw) when the other one does better — an archer caught in melee drops
  its bow and draws its sword; a dropped weapon is picked up; a slung shield is readied
  before the melee, while no foe is in reach (issue 30); a potion is drunk at half its hit
  points or less, out of melee — a fighter down to a third of its hit points with a potion
  facing a single foe attacks and then steps away from the melee, to drink next round; a
  stuck missile is pulled out when there is nothing to attack; an attacker turns from a
  Full Defender to another foe in reach (SJ-U27); it holds its action only when set to wait
  (`waits`, issue 30: until a foe is in reach); it runs up rather than sprints (a sprint
  tires, P3) and never dodges (issue 30 offers it);
- issue 34: an attack is worth its expected harm read from the rules' d100 table, PROT and
  criticals counted (`outlook.expected_harm`), so a foe its weapon barely hurts is the last
  it picks; a fighter down to a third of its hit points whose side has lost the fight
  (`outlook.lost`: three times as long to win as to lose) flees, at the slowest pace that
  outruns the foes; First Aid on a stuck missile is worth the bleeding it stops; a slung
  shield is readied in the melee when the harm its DEF saves outweighs the attacks it costs.
"""

from __future__ import annotations

from typing import Any, Final

from fracas.core.combatant import Decider
from fracas.core.controllers import Policy, UnknownDecision, best_index
from fracas.dice import compile_dice
from fracas.rulesets.spelljammer import (
    data,
    decisions,
    hitting,
    initiative,
    into_melee,
    movement,
    options,
    outlook,
    space,
    withdrawal,
)
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, SjState

MEANS: Final[dict[str, float]] = {}  # by dice: `mean`


def mean(dice: str) -> float:
    """The mean of `dice`, worked out once a process (a potion's or a spell's dice; the
    exact fractions were summed for each battle's policy anew, issue 35)."""
    found = MEANS.get(dice)
    if found is None:
        dist = compile_dice(dice).distribution()
        found = MEANS[dice] = float(sum(v * dist.probability(v) for v in dist.outcomes()))
    return found


def modified(state: SjState, me: Fighter, target: Fighter, w: Arm | None = None) -> int:
    """SC − DEF as things stand before the round (no plan of `me`'s yet): `hitting.declared`."""
    return hitting.declared(state, me, target, w)


def on_time(me: Fighter, mod: int) -> float:
    """About how often a 1d10 + IM + `mod` initiative escapes the −6 loss (rule 13)."""
    return min(1.0, max(0.0, (10 + me.im + mod + 5) / 10))


def hit_chance(base: int, penalty: int) -> float:
    """About how often an attack hits: (SC − DEF) in 100, between the automatic 3 and 95."""
    return min(95, max(3, base - penalty)) / 100


class Pair:
    """What the scoring knows of a target and a weapon in a round (issue 35: worked out once,
    not for each plan against it): SC − DEF as things stand, a missile's chance of a friend
    (−1: not yet asked) and one attack's expected harms (`outlook.HARMS`). Kept for the
    battle and renewed in each later round (`renew`)."""

    __slots__ = (
        "arm", "base", "dice", "friend", "harm", "harms", "hp", "prot", "ranged", "round",
        "target", "weight",
    )  # fmt: skip

    def __init__(self, target: Fighter, arm: Arm, base: int, round: int = -1) -> None:
        self.target, self.arm, self.base, self.round = target, arm, base, round
        self.friend = -1.0
        self.dice, self.prot = arm.damage, target.prot()
        self.harms = outlook.harm_table(self.dice, self.prot)  # `outlook.HARMS`
        self.harm = -1.0  # the harm at `base`, no penalty (most plans); −1: not yet read
        self.hp = max(1, target.hp)  # an attack's worth: harm / hp × weight (`_attack`)
        self.weight = 1 + 1 / self.hp
        self.ranged = arm.ranged

    def renew(self, base: int, round: int) -> None:
        """The pair as things stand in `round` (SC − DEF `base`, `hitting.declared`), as a new
        `Pair` would be (issue 35: a 4v4 made about 130 a battle). What is read again is read
        again (the target's hit points and PROT, the weapon's dice and kind); the harm at no
        penalty is kept only while SC − DEF, the dice and PROT it was read at are unchanged
        (it is `harms[base]`), and a missile's friend chance is asked anew (who is in melee
        changes)."""
        self.round, self.friend = round, -1.0
        if base != self.base:
            self.base, self.harm = base, -1.0
        dice, prot = self.arm.damage, self.target.prot()
        if prot != self.prot or dice != self.dice:
            self.dice, self.prot, self.harm = dice, prot, -1.0
            self.harms = outlook.harm_table(dice, prot)
        hp = max(1, self.target.hp)
        if hp != self.hp:
            self.hp, self.weight = hp, 1 + 1 / hp
        self.ranged = self.arm.ranged


# An attack plan's modes (rules 131–149, 220–223), each with its place in `PlainKept`.
MODES: Final = ("stand", "still", "move", "run", "then_move", "aim", "aim_still")
# `MODES`' places by name (`Final`: mypyc reads each as a C constant), so a scored plan's mode
# is compared once (`mode_slot`), not once for each rule that reads it (issue 35).
STAND: Final = 0
STILL: Final = 1
RUN: Final = 3
THEN_MOVE: Final = 4
AIM: Final = 5
AIM_STILL: Final = 6


def mode_slot(mode: str) -> int:
    """`mode`'s place in `MODES` (−1: another), found by comparison: compiled, comparing
    with a literal is first a pointer comparison, where a dictionary look-up hashes and
    probes (issue 35: every attack plan scored asks)."""
    if mode == "stand":
        return 0
    if mode == "still":
        return 1
    if mode == "move":
        return 2
    if mode == "run":
        return 3
    if mode == "then_move":
        return 4
    if mode == "aim":
        return 5
    if mode == "aim_still":
        return 6
    return -1


class Kept:
    """The attacks a kind of plan keeps (`initiative.attacks_kept`) and how often one escapes
    the −6 loss (`on_time`): read field by field (issue 35: a tuple was built and its float
    boxed for every attack plan scored)."""

    __slots__ = ("n", "timely")

    def __init__(self, n: int, timely: float) -> None:
        self.n, self.timely = n, timely


class PlainKept:
    """A fighter's `_kept` of the plans with a mode only, by mode (`MODES`' places in `kinds`,
    None: not yet worked out; any other mode in `modes`), while its attacks and IM stay as
    they were (issue 35: the same answers every round outside the surprise round — rules 13,
    132, 148, 223, SJ-U4 read nothing else of such a plan)."""

    __slots__ = ("attacks", "im", "kinds", "modes")

    def __init__(self, attacks: int, im: int) -> None:
        self.attacks, self.im = attacks, im
        self.kinds: list[Kept | None] = [None] * len(MODES)
        self.modes: dict[str, Kept] = {}


class Held:
    """What the policy keeps of a fighter for the battle, found by one look-up a declaration
    (issue 35: two dictionaries were asked): its `Pair`s (`SjPolicy._pairs_of`) and its
    `PlainKept` (`SjPolicy._plain_modes`; None: none yet). Names fighters and weapons only
    (no cycle)."""

    __slots__ = ("modes", "pairs")

    def __init__(self) -> None:
        self.pairs: list[Pair] = []
        self.modes: PlainKept | None = None


class RoundHarm(outlook.ExpectedHarm):
    """`outlook.ExpectedHarm` from the policy's round's pairs (`SjPolicy._attack_harm`). Made for
    one `time_to_win` and let go after it: kept by the policy it would make a cycle."""

    __slots__ = ("policy",)

    def __init__(self, policy: SjPolicy) -> None:
        self.policy = policy

    def of(self, state: SjState, a: Fighter, e: Fighter) -> float:
        return self.policy._attack_harm(a, e)


def harm_rises() -> bool:
    """One attack's expected harm (`outlook.expected_harm`) never falls as SC − DEF rises,
    against PROT 0 or more (`SjPolicy._beaten`), when the d100 table's bands (rules 39–59,
    `data.CRITICAL_BANDS`) rise with the modified SC: each face that hits, criticals or is
    grievous at one SC does so at every higher one (rule 37, SJ-U8: the floors 01–03 and the
    misses 96–100 read no SC), and a critical or grievous hit takes twice the roll through
    PROT, a hit the roll less PROT (SJ-U11): at least as much, face by face. Checked on the
    bundled table when loaded (tests/spelljammer/test_bound.py checks the harms too)."""
    last, top_grievous, top_critical = -(10**9), 0, 0
    for low, grievous, critical in data.CRITICAL_BANDS:
        if low <= last or grievous < top_grievous or critical < top_critical:
            return False
        last, top_grievous, top_critical = low, grievous, critical
    return True


HARM_RISES: Final = harm_rises()

# About the rounds a fight has left: for the bleeding First Aid stops and the harm a readied
# shield saves (issue 34).
BLEED_ROUNDS = 3


class SjPolicy(Policy):
    def __init__(self, state: SjState) -> None:
        self.state = state
        # Per target and weapon (found by identity: an `id` is a large integer, boxed and
        # hashed at each look-up), and per kind of plan, for the declaration being scored.
        self._pairs: list[Pair] = []
        self._last: Pair | None = None  # the `Pair` last asked for
        # Each fighter's `Pair`s and `PlainKept` (`_held`), kept for the battle.
        self._held: dict[Fighter, Held] = {}
        self._kinds: dict[tuple[str, str, str, str], Kept] = {}
        self._modes = PlainKept(0, 0)  # `_kinds` of the plans with a mode only
        self._threat_count = -1  # `_threats` of the fighter declaring (−1: not yet counted)
        self._pace = ""  # its `_flight_pace` ("": not yet worked out)
        self._lost = -1  # its `_lost_for`: 1 lost, 0 not (−1: not yet asked)
        self._odds: dict[tuple[int, str], float] = {}  # per round and side (issue 34)
        self._wins: dict[tuple[int, str], float] = {}  # `outlook.time_to_win`, likewise
        # `HARM_RISES`, read as a field (a module's object constant is a look-up by name).
        self._rises = HARM_RISES
        # The plans without a foe every declaration offers (`_past_shared`), as fields
        # (likewise): the flight and dodging plans a tuple of five (compiled, read unboxed).
        self._flights: tuple[Plan, Plan, Plan, Plan, Plan] = (
            options.AWAY[0], options.AWAY[1], options.AWAY[2], options.AWAY[3], options.AWAY[4],
        )  # fmt: skip
        self._full, self._desperate = options.FULL, options.DESPERATE
        self._desperate_still, self._hold = options.DESPERATE_STILL, options.HOLD

    def _mean(self, dice: str) -> float:
        return mean(dice)

    def pick(self, who: Decider, decision: str, given: list[Any]) -> int:
        """The default tactics' answer; the table calls it directly
        (`core.controllers.Policy`)."""
        if isinstance(who, Fighter) and decision == decisions.DECLARE:
            held = self._held_of(who)
            self._pairs, self._modes = held.pairs, self._plain_modes(who, held)
            if self._kinds:  # per declaration (left empty by most: none made)
                self._kinds = {}
            self._threat_count, self._pace, self._last, self._lost = -1, "", None, -1
            return self._best_plan(who, given)  # read only: no copy (issue 35)
        options: list[Any] = list(given)
        if isinstance(who, Fighter):
            if decision == decisions.RETARGET:
                return best_index([-float(t.hp) for t in options])
            if decision == decisions.PUSH:  # only into a hazard (rule 193)
                return self._hazard_push(who, options)
            if decision == decisions.MOVE_NOW:
                return 0  # keep attacking
            if decision == decisions.SWITCH:  # SJ-U27, rule 194: away from the defender
                if self._hazard_push(who, withdrawal.push_options(), options[0]):
                    return 0  # stay, to push the desperate defender into the hazard
                return best_index([-1e9, *(-float(t.hp) for t in options[1:])])
        if decision == decisions.FLYER:  # rule 206: the GM lets an agile flyer go
            return 1
        raise UnknownDecision(f"the Spelljammer policy has no answer to {decision!r}")

    def _best_plan(self, me: Fighter, plans: list[Plan]) -> int:
        """`best_index` of the plans' scores, scored as they come (issue 35: no list of boxed
        scores, and no look-up through a `Sequence`): the first of the best on a tie, and a
        score beats the best so far only when greater, exactly as `best_index` compares. A
        Defending plan that cannot score above the plain attack before it (`_beaten`) is not
        scored: it could never be picked; nor are the shared plans without a foe once the
        best so far is 0 or more, for a fighter that is calm (`_past_shared`)."""
        best, top = 0, 0.0
        last: Plan | None = None  # the last plan scored that gives up no SC (`_beaten`)
        calm = not me.waits and 3 * me.hp > me.max_hp  # `_past_shared`
        first = self._flights[0]
        past = 0  # the plans before it passed (`_past_shared`)
        for i, plan in enumerate(plans):
            if i < past:
                continue
            if plan is first and calm and i > 0 and top >= 0.0:
                past = self._past_shared(plans, i)
                if past > i:
                    continue
            if plan.sacrifice:
                if last is not None and self._beaten(me, plan, last):
                    continue
            else:
                last = plan
            score = self._plan(me, plan)
            if i == 0 or score > top:
                best, top = i, score
        return best

    def _past_shared(self, plans: list[Plan], i: int) -> int:
        """The index after the shared plans without a foe from `i` on (`options.AWAY`'s five
        together, then `FULL`, `DESPERATE`, `DESPERATE_STILL`, `HOLD`, found by identity, in
        the order the rules list them; `FULL` only with a weapon; `i`: none found). None can
        be picked when the best so far scores 0 or more (issue 35: nine plans a declaration,
        scored one by one to lose): for a fighter
        neither set to wait (`waits`, SJ-U34: then it holds) nor hurt to a third of its hit
        points (then it may flee, issue 34), fleeing (rules 202, 215–217) and dodging (218)
        score −0.6, Full Defense (184–186) 0, Desperate Defense (190–191) −1 or −2, holding
        (rule 36) −0.5 (`_plan`): none above 0, and a score beats the best only when
        greater. tests/spelljammer/test_bound.py holds the pick to every plan scored."""
        n = len(plans)
        away = self._flights
        if not (
            i + 5 <= n and plans[i] is away[0] and plans[i + 1] is away[1]
            and plans[i + 2] is away[2] and plans[i + 3] is away[3] and plans[i + 4] is away[4]
        ):  # fmt: skip
            return i
        i += 5
        if i < n and plans[i] is self._full:
            i += 1
        if i < n and plans[i] is self._desperate:
            i += 1
        if i < n and plans[i] is self._desperate_still:
            i += 1
        if i < n and plans[i] is self._hold:
            i += 1
        return i

    def _beaten(self, me: Fighter, plan: Plan, plain: Plan) -> bool:
        """`plan` gives up SC to Defending (rule 179) in an attack otherwise `plain`'s, scored
        before it, and cannot score above it (issue 35: two of the five plans against a foe
        in reach were scored only to lose). Both keep the same attacks, as often in time
        (`_kept`: the same mode, handling and nothing alongside), so `plan`'s value is its
        harm at the lower SC, weighed as `plain`'s; when the SC given up is a sacrifice,
        not a help (`_attack`: unhurt, or hurt with one foe or none in reach), it scores
        that value − 0.001. One attack's expected harm never falls as SC − DEF rises
        (`HARM_RISES`: the d100 table's bands rise with the modified SC, and against PROT 0
        or more a critical takes at least what a hit does, face by face), so that value is
        at most `plain`'s, itself at most `plain`'s score (× 1.15 when aimed, SJ-U43): never
        above the best so far. Anything else (a missile, whose friend check reads the
        penalty; something alongside; a negative PROT; the table not proven) is scored."""
        w = plain.arm
        t = plain.target
        if (
            plan.target is not t or plan.arm is not w or w is None or t is None or w.ranged
            or not self._rises or plain.mode != "stand" or plan.mode != "stand"
            or plain.action != "attack" or plan.action != "attack"
            or plan.handling != plain.handling or plan.extra or plain.extra or plan.cost
            or plain.cost or t.prot() < 0
        ):  # fmt: skip
            return False
        return 3 * me.hp > me.max_hp or self._threats(me) <= 1

    def _plan(self, me: Fighter, plan: Plan) -> float:
        if plan.action == "attack":  # most plans: asked first (the order below gives the same)
            return -1.0 if self._waiting(me) else self._attack(me, plan)
        if plan.action == "continue":
            return 100.0
        if plan.action == "desperate":
            return -1.0 if plan.mode == "stand" else -2.0
        if plan.action == "full":
            return 0.0
        if self._waiting(me):  # SJ-U34: a monster that waits holds until a foe comes
            return 0.5 if plan.action == "hold" else -1.0
        if plan.action == "flee":  # four plans a declaration: asked before the rarer ones
            return self._flee(me, plan)
        if plan.action == "advance":  # running up; a sprint only tires it (P3)
            return 0.01 if plan.mode == "stand" else 0.009 if plan.mode == "sprint" else 0.008
        if plan.action == "dodge":
            return -0.6  # rule 218: no attacks, only −20 to missiles; fleeing does more
        if plan.action in ("hold", "caught", "shield", "drink", "pickup", "aid"):
            return self._own(me, plan)
        assert plan.target is not None
        if plan.action == "cast":
            return self._cast(me, plan)
        return self._attack(me, plan)

    def _flee(self, me: Fighter, plan: Plan) -> float:
        """Issue 34: a hurt fighter whose side has lost the fight (`outlook.lost`) flees at
        the slowest pace that outruns the fastest foe's run (P3: a sprint tires); otherwise
        it stands."""
        if 3 * me.hp > me.max_hp:  # cheap first: `lost` needs it
            return -0.6
        if self._lost < 0:  # once a declaration: every flight plan asks
            self._lost = 1 if self._lost_for(me) else 0
        if not self._lost:
            return -0.6
        if not self._pace:  # once a declaration: every flight plan asks
            self._pace = self._flight_pace(me)
        return 200.0 if plan.mode == self._pace else -0.6

    def _lost_for(self, me: Fighter) -> bool:
        """`outlook.lost`, with the side's odds read once a round."""
        key = (self.state.round, me.side)
        odds = self._odds.get(key)
        if odds is None:
            odds = self._odds[key] = outlook.odds_against(self.state, me, self._time_to_win)
        return outlook.lost(odds, 1 - me.hp / max(1, me.max_hp))

    def _time_to_win(self, f: Fighter) -> float:
        """`outlook.time_to_win` of `f`'s side, once a round (it reads only the side)."""
        key = (self.state.round, f.side)
        found = self._wins.get(key)
        if found is None:
            found = self._wins[key] = outlook.time_to_win(self.state, f, RoundHarm(self))
        return found

    def _flight_pace(self, me: Fighter) -> str:
        """The slowest pace (TMR ×1 to ×4, P3) faster than every able foe's run (2× TMR).
        Loops, compared as `max` and the list of paces did (issue 35: a generator, `max`
        called through Python with a keyword, and a tuple of tuples iterated as objects)."""
        mine = movement.tmr(self.state, me)
        chase = 0.0  # 0 with no able foe (`max`'s default)
        seen = False
        for e in outlook.able_foes(self.state, me):
            run = 2 * movement.tmr(self.state, e)
            if not seen or run > chase:
                chase, seen = run, True
        if mine > chase:  # TMR ×1
            return "walk"
        if 2 * mine > chase:
            return "run"
        if 3 * mine > chase:
            return "sprint"
        return "fast_sprint"

    def _waiting(self, me: Fighter) -> bool:
        """A fighter set to wait (`waits`, issue 30) with no foe to strike from where it
        stands."""
        return me.waits and not self._foe_at_hand(me)

    def _foe_at_hand(self, me: Fighter) -> bool:
        """A foe it can strike from where it stands (its reach and the free move, or its
        missile's range)."""
        free = space.FREE_MOVE
        ranged = me.arms and me.weapon.ranged
        far = float(me.weapon.data.range) if ranged else space.REACH + free
        return any(
            isinstance(e, Fighter) and e.able and not e.hidden and space.gap(me, e) <= far
            for e in self.state.enemies_of(me)
        )

    def _hazard_push(self, me: Fighter, options: list[Any], t: Fighter | None = None) -> int:
        """Push a desperate defender (`t`, or the one `me` is pushing) only the way that lands
        it in a hazard (rules 192–193): the option's index, or 0 (no push)."""
        if t is None:
            t = next(
                (e for e in self.state.enemies_of(me)
                 if isinstance(e, Fighter) and e.plan is not None and e.plan.action == "desperate"
                 and me in e.pushed_by and space.in_reach(me, e)),
                None,
            )  # fmt: skip
        if t is None or t.plan is None or t.plan.action != "desperate":
            return 0
        for i, option in enumerate(options[1:], 1):
            if withdrawal.hazard_at(self.state, withdrawal.pushed_to(t, option)) is not None:
                return i
        return 0

    def _own(self, me: Fighter, plan: Plan) -> float:
        """Stage 2's plans without a foe: never hold; pick a dropped weapon up; ready a shield
        when nothing is in reach, or in the melee when it pays; pull a stuck missile when it
        pays; drink at half the hit points."""
        if plan.action == "pickup":
            return 0.02
        if plan.action == "shield":  # issue 30: readied before the melee; in it, if it pays
            return 1.0 if not self._foe_at_hand(me) else self._shield_worth(me)
        if plan.action == "aid" and plan.target is not None:
            return self._aid(me, plan.target)
        if plan.action == "drink":
            return self._potion(me, plan)
        return -0.5 if plan.action == "hold" else 0.0

    def _shield_worth(self, me: Fighter) -> float:
        """Issue 34, rule 155: a shield readied in the melee is worth the harm its DEF saves
        from the foes who can reach `me`, over the rounds a fight has left, as a share of
        its hit points — weighed like an attack's share of a foe's."""
        saved = sum(
            max(1, e.attacks) * outlook.harm_saved(self.state, e, me, me.def_shield)
            for e in self._threat_list(me)
        )
        return BLEED_ROUNDS * saved / max(1, me.hp)

    def _aid(self, me: Fighter, patient: Fighter) -> float:
        """SJ-U46 (issue 34): pulling a stuck missile is worth the bleeding it stops over
        the rounds a fight has left (`BLEED_ROUNDS`) and its DEX penalty, as a share of the
        patient's hit points, at the First Aid skill's chance — weighed like an attack's
        share of a foe's."""
        loss = sum(BLEED_ROUNDS * s.bleed + s.dex for s in patient.stuck)
        return min(1.0, me.first_aid / 100) * loss / max(1, patient.hp)

    def _has_potion(self, me: Fighter) -> bool:
        return any(p.count > 0 for p in me.potions)

    def _potion(self, me: Fighter, plan: Plan) -> float:
        """Rules 157–159: worth its healing, as a share of the hit points, at half or less."""
        if plan.potion is None or 2 * me.hp > me.max_hp:
            return -0.01
        return min(me.max_hp - me.hp, self._mean(plan.potion.heal)) / max(1, me.max_hp)

    def _attack(self, me: Fighter, plan: Plan) -> float:
        """An attack plan's worth: its expected harm this round as a share of the target's
        hit points (`Pair`), by the attacks it keeps and how often they come in time
        (`Kept`). Its mode is compared once (`mode_slot`): `plan.still` is `STILL` or
        `AIM_STILL`, `plan.aiming` `AIM` or `AIM_STILL` (`Plan`'s properties, issue 35).
        An attack-and-move plan that does not step away to drink scores −0.5 whatever its
        harm (below): known first, so its harm is not read (issue 35: one plan in five)."""
        assert plan.target is not None
        t = plan.target
        w = plan.arm or me.weapon
        i = mode_slot(plan.mode)
        if i == THEN_MOVE and not plan.sacrifice and not w.ranged and not self._away(me):
            return -0.5  # as below: not a missile (no −0.7), no Defending, not stepping away
        penalty = (25 if i == RUN else 0) + plan.sacrifice
        pair = self._pair(me, t, w)
        kept = self._kept(me, plan, i)
        n = kept.n
        harm = n * self._harm(pair, penalty)
        value = harm / pair.hp * pair.weight * kept.timely  # harm / hp × (1 + 1 / hp) × timely
        if pair.ranged:  # rules 245–256: a shot that may turn on a friend
            friend = pair.friend
            if friend < 0:
                friend = pair.friend = into_melee.friend_chance(self.state, me, t, w)
            if friend > (1 - friend) * hit_chance(pair.base, penalty):
                return -0.7  # issue 30: likelier to hit the friend than the foe: no shot
            value *= 1 - 2 * friend
        if plan.extra:  # rare: most plans have nothing alongside
            if plan.extra == "potion":
                value += self._potion(me, plan)
            elif plan.extra == "shield":
                value += self._shield_worth(me)
        hurt = 3 * me.hp <= me.max_hp
        if plan.sacrifice:
            return value + (0.5 if hurt and self._threats(me) > 1 else -0.001)
        if i == THEN_MOVE:  # step away to drink next round (rules 135, 158)
            return value + 0.5 if self._away(me) else -0.5
        still = -0.002 if i in (STILL, AIM_STILL) else 0.0  # −20 DEF for +3 initiative
        if i in (AIM, AIM_STILL):  # +15 on the shots left; one attack: shoots next round
            aimed = value * (1.15 if n else 0.0) + (0.0 if n else 0.5 * self._aim_next(me, t))
            return aimed + still
        if i in (STAND, STILL) and me.aimed:
            value *= 1.15  # SJ-U43: last round's aim, standing still
        return value + still

    def _away(self, me: Fighter) -> bool:
        """Rules 135, 158: hurt to a third of its hit points or less, with a potion and one foe
        or none in reach, it attacks and steps away, to drink next round."""
        return 3 * me.hp <= me.max_hp and self._has_potion(me) and self._threats(me) <= 1

    def _harm(self, pair: Pair, penalty: int) -> float:
        """Issue 34: one attack's expected harm, PROT and criticals counted
        (`outlook.expected_harm`, the rules' d100 table), less the plan's `penalty` to SC —
        so a foe its weapon barely hurts is the last it picks (`outlook.HARMS`). At no
        penalty, kept on the `Pair` (most plans, and `time_to_win`, ask it): each other
        penalty is asked once a pair (a Defending's or a run's plan), so it is not kept."""
        if not penalty and pair.harm >= 0:
            return pair.harm
        modified = pair.base - penalty
        found = pair.harms.get(modified)
        if found is None:
            found = outlook.expected_harm(pair.arm.damage, modified, pair.target.prot())
            pair.harms[modified] = found
        if not penalty:
            pair.harm = found
        return found

    def _cast(self, me: Fighter, plan: Plan) -> float:
        spell, t = plan.spell, plan.target
        assert spell is not None and t is not None
        safe = self._threats(me) == 0
        bonus = 0.001 if plan.still == safe else -0.001
        if spell.heal:
            need = t.max_hp - t.hp
            return (2.0 if 2 * t.hp <= t.max_hp else 0.1) * min(
                need, self._mean(spell.heal)
            ) + bonus
        value = self._mean(spell.damage) / max(1, t.hp) * (1 + 1 / max(1, t.hp)) * 1.5
        return value + bonus

    def _aim_next(self, me: Fighter, t: Fighter) -> float:
        """A one-attack archer aiming now: half its next, better, shot's value, when no foe
        can reach it this round."""
        if self._threats(me) or me.aimed:
            return 0.0
        p = hit_chance(self._base(me, t, me.weapon), -15)
        return p * self._mean(me.weapon.damage) / max(1, t.hp)

    def _kept(self, me: Fighter, plan: Plan, i: int) -> Kept:
        """The attacks a plan keeps and how often one escapes the −6 loss, once per kind of
        plan in a declaration. `i`: its mode's place in `MODES` (`mode_slot`)."""
        if not plan.handling and not plan.extra and not plan.cost:
            kept = self._modes  # most plans: known by their mode alone (no key built)
            if i >= 0:
                found = kept.kinds[i]
                if found is None:
                    found = kept.kinds[i] = self._kept_now(me, plan)
                return found
            other = kept.modes.get(plan.mode)
            if other is None:
                other = kept.modes[plan.mode] = self._kept_now(me, plan)
            return other
        key = (plan.mode, plan.handling, plan.extra, plan.cost)
        kind = self._kinds.get(key)
        if kind is None:
            kind = self._kinds[key] = self._kept_now(me, plan)
        return kind

    def _plain_modes(self, me: Fighter, held: Held) -> PlainKept:
        """`_modes` for `me`'s declaration: kept from its earlier rounds while its attacks and
        IM are unchanged (`PlainKept`, on `me`'s `Held`); in the surprise round, worked out
        afresh (rules 104–106, 160: the ambush bands and a warning change what a plan
        keeps)."""
        if self.state.surprise_round:
            return PlainKept(me.attacks, me.im)
        kept = held.modes
        if kept is None or kept.attacks != me.attacks or kept.im != me.im:
            kept = held.modes = PlainKept(me.attacks, me.im)
        return kept

    def _kept_now(self, me: Fighter, plan: Plan) -> Kept:
        n = initiative.attacks_kept(self.state, me, plan)
        return Kept(n, on_time(me, initiative.modifier(plan)))

    def _base(self, me: Fighter, t: Fighter, w: Arm) -> int:
        return self._pair(me, t, w).base

    def _pair(self, me: Fighter, t: Fighter, w: Arm) -> Pair:
        """The declaration's `Pair` of `t` and `w`, found by identity: the last one asked
        first (the rules list a target's plans together, `options.plans`)."""
        last = self._last
        if last is not None and last.target is t and last.arm is w:
            return last
        pair = self._pair_in(self._pairs, me, t, w)
        self._last = pair
        return pair

    def _pair_in(self, pairs: list[Pair], me: Fighter, t: Fighter, w: Arm) -> Pair:
        """`me`'s `Pair` of `t` and `w` in `pairs` (`_pairs_of`) for this round: made on the
        first ask, renewed on the first ask of a later round (`Pair.renew`)."""
        now = self.state.round
        for pair in pairs:
            if pair.target is t and pair.arm is w:
                if pair.round != now:
                    pair.renew(hitting.declared(self.state, me, t, w), now)  # `modified`
                return pair
        pair = Pair(t, w, hitting.declared(self.state, me, t, w), now)  # `modified`
        pairs.append(pair)
        return pair

    def _pairs_of(self, me: Fighter) -> list[Pair]:
        """`me`'s `Pair`s, each as things stand in this round's declarations (issue 35:
        `outlook.time_to_win` reads the same SC − DEF and harms). Safe for the whole round:
        the declarations are made as things stood before it (rules 1–2, SJ-U6) — no plan is
        set, nobody moves or is hurt until all are made (`round.declare`) — and the policy
        reads its own state only (a copy of the state gets its own policy,
        `Spelljammer.policy`). Kept for the battle (renewed a round, `_pair_in`): a list per
        fighter, naming fighters and weapons only (no cycle)."""
        return self._held_of(me).pairs

    def _held_of(self, me: Fighter) -> Held:
        """`me`'s `Held`, made on the first ask."""
        found = self._held.get(me)
        if found is None:
            found = self._held[me] = Held()
        return found

    def _attack_harm(self, a: Fighter, e: Fighter) -> float:
        """`outlook.attack_harm` of `a` at `e` with its weapon in hand, from `a`'s round's
        `Pair` (the same SC − DEF, `hitting.declared`, and the same harm table)."""
        return self._harm(self._pair_in(self._pairs_of(a), a, e, a.weapon), 0)

    def _threats(self, me: Fighter) -> int:
        """How many foes could reach `me` in melee this round (counted once a declaration:
        only the declaring fighter's plans ask)."""
        if self._threat_count < 0:
            self._threat_count = len(self._threat_list(me))
        return self._threat_count

    def _threat_list(self, me: Fighter) -> list[Fighter]:
        """Foes who could reach `me` in melee this round (a run and a step)."""
        return [
            e for e in self.state.enemies_of(me)
            if isinstance(e, Fighter) and e.able and e.arms and not e.weapon.ranged
            and space.gap(e, me) <= space.REACH + e.tmr
        ]  # fmt: skip
