"""When the default tactics withdraw (F-SAM-121; issue 34: "a side that cannot win
withdraws"), read from the exact odds of one single attack both ways (`odds.single_attack`,
rules 45-54, SAM-A24): the wounds a blow deals on average, a blow going down counted as one.

- **It cannot hurt**: every enemy it knows is where its blows already land as well as they
  can (in a melee weapon's reach, or in range of a shooting weapon with no range penalty left
  to close) and no blow of any weapon it carries, plain or called, can wound one (a
  warhorse's hooves against a crossbowman behind heavy cover), and it is being hurt or no
  ally of its can hurt them either: two sides that cannot hurt each other end the fight so,
  not at the round cap. An archer whose arrows cannot wound the ogre stays while her friends
  can.
- **It is losing**: it is wounded, and the enemies that can strike it now deal, together, at
  least `LOSING` times the wounds its best such blow deals; or it is struck while staggered
  and no blow of its own can wound from where it stands (rule 186: each turn's stunned
  seconds keep it from coming to blows).

A staggered attacker (rule 186) loses a d6 of seconds at each turn's start, and the action
under way with them (rule 185): its blow (`options.combo_seconds`, SAM-A1) lands only on the
turns it loses few enough, so its wounds count at that share. A blow at an enemy it cannot
see is reckoned as if the square were known (SAM-A43), an envenomed one without its venom
(rule 203); the blows the exact odds leave to the enumerator (a cover object, a delayed or
morale weapon, an area) make no reckoning, and then it does not withdraw."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from fracas.dice.compiler import max_of
from fracas.dice.parser import parse
from fracas.rulesets.semiautomagic import actions, attack, called, mounted, odds, space
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

LOSING: Final = 3  # issue 34: three wounds taken for one dealt is a fight it cannot win
ASK: Final = -(10**9)  # `blow_key`: the attack bonus not given (none is this low)


def beaten(state: SamState, me: Fighter, sights: Sights | None = None) -> bool:
    """It cannot hurt any enemy it knows, or it is wounded and losing (module docstring); a
    ridden mount, only when its rider is too, or is hurt and cannot answer from its back
    (rule 134: they go together). `sights`: the deciding policy's (`Sights`)."""
    rider = mounted.find(state, me.rider_id) if me.rider_id else None
    if (
        rider is not None
        and rider.active
        and not (alone_beaten(state, rider) or unanswered(state, rider))
    ):
        return False
    return alone_beaten(state, me, sights)


def unanswered(state: SamState, me: Fighter) -> bool:
    """It is hurt and no blow of its own deals a wound from where it is (a rider whose mount
    stands where the rider cannot strike: only the mount could carry it elsewhere)."""
    best, _ = reckoned(state, me)
    return best is not None and best[0] == 0 and struck(state, me) is True


def alone_beaten(state: SamState, me: Fighter, sights: Sights | None = None) -> bool:
    """It cannot hurt any enemy it knows (and is hurt, or no ally can), or it is wounded and
    losing. Unwounded and not staggered, only the first can hold: a blow of its that can
    hit and wound settles it at once, without the exact odds."""
    if not me.wounds and me.staggered <= 0 and wounds_or_unsettled(state, me, sights):
        return False
    best, settled = reckoned(state, me, sights)
    if best is None:
        return False  # the exact odds cannot say
    if best[0] > 0:
        if not me.wounds:
            return False  # unwounded, not losing; and a blow that wounds is none of the rest
        taken = taken_below(state, me, best)
        # taken >= LOSING x best, as fractions (positive denominators)
        return taken is not None and taken[0] * best[1] >= LOSING * best[0] * taken[1]
    # Its best blow deals 0: only "cannot hurt" (settled) or rule 186 (staggered) can hold,
    # and of the blows taken only whether one wounds (issue 35: `struck`, not their sum).
    if not settled and me.staggered <= 0:
        return False
    hurt = struck(state, me)
    if hurt is None:
        return False  # a blow taken the exact odds cannot reckon
    if settled:
        return hurt or not any(may_hurt(state, o) for o in allies(state, me))
    return hurt  # rule 186: struck, no blow of its own landing, too stunned to come


def can_wound(state: SamState, me: Fighter, sights: Sights | None = None) -> bool:
    """Some plain blow of its lands on a known enemy now, its best roll hits (rules 37-40)
    and its largest damage is above the enemy's Minimum Toughness (rule 53)."""
    for e in foes_known(state, me, sights):
        for w in me.weapons:
            if w.jammed or w.data.area:
                continue
            sit = landing(state, me, e, w, sights)
            if sit is None:
                continue
            # (the damage after the landing: a foe out of reach is the commoner miss, and the
            # reach test is cheaper than the damage's look-up; measured, issue 35)
            hits = sit.auto or 6 + bonus_of(me, w, sights) + sit.x >= sit.target
            if hits and largest(w.damage) - w.wounds > e.min_toughness:
                return True
    return False


def wounds_or_unsettled(state: SamState, me: Fighter, sights: Sights | None = None) -> bool:
    """`can_wound`, or some known enemy is where no blow of its lands as well as it can
    (`own_blows`' `at_best` False: then `reckoned`'s `settled` is False). Either settles an
    unwounded fighter, not staggered, as not beaten (`alone_beaten`: unwounded, only "it
    cannot hurt" can hold, and it needs every enemy settled), without the exact odds (issue
    35: a fighter closing in was reckoned every round for nothing). The blows looked at are
    `own_blows`' (every weapon not jammed, an area one too), those that can wound
    `can_wound`'s (no area weapon)."""
    for e in foes_known(state, me, sights):
        at_best = False
        for w in me.weapons:
            if w.jammed:
                continue
            sit = landing(state, me, e, w, sights)
            if sit is None:
                continue
            if not w.data.area:  # `can_wound`'s test
                hits = sit.auto or 6 + bonus_of(me, w, sights) + sit.x >= sit.target
                if hits and largest(w.damage) - w.wounds > e.min_toughness:
                    return True
            if not at_best:  # `own_blows`' (the metres only for a shot)
                melee = w.data.kind == "melee"
                at_best = melee or space.range_penalty(
                    space.metres(state, me, e), w.data.increment
                ) == 0
        if not at_best:
            return True  # not settled: "it cannot hurt" does not hold
    return False


def bonus_of(a: Fighter, w: Wielded, sights: Sights | None = None) -> int:
    """`attack.attack_bonus` of `a`'s `w` (rules 48, 57, 61, 68): the decision's, worked out
    once (`Sights.bonus`), when it is the deciding fighter's weapon in hand."""
    if sights is not None and a is sights.fighter and w is a.wielded:
        return sights.bonus()
    return attack.attack_bonus(a, w)


def foes_known(state: SamState, me: Fighter, sights: Sights | None = None) -> list[Fighter]:
    """`actions.known_foes` of `me` (rules 110-111): those `legal` found for the decision
    (`state.Shown`, kept by the decision's `sights`) when `me` is its decider."""
    if sights is not None and me is sights.fighter and sights.known is not None:
        return sights.known
    return actions.known_foes(state, me)


def largest(damage: str) -> int:
    """The largest total of a damage notation ("1d8+3": 11), kept for the process (a typed
    dictionary: no `lru_cache` call on the hot path)."""
    found = LARGEST.get(damage)
    if found is None:
        found = LARGEST[damage] = max_of(parse(damage))
    return found


LARGEST: Final[dict[str, int]] = {}


def allies(state: SamState, me: Fighter) -> list[Fighter]:
    """Its side's fighters still in the fight (a mount and its rider are judged together)."""
    pair = (me.id, me.rider_id, me.mount_id)
    return [
        o for o in state.fighters()
        if o.side == me.side and o.active and o.id not in pair and not o.inanimate
    ]  # fmt: skip


def may_hurt(state: SamState, o: Fighter) -> bool:
    best, settled = reckoned(state, o)
    return best is None or best[0] > 0 or not settled


# The reckoning's wounds are exact fractions carried as (numerator, positive denominator)
# pairs of integers: compiled integer arithmetic, where `Fraction` stays interpreted.
Ratio = tuple[int, int]
DefenceKey = tuple[int, int, int]  # `defence_key`: a target's defences' bonuses
ZERO: Final[Ratio] = (0, 1)
REGIONS: Final[tuple[str, ...]] = ("", *called.OFFERED)  # a plain blow, then called shots


def fraction(r: Ratio | None) -> Fraction | None:
    return None if r is None else Fraction(r[0], r[1])


def reckoning(state: SamState, me: Fighter) -> tuple[Fraction | None, bool]:
    """The most wounds a blow of its deals an enemy it knows (None: the exact odds cannot
    say), and whether every such enemy is where its blows land as well as they can."""
    best, settled = reckoned(state, me)
    return fraction(best), settled


def reckoned(
    state: SamState, me: Fighter, sights: Sights | None = None
) -> tuple[Ratio | None, bool]:
    """`reckoning` as a pair of integers."""
    best = ZERO
    settled = True
    for e in foes_known(state, me, sights):
        dealt, at_best = own_blows(state, me, e, sights)
        if dealt is None:
            return None, False
        settled = settled and at_best
        if dealt[0] * best[1] > best[0] * dealt[1]:
            best = dealt
    return best, settled


def own_blows(
    state: SamState, me: Fighter, e: Fighter, sights: Sights | None = None
) -> tuple[Ratio | None, bool]:
    """The most wounds a blow of its weapons deals `e` from here (None: no reckoning), and
    whether here is as good as it gets (in reach, or in range with no penalty); a called
    shot (rules 116-120) is reckoned only where no plain blow of the weapon wounds."""
    most = ZERO
    at_best = False
    for w in me.weapons:
        sit = landing(state, me, e, w, sights) if not w.jammed else None
        if sit is None:
            continue
        melee = w.data.kind == "melee"  # the metres only for a shot (a blow in reach is at best)
        if melee or space.range_penalty(space.metres(state, me, e), w.data.increment) == 0:
            at_best = True
        defs = defence_key(state, e, melee)  # the same for every region (the flank check once)
        bonus = bonus_of(me, w, sights)  # (and the attack bonus)
        for region in REGIONS:
            dealt = wounds_ratio(state, me, e, w, region, sit, defs, bonus)
            if dealt is None:
                return None, at_best
            if dealt[0] * most[1] > most[0] * dealt[1]:
                most = dealt
            if most[0] > 0:
                break
    return most, at_best


def blows_taken(state: SamState, me: Fighter) -> Fraction | None:
    """The wounds the enemies that can strike `me` now deal it together, a blow each."""
    return fraction(taken_by(state, me))


def taken_by(state: SamState, me: Fighter) -> Ratio | None:
    """`blows_taken` as a pair of integers."""
    return taken_of(state, me, blows_at(state, me))


Blow = tuple[Fighter, Wielded, attack.Situation]  # a striker, its weapon, the blow's situation


def blows_at(state: SamState, me: Fighter) -> list[Blow]:
    """The blows `taken_by` reckons: each of its marks up, not Broken nor asleep (rules 139,
    141, 179, 191), whose weapon in hand can be aimed at it now (`landing`)."""
    found: list[Blow] = []
    for e in state.marks_of(me):
        sit = blow_at(state, e, me)
        if sit is not None:
            assert isinstance(e, Fighter)  # (`blow_at` answers only a fighter's)
            found.append((e, e.wielded, sit))
    return found


def blow_at(state: SamState, e: object, me: Fighter) -> attack.Situation | None:
    """The situation of mark `e`'s blow at `me` (`landing`), when `blows_at` reckons it: a
    fighter up, not Broken nor asleep (rules 139, 141, 179, 191), its weapon in hand not
    jammed and landing on `me` now."""
    if not isinstance(e, Fighter) or not e.active or e.broken or e.asleep:
        return None
    w = e.wielded
    return landing(state, e, me, w) if not w.jammed else None


def struck(state: SamState, me: Fighter) -> bool | None:
    """Whether the blows taken (`blows_at`) deal `me` any wound on average (`taken_by` above
    0), None when the exact odds cannot reckon one of them (`taken_by` None). Exact and
    cheaper (issue 35: the judgement whose own best blow deals 0): the blows no reckoning
    takes are found first, by attribute reads (`unreckoned`), and any of them that lands
    answers None; the others are then reckoned one at a time until one wounds. Each blow
    taken adds a nonnegative numerator over a positive denominator, so the sum is above 0
    when and only when one of them is."""
    blind = me.inanimate or me.cover_object is not None  # no blow at it is reckoned
    strikers: list[Fighter] = []
    for e in state.marks_of(me):
        if not isinstance(e, Fighter) or not e.active or e.broken or e.asleep:
            continue
        w = e.wielded
        if w.jammed:
            continue
        if blind or unreckoned(w):
            if landing(state, e, me, w) is not None:
                return None
        else:
            strikers.append(e)
    defs: list[DefenceKey | None] = [None, None]
    for e in strikers:
        w = e.wielded
        sit = landing(state, e, me, w)
        if sit is None:
            continue
        dealt = dealt_to(state, e, me, w, sit, defs)
        if dealt is None:
            return None  # (not met: `unreckoned` and `blind` sorted these out above)
        if dealt[0] > 0:
            return True
    return False


def dealt_to(
    state: SamState,
    e: Fighter,
    me: Fighter,
    w: Wielded,
    sit: attack.Situation,
    defs: list[DefenceKey | None],
) -> Ratio | None:
    """`wounds_ratio` of `e`'s blow with `w` (landing as `sit`) on `me`. `me`'s defences are
    the same against every blow of a kind (melee, or not): `defs` keeps them for one
    judgement, [melee, other], each found the first time it is needed (`defence_key`: the
    flank check once, not once a blow)."""
    melee = w.data.kind == "melee"
    slot = 0 if melee else 1
    key = defs[slot]
    if key is None:
        key = defence_key(state, me, melee)
        defs[slot] = key
    return wounds_ratio(state, e, me, w, "", sit, key)


def taken_below(state: SamState, me: Fighter, best: Ratio) -> Ratio | None:
    """`taken_by`, or ZERO when the blows' chances to hit alone put it below LOSING x `best`
    (issue 35: the exact odds of the blows taken only when they can decide; a positive
    `best`). A blow deals at most one wound a hit on average (a hit that gets through
    counts one, `odds.landed`), so at most its sixths to hit (`odds.mean_wounds`' `hits`),
    at the share of turns a staggered striker strikes (`wounds_ratio`): their sum, in
    36ths, bounds the wounds taken. The blows are `blows_at`'s, in its order: the first
    held in locals, a list made only from a second on (issue 35: a duel's one striker makes
    no list; a crowd's, where the bound often does not decide, is not found twice)."""
    most = 0
    first: Blow | None = None
    more: list[Blow] | None = None
    for e in state.marks_of(me):
        sit = blow_at(state, e, me)
        if sit is None:
            continue
        assert isinstance(e, Fighter)
        w = e.wielded
        if first is None:
            first = (e, w, sit)
        elif more is None:
            more = [first, (e, w, sit)]
        else:
            more.append((e, w, sit))
        hits = 6 if sit.auto else odds.faces(attack.attack_bonus(e, w) + sit.x, sit.target)
        most += hits * (6 if e.staggered <= 0 else max(0, 6 - state.combo_seconds))
    if most * best[1] < LOSING * best[0] * 36:
        return ZERO  # taken <= most / 36 < LOSING x best: the verdict is "not losing"
    if more is None:
        more = [first] if first is not None else []
    return taken_of(state, me, more)


def taken_of(state: SamState, me: Fighter, blows: list[Blow]) -> Ratio | None:
    """The wounds `blows` (`blows_at`) deal `me` together, a blow each."""
    num, den = 0, 1
    defs: list[DefenceKey | None] = [None, None]
    for e, w, sit in blows:
        dealt = dealt_to(state, e, me, w, sit, defs)
        if dealt is None:
            return None
        if den == dealt[1]:
            num += dealt[0]
        else:
            num, den = num * dealt[1] + dealt[0] * den, den * dealt[1]
    return num, den


def lands(state: SamState, a: Fighter, t: Fighter, w: Wielded) -> bool:
    """A blow of `w` can be aimed at `t` now: in reach (rules 56-60), in range (62-63)."""
    return landing(state, a, t, w) is not None


def landing(
    state: SamState, a: Fighter, t: Fighter, w: Wielded, sights: Sights | None = None
) -> attack.Situation | None:
    """The situation of a blow of `w` at `t` (rules 47, 62-70, 93-112), when it can be aimed
    at `t` now (`lands`); worked out once for the blow's reckoning (`blow_key`), and read
    from `sights` when they hold it (shared: read it, do not change it)."""
    if w.data.kind == "melee" and not space.in_reach(state, a, t, w.data.reach):
        return None
    if sights is not None and w is a.wielded and a is sights.fighter:
        return sights.at(state, t, a.aimed_at == t.id)
    return attack.situation(state, a, t, w, a.aimed_at == t.id)


class Sights:
    """The situations (`attack.situation`, rules 47, 62-70, 93-112) of one fighter's weapon
    in hand at each target, aimed or not, kept for one decision of the policy (issue 35):
    its shots, its called shots and its withdrawal judgement (`landing`) work each out
    once. Safe while the state does not change: the policy `reset`s them at each decision
    (it only reads the state); they live on the policy, not the state, so no copy of a state
    carries them. Keyed by the target's id string (its hash kept: no integer boxed). The
    weapon's attack bonus (`attack.attack_bonus`, rules 48, 57, 61, 68) is kept with them, for
    the same decision, once asked (`bonus`), and the foes it knows when the policy has them
    from `legal` (`known`)."""

    __slots__ = ("aimed", "fighter", "known", "known_bonus", "plain", "the_bonus")

    def __init__(self) -> None:
        self.fighter: Fighter | None = None
        self.plain: dict[str, attack.Situation | None] = {}
        self.aimed: dict[str, attack.Situation | None] = {}
        self.the_bonus = 0
        self.known_bonus = False
        # the foes the fighter knows, as `legal` found them for this decision (`foes_known`;
        # None: not given, found again when asked)
        self.known: list[Fighter] | None = None

    def reset(self, fighter: Fighter | None) -> None:
        """A new decision, of `fighter` (None: not a fighter's)."""
        if self.plain:
            self.plain.clear()
        if self.aimed:
            self.aimed.clear()
        self.fighter = fighter
        self.known_bonus = False
        self.known = None

    def bonus(self) -> int:
        """`attack.attack_bonus` of the fighter's weapon in hand, worked out once a decision
        (the head shot, the shots and the allotting scores ask it again and again)."""
        if not self.known_bonus:
            f = self.fighter
            assert f is not None
            self.the_bonus = attack.attack_bonus(f, f.wielded)
            self.known_bonus = True
        return self.the_bonus

    def at(self, state: SamState, t: Fighter, aimed: bool) -> attack.Situation | None:
        """The situation of the fighter's weapon in hand at `t`, aimed or not."""
        kept = self.aimed if aimed else self.plain
        sit = kept.get(t.id, UNSEEN)
        if sit is UNSEEN:
            f = self.fighter
            assert f is not None
            sit = kept[t.id] = attack.situation(state, f, t, f.wielded, aimed)
        return sit


UNSEEN: Final = attack.Situation()  # `Sights.at`: not worked out yet (None: out of range)


def wounds(
    state: SamState, a: Fighter, t: Fighter, w: Wielded, region: str = ""
) -> Fraction | None:
    """The wounds one blow of `w` deals `t` on average (exact odds), at the share of turns a
    staggered attacker strikes; None where the exact odds leave it to the enumerator."""
    return fraction(wounds_ratio(state, a, t, w, region))


def wounds_ratio(
    state: SamState,
    a: Fighter,
    t: Fighter,
    w: Wielded,
    region: str,
    sit: attack.Situation | None = None,
    defs: DefenceKey | None = None,
    bonus: int = ASK,
) -> Ratio | None:
    """`wounds` as a pair of integers (the average kept for the process, `KNOWN`); `sit` the
    blow's situation when the caller has it (`landing`; read, not changed), `defs` the
    target's `defence_key` against it, `bonus` the attack bonus of `a`'s `w` (`ASK`: not
    known yet)."""
    if unreckoned(w):
        return None
    if t.inanimate or t.cover_object is not None:
        return None
    key = blow_key(state, a, t, w, region, sit, defs, bonus)
    dealt = KNOWN.get(key)
    if dealt is None:
        dealt = odds.mean_wounds(state, a, t, w, region)  # (the exact odds, in integers)
        if len(KNOWN) >= KNOWN_MOST:
            KNOWN.clear()
        KNOWN[key] = dealt
    if a.staggered <= 0:
        return dealt
    # `strikes` in integers: its turns of six that leave a whole blow's seconds (rules 185-186);
    # the pair unreduced (only compared and summed as fractions; no interpreted `Fraction`)
    return dealt[0] * max(0, 6 - state.combo_seconds), dealt[1] * 6


def unreckoned(w: Wielded) -> bool:
    """A weapon whose blows the exact odds leave to the enumerator (an area, a delayed or
    morale weapon, a damaged one, an EMP): `wounds_ratio` gives them no reckoning."""
    return bool(
        w.data.area or w.data.delay or w.data.morale or w.wounds or "emp" in w.data.types
    )


BlowKey = tuple[object, ...]
KNOWN: Final[dict[BlowKey, Ratio]] = {}  # a blow's average wounds by what decides them
KNOWN_MOST: Final = 4096


def blow_key(
    state: SamState,
    a: Fighter,
    t: Fighter,
    w: Wielded,
    region: str,
    sit: attack.Situation | None = None,
    defs: DefenceKey | None = None,
    bonus: int = ASK,
) -> BlowKey:
    """All that `odds.single_attack` reads to reckon a blow's wounds (rules 45-54, 116-124):
    the roll to hit against Target, the defences left and the DC, the damage against
    Toughness; two blows alike in these are alike in their odds. `sit` is the plain blow's
    situation (worked out here when not given); a called shot's region adds its Target
    modifier (rule 116, `called.aim`) to the key, not to `sit`; `defs` the target's
    `defence_key` against `w` (worked out here when not given), its three bonuses laid in
    the key itself (issue 35: no inner tuple hashed at each look-up). Not in it, as
    `odds.mean_wounds` reads neither: Evasion (it weighs a defence only against an area,
    rule 75) and the target's status beyond `dying` (it names an outcome, not its wounds;
    whether `t` is up is in its defences, `attack.defence_bonuses`). `bonus`: the attack
    bonus (`attack.attack_bonus`) when the caller has it (issue 35: once a weapon and
    decision), `ASK` when not; the DC's base follows from it (`dc_of`)."""
    if bonus == ASK:
        bonus = attack.attack_bonus(a, w)
    if sit is None:
        sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
        assert sit is not None
    target: int = sit.target + called.row(region)["target"] if region else sit.target
    if defs is None:
        defs = defence_key(state, t, w.data.kind == "melee")
    # rule 114 (`odds.damage_notation`): no fast mover, no speed damage (as `roll_damage`)
    fast = mounted.speed_damage(state, a, t, w) if state.falls or a.pace or t.pace else 0
    damage = w.damage if not fast else f"{w.damage}{fast:+d}"
    return (
        bonus + sit.x, target, sit.auto, dc_of(a, bonus) + sit.y,
        damage, defs[0], defs[1], defs[2], t.toughness, t.min_toughness, t.dying,
        w.data.nonlethal, region, state.wound_on_equal,
    )  # fmt: skip


def dc_of(a: Fighter, bonus: int) -> int:
    """`attack.dc_base` of the weapon whose `attack.attack_bonus` is `bonus` (rule 50, C8: 4 +
    the attack bonus without the scale subtraction; rule 119's hand penalty is the attack's
    alone, SAM-A28): the skill and a ranged weapon's wounds not looked up again (issue 35).
    `test_policy_bounds` holds it to `dc_base`."""
    return bonus + 4 + a.scale + a.hand_penalty


def defence_key(state: SamState, t: Fighter, melee: bool) -> DefenceKey:
    """The defences `t` may choose now (`attack.defence_bonuses`, rules 49, 52, 95, 193): the
    bonus of its dodge, block and parry, `ABSENT` for one it cannot make ("no defence" is
    always offered); three plain integers for the blow's key (no option objects a blow)."""
    return attack.defence_bonuses(state, t, melee)


ABSENT: Final = attack.ABSENT  # `defence_key`: a defence not offered


def strikes(state: SamState, a: Fighter) -> Fraction:
    """The share of its turns a fighter's blow lands: all of them, or when staggered those
    whose d6 of stunned seconds leaves a whole blow's seconds (rules 185-186)."""
    if a.staggered <= 0:
        return Fraction(1)
    return Fraction(max(0, 6 - state.combo_seconds), 6)
