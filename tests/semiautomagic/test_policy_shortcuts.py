"""Issue 35: the policy's shortcuts answer as the plain forms they replace. The withdrawal
judgement (`withdraw_policy.alone_beaten`, F-SAM-121) that skips the exact odds of the blows
taken when their chances to hit alone cannot reach LOSING x its own best blow, against the
judgement that reckons them all; the blow key that leaves out what `odds.mean_wounds` does
not read (Evasion, the target's status beyond dying), against the exact odds themselves."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import actions, attack, decisions, odds
from fracas.rulesets.semiautomagic import withdraw_policy as wp
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.state import Fighter, SamState

from .conftest import Scene, human

WEAPONS = ["arming sword", "spear", "sap", "dagger", "light crossbow", "greatsword"]
TEMPLATES = ["human", "goblin mook", "ogre"]


def plain_alone_beaten(state: SamState, me: Fighter) -> bool:
    """`alone_beaten` as it was: every blow taken reckoned by the exact odds."""
    if not me.wounds and me.staggered <= 0 and wp.can_wound(state, me):
        return False
    best, settled = wp.reckoned(state, me)
    if best is None:
        return False
    taken = wp.taken_by(state, me)
    if taken is None:
        return False
    if settled and best[0] == 0:
        return taken[0] > 0 or not any(wp.may_hurt(state, o) for o in wp.allies(state, me))
    if me.staggered > 0 and best[0] == 0 and taken[0] > 0:
        return True
    return (
        me.wounds > 0
        and best[0] > 0
        and taken[0] * best[1] >= wp.LOSING * best[0] * taken[1]
    )


@st.composite
def melees(draw: st.DrawFn) -> dict[str, Any]:
    """One fighter, wounded or staggered or not, among one to four foes crowding it (some
    staggered, some with a crossbow a few squares off), with an ally or none."""
    def sheet(name: str, x: int, y: int) -> dict[str, Any]:
        return human(
            name,
            position=[x, y],
            template=draw(st.sampled_from(TEMPLATES)),
            weapons=[draw(st.sampled_from(WEAPONS))],
            skills={"weapon": draw(st.integers(0, 5)), "ranged": draw(st.integers(0, 5)),
                    "reflex": draw(st.integers(0, 3))},
        )  # fmt: skip

    spots = [(1, 0), (-1, 0), (0, 1), (1, 1), (3, 0), (0, -2), (9, 0), (12, 4)]
    foes = draw(st.lists(st.sampled_from(spots), min_size=1, max_size=4, unique=True))
    red = [sheet("Me", 0, 0)]
    if draw(st.booleans()):
        red.append(sheet("Ally", -1, -1))
    blue = [sheet(f"Foe{i}", x, y) for i, (x, y) in enumerate(foes)]
    return {
        "red": red,
        "blue": blue,
        "wounds": draw(st.integers(0, 3)),
        "staggered": draw(st.integers(0, 1)),
        "foe_staggered": draw(st.lists(st.integers(0, 1), min_size=4, max_size=4)),
        "combo_seconds": draw(st.integers(1, 6)),
    }


def crowd(doc: dict[str, Any]) -> Scene:
    s = Scene(("Red", doc["red"]), ("Blue", doc["blue"]))
    me = s["Me"]
    me.wounds, me.staggered = doc["wounds"], doc["staggered"]
    for i, f in enumerate(s.state.fighters()):
        if f.side != me.side:
            f.staggered = doc["foe_staggered"][i % 4]
    s.state.combo_seconds = doc["combo_seconds"]
    return s


@settings(max_examples=150, deadline=None)
@given(melees())
def test_the_judgement_answers_as_reckoning_every_blow_taken(doc: dict[str, Any]) -> None:
    """Skipping the exact odds of the blows taken (their chances to hit below LOSING x its
    best blow) gives the verdict of reckoning them all, for each fighter of the crowd."""
    s = crowd(doc)
    for f in s.state.fighters():
        assert wp.alone_beaten(s.state, f) == plain_alone_beaten(s.state, f), f.name


def test_a_wounded_fighter_crowded_by_sure_blows_is_still_judged_losing() -> None:
    """The bound never hides a lost fight: a wounded fighter with a dagger among three
    greatswords takes far more than LOSING x what it deals, and withdraws."""
    foe = {"weapons": ["greatsword"], "skills": {"weapon": 5}}
    s = Scene(
        ("Red", [human("Me", position=[0, 0], weapons=["dagger"])]),
        ("Blue", [human(f"O{i}", position=p, **foe)
                  for i, p in enumerate([[1, 0], [-1, 0], [0, 1]])]),
    )  # fmt: skip
    me = s["Me"]
    me.wounds = 2
    best, _ = wp.reckoned(s.state, me)
    assert best is not None and best[0] > 0  # its own blow wounds: the bound is asked
    assert plain_alone_beaten(s.state, me)
    assert wp.alone_beaten(s.state, me)


@st.composite
def blows(draw: st.DrawFn) -> dict[str, Any]:
    weapon = draw(st.sampled_from(WEAPONS))
    far = {"spear": 2, "light crossbow": draw(st.sampled_from([3, 12]))}.get(weapon, 1)
    return {
        "attacker": human("A", position=[0, 0], weapons=[weapon],
                          skills={"weapon": draw(st.integers(0, 5)),
                                  "ranged": draw(st.integers(0, 5))}),
        "target": human("B", position=[far, 0], template=draw(st.sampled_from(TEMPLATES)),
                        shield=draw(st.booleans()),
                        skills={"weapon": draw(st.integers(0, 4)),
                                "reflex": draw(st.integers(0, 4)),
                                "shield": draw(st.integers(0, 4))}),
        "region": draw(st.sampled_from(["", "head", "arm", "hand"])),
        "on_equal": draw(st.booleans()),
        "dying": draw(st.booleans()),
    }  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(blows())
def test_blows_alike_in_their_key_are_alike_in_their_odds(doc: dict[str, Any]) -> None:
    """The key leaves out Evasion and the target's status beyond dying: a target given the
    Evasion technique, or another status that leaves it up, keys the same blow and
    `odds.mean_wounds` gives it the same average wounds."""
    s = Scene(("Red", [doc["attacker"]]), ("Blue", [doc["target"]]),
              options={"wound_on_equal": doc["on_equal"]})  # fmt: skip
    a, t = s["A"], s["B"]
    t.dying = doc["dying"]
    w, region = a.wielded, doc["region"]
    if attack.situation(s.state, a, t, w, False) is None:
        return
    key = wp.blow_key(s.state, a, t, w, region)
    dealt = odds.mean_wounds(s.state, a, t, w, region)
    t.techniques = [*t.techniques, "evasion"]
    assert attack.evasion(t)
    assert wp.blow_key(s.state, a, t, w, region) == key
    assert odds.mean_wounds(s.state, a, t, w, region) == dealt
    t.status = Status.DEAD  # down: its defences (the key's) are gone, and so is the key
    if wp.blow_key(s.state, a, t, w, region) == key:
        assert odds.mean_wounds(s.state, a, t, w, region) == dealt


@settings(max_examples=60, deadline=None)
@given(melees(), st.booleans())
def test_the_sights_a_decision_keeps_are_the_situations(doc: dict[str, Any], aim: bool) -> None:
    """The situations the policy keeps for a decision (`withdraw_policy.Sights`, shared by
    its shots and its judgement) are `attack.situation`'s, aimed or not, and the judgement
    reading them gives the verdict it gives working them out; a crossbow aimed, or not, at a
    foe beyond its first range increment (rules 62-69) keeps the two apart."""
    if aim:
        doc["red"][0]["weapons"] = ["light crossbow"]
    s = crowd(doc)
    me = s["Me"]
    foes = [f for f in s.state.fighters() if f.side != me.side]
    if aim:
        me.aimed_at = foes[-1].id
    policy = SamPolicy(s.state)
    policy.pick(me, decisions.ACT, actions.legal(s.state, me))
    sights = policy._sights
    assert sights.fighter is me
    for t in foes:
        for aimed in (False, True):
            kept = sights.at(s.state, t, aimed)
            plain = attack.situation(s.state, me, t, me.wielded, aimed)
            assert (kept is None) == (plain is None)
            if kept is not None and plain is not None:
                assert (kept.x, kept.y, kept.target, kept.auto) == (
                    plain.x, plain.y, plain.target, plain.auto)  # fmt: skip
    assert wp.beaten(s.state, me, sights) == wp.beaten(s.state, me)


@settings(max_examples=150, deadline=None)
@given(melees(), st.lists(st.booleans(), min_size=4, max_size=4), st.booleans())
def test_struck_answers_as_the_sum_of_the_blows_taken(
    doc: dict[str, Any], damaged: list[bool], inanimate: bool
) -> None:
    """`struck` (whether one blow taken wounds, None when one has no reckoning) answers as
    `taken_by` (the sum of them all) does, for each fighter of the crowd: foes' weapons
    damaged (rules 126-127: no reckoning) or not, the fighter inanimate (no blow at it
    reckoned) or not; and the judgement asking it gives the plain judgement's verdict."""
    s = crowd(doc)
    me = s["Me"]
    foes = [f for f in s.state.fighters() if f.side != me.side]
    for f, hurt in zip(foes, damaged, strict=False):
        f.wielded.wounds = int(hurt)
    me.inanimate = inanimate
    for f in s.state.fighters():
        taken = wp.taken_by(s.state, f)
        assert wp.struck(s.state, f) == (None if taken is None else taken[0] > 0), f.name
        assert wp.alone_beaten(s.state, f) == plain_alone_beaten(s.state, f), f.name
        assert wp.unanswered(s.state, f) == plain_unanswered(s.state, f), f.name


def plain_unanswered(state: SamState, me: Fighter) -> bool:
    """`unanswered` as it was: every blow taken reckoned by the exact odds."""
    best, _ = wp.reckoned(state, me)
    taken = wp.taken_by(state, me)
    return best is not None and best[0] == 0 and taken is not None and taken[0] > 0
