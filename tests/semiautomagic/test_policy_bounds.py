"""Issue 35 (tenth stop): the policy's bounds and kept answers give the picks of the full
forms they replace. The head shot's Target floor (`policy.target_floor`) under every
`attack.situation`, and the head shot scored with it as without it; the allotting pick
(`_first_victim`) as `best_index` of every `_victim` score; a decision's kept targets and
verdict as worked out afresh, also after the state has changed between decisions."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.combatant import Status
from fracas.core.controllers import best_index
from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import actions, attack, decisions
from fracas.rulesets.semiautomagic import withdraw_policy as wp
from fracas.rulesets.semiautomagic.actions import Action
from fracas.rulesets.semiautomagic.policy import SamPolicy, target_floor
from fracas.rulesets.semiautomagic.state import Fighter, SamState

from .conftest import Scene, human
from .test_policy_shortcuts import crowd, melees

COVERS = ["none", "none", "light", "medium", "heavy", "total"]
POSTURES = ["standing", "standing", "crouched", "prone"]


@st.composite
def scenes(draw: st.DrawFn) -> dict[str, Any]:
    """`melees`' crowds, each fighter given a posture, cover (on one side or all round),
    squares moved this turn, and maybe invisible or concealed; the light clear, hazy or
    dark; the deciding fighter skilled enough, at times, for a sure head shot."""
    doc = draw(melees())
    doc["red"][0]["skills"]["weapon"] = draw(st.sampled_from([0, 2, 5, 9]))
    n = len(doc["red"]) + len(doc["blue"])
    doc["looks"] = [
        {
            "posture": draw(st.sampled_from(POSTURES)),
            "cover": draw(st.sampled_from(COVERS)),
            "toward": draw(st.sampled_from([None, (1.0, 0.0), (-1.0, 0.0), (0.0, 1.0)])),
            "moved": draw(st.sampled_from([0, 0, 29, 30, 61, 95])),
            "invisible": draw(st.integers(0, 5)) == 0,
            "concealed": draw(st.booleans()),
        }
        for _ in range(n)
    ]
    doc["lighting"] = draw(st.sampled_from(["clear", "clear", "hazy", "dark"]))
    return doc


def dressed(doc: dict[str, Any]) -> Scene:
    s = crowd(doc)
    for f, look in zip(s.state.fighters(), doc["looks"], strict=False):
        f.posture, f.cover, f.cover_toward = look["posture"], look["cover"], look["toward"]
        f.moved_squares, f.invisible = look["moved"], look["invisible"]
        f.concealed = look["concealed"]
    s.state.lighting = doc["lighting"]
    return s


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_the_target_floor_is_under_every_situation(doc: dict[str, Any]) -> None:
    """For every attacker, weapon, target and aim of the crowd, `attack.situation`'s Target
    is at least `target_floor` and its +X at most 0: the head shot's bound holds."""
    s = dressed(doc)
    fighters = s.state.fighters()
    for a in fighters:
        for w in a.weapons:
            for t in fighters:
                if t is a:
                    continue
                for aimed in (False, True):
                    sit = attack.situation(s.state, a, t, w, aimed)
                    if sit is None:
                        continue
                    assert sit.x <= 0, (a.name, t.name)
                    assert sit.target >= target_floor(t, w.data.kind == "melee"), (a.name, t.name)


def plain_head(policy: SamPolicy, state: SamState, me: Fighter, act: Action) -> float:
    """`_called` on a head shot as it was: the situation always worked out."""
    w = act.weapon
    assert w is not None
    t = policy._mark(me, w)
    if t is None:
        return -1.0
    if policy._mark_useless:
        return float(policy._limb(me, act, t))
    sit = attack.situation(state, me, t, w, me.aimed_at == t.id)
    if sit is None or sit.auto:
        return -1.0
    return 10.5 if attack.attack_bonus(me, w) + sit.x >= sit.target else -1.0


def head_shots(state: SamState, me: Fighter) -> list[Action]:
    return [
        o for o in actions.legal(state, me)
        if isinstance(o, Action) and o.kind == "called" and o.region == "head"
    ]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_the_head_shot_scores_as_its_full_form(doc: dict[str, Any]) -> None:
    """The head shot's score with the floor (its situation skipped when even the floor is
    out of reach) is the score with the situation always worked out."""
    s = dressed(doc)
    me = s["Me"]
    policy = SamPolicy(s.state)
    options = actions.legal(s.state, me)
    policy.pick(me, decisions.ACT, options)  # (the decision's caches, as in a battle)
    for act in head_shots(s.state, me):
        assert policy._called(me, act) == plain_head(policy, s.state, me, act)


def test_a_sure_head_shot_is_still_taken() -> None:
    """The floor does not hide a sure head shot: a master swordsman beside a prone goblin
    (Target 4 - 2) hits its head on a 3, and the policy calls the shot."""
    s = Scene(
        ("Red", [human("Me", position=[0, 0], skills={"weapon": 9})]),
        ("Blue", [human("Gob", position=[1, 0], template="goblin mook")]),
    )
    me, gob = s["Me"], s["Gob"]
    gob.posture = "prone"
    shots = head_shots(s.state, me)
    assert shots
    assert attack.attack_bonus(me, me.wielded) >= target_floor(gob, True)
    policy = SamPolicy(s.state)
    options = actions.legal(s.state, me)
    picked = options[policy.pick(me, decisions.ACT, options)]
    assert isinstance(picked, Action) and picked.region == "head"


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_the_allotting_pick_is_the_best_of_every_score(doc: dict[str, Any]) -> None:
    """For every fighter of the crowd with enemies to strike, the allotting answer (and the
    called shot's mark) is `best_index` of every `_victim` score, worked out by a policy
    that has kept nothing."""
    s = dressed(doc)
    for f in s.state.fighters():
        victims = actions.targets(s.state, f, f.wielded)
        if not victims:
            continue
        full = SamPolicy(s.state)
        expected = best_index([full._victim(f, t) for t in victims])
        policy = SamPolicy(s.state)
        assert policy.pick(f, decisions.ALLOT, list(victims)) == expected, f.name
        assert policy._mark(f, f.wielded) is victims[expected], f.name


def test_a_futile_nearest_foe_is_passed_over() -> None:
    """The highest plain score can be futile: the nearest foe, behind total cover, cannot be
    seen to be hit (Target too high for a six); the pick is the other one."""
    s = Scene(
        ("Red", [human("Me", position=[0, 0], weapons=["dagger"])]),
        ("Blue", [human("Near", position=[1, 0]), human("Other", position=[0, 1])]),
    )
    me, near, other = s["Me"], s["Near"], s["Other"]
    other.toughness = near.toughness + 1  # the near one's plain score is the highest
    near.cover, near.posture, near.invisible = "heavy", "prone", True
    victims = actions.targets(s.state, me, me.wielded)
    assert victims == [near, other]
    policy = SamPolicy(s.state)
    assert policy._futile(me, near) and not policy._futile(me, other)
    assert policy.pick(me, decisions.ALLOT, list(victims)) == 1


@settings(max_examples=60, deadline=None)
@given(scenes(), st.integers(0, 3))
def test_kept_targets_and_verdicts_follow_the_state(doc: dict[str, Any], step: int) -> None:
    """Each decision's kept targets (the weapon in hand's first), withdrawal verdict and
    nearest foe (found when first asked) are those worked out afresh, for every fighter and
    weapon asked in any order, and again after the state changed between two decisions (a
    foe stepped in or away, a new round, wounds, the nearest foe withdrawing): nothing kept
    leaks from one decision into the next."""
    s = dressed(doc)
    st_ = s.state
    me = s["Me"]
    policy = SamPolicy(st_)
    others = [f for f in st_.fighters() if f is not me]
    for turn in range(2):
        options = actions.legal(st_, me)
        policy.pick(me, decisions.ACT, list(options) if turn else options)
        for f in [*others[step % len(others):], me, *others]:
            for w in f.weapons:
                assert policy._targets_of(f, w) == actions.targets(st_, f, w), (turn, f.name)
        assert policy._judge(me) == wp.beaten(st_, me), turn
        assert policy._nearest_foe(me) is policy._nearest(me), turn
        foe = others[-1]  # between the decisions: a step, a round, a wound, a withdrawal
        foe.position = Position(foe.position.x - 1, foe.position.y)
        near = policy._nearest(me)
        st_.round += 1
        me.wounds += 1
        if near is not None:
            near.withdrew = st_.round  # going away: no longer the nearest to go after


@settings(max_examples=60, deadline=None)
@given(scenes(), st.integers(0, 2), st.integers(0, 2))
def test_the_dc_follows_from_the_attack_bonus(doc: dict[str, Any], hand: int, worn: int) -> None:
    """`withdraw_policy.dc_of` (the DC's base from the attack bonus, so the blow's key looks
    the skill up once) is `attack.dc_base` for every fighter and weapon of the crowd: scales
    0 and 1, a hand hit (rule 119), a ranged weapon's wounds (rule 126) or a melee one's;
    and the decision's kept bonus (`bonus_of` with the policy's sights) is `attack_bonus`,
    for the weapon in hand and the one carried (a crossbow, or a dagger: another skill)."""
    mine = doc["red"][0]["weapons"]
    mine.append("dagger" if mine[0] == "light crossbow" else "light crossbow")
    s = dressed(doc)
    for f in s.state.fighters():
        f.hand_penalty = hand
        for w in f.weapons:
            w.wounds = worn
            bonus = attack.attack_bonus(f, w)
            assert wp.dc_of(f, bonus) == attack.dc_base(f, w), (f.name, w.data.name)
        policy = SamPolicy(s.state)
        policy.pick(f, decisions.ACT, actions.legal(s.state, f))
        for w in f.weapons:
            assert wp.bonus_of(f, w, policy._sights) == attack.attack_bonus(f, w)


@settings(max_examples=100, deadline=None)
@given(scenes(), st.integers(0, 4), st.booleans())
def test_any_target_is_targets_not_empty(doc: dict[str, Any], down: int, gone: bool) -> None:
    """`actions.any_target` (an interrupt's and a delay's question) answers whether
    `actions.targets` finds anyone, for every fighter and weapon it carries (a crossbow
    among them, foes near and far), with a fighter down, or gone from the field."""
    doc["red"][0]["weapons"].append("light crossbow")
    s = dressed(doc)
    fighters = s.state.fighters()
    out = fighters[down % len(fighters)]
    if gone:
        out.present = False  # (not on the field: inside another, rules 152-162)
    else:
        out.status = Status.DEAD
    for f in fighters:
        for w in f.weapons:
            assert actions.any_target(s.state, f, w) == bool(actions.targets(s.state, f, w)), f.name


def plain_can_wound(state: SamState, me: Fighter) -> bool:
    """`withdraw_policy.can_wound` with no decision's sights: its own foes and bonus."""
    for e in actions.known_foes(state, me):
        for w in me.weapons:
            if w.jammed or w.data.area:
                continue
            sit = wp.landing(state, me, e, w)
            if sit is None:
                continue
            hits = sit.auto or 6 + attack.attack_bonus(me, w) + sit.x >= sit.target
            if hits and wp.largest(w.damage) - w.wounds > e.min_toughness:
                return True
    return False


@settings(max_examples=100, deadline=None)
@given(scenes(), st.lists(st.integers(0, 6), min_size=4, max_size=4))
def test_can_wound_answers_as_before(doc: dict[str, Any], tough: list[int]) -> None:
    """`can_wound` reading the decision's kept foes and bonus answers as it does finding its
    own, for every fighter of the crowd, foes of Minimum Toughness 0 to 6 (some beyond any
    blow)."""
    s = dressed(doc)
    for f, least in zip(s.state.fighters(), tough * 2, strict=False):
        f.min_toughness = least
    for f in s.state.fighters():
        policy = SamPolicy(s.state)
        policy.pick(f, decisions.ACT, actions.legal(s.state, f))
        assert wp.can_wound(s.state, f, policy._sights) == plain_can_wound(s.state, f), f.name


def test_a_blow_at_minimum_toughness_cannot_wound() -> None:
    """Rule 53: a dagger's largest damage at a foe's Minimum Toughness of as much wounds not
    (the option `wound_on_equal` off): `can_wound` says so, and says the contrary at one
    less."""
    s = Scene(
        ("Red", [human("Me", position=[0, 0], weapons=["dagger"])]),
        ("Blue", [human("Foe", position=[1, 0])]),
    )
    me, foe = s["Me"], s["Foe"]
    foe.min_toughness = wp.largest(me.wielded.damage)
    assert not plain_can_wound(s.state, me)
    assert not wp.can_wound(s.state, me)
    foe.min_toughness -= 1
    assert plain_can_wound(s.state, me)
    assert wp.can_wound(s.state, me)
