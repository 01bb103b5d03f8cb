"""Issue 34, default tactics: never the obviously wrong thing. One small hand-built state per
situation, the OD&D policy's declaration asserted."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.odnd import decisions, manoeuvres, pursuit, round, space
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import Plan
from fracas.rulesets.odnd.state import Chase, Fighter

from .conftest import Scene, pc

WIGHT = {"name": "Wight", "kind": "monster", "hd": 3, "ac": 5, "weapons": ["claws"], "hp": 14,
         "needs": "silver", "morale": 12}  # fmt: skip


def declared(s: Scene, name: str) -> Plan:
    """What `name` declares, by the default policy, among the rules' options (ODD-U23)."""
    who = s[name]
    plans = round.options(s.state, who)
    pick = OdndPolicy(s.state).choose(ChoiceRequest(who, decisions.DECLARE, tuple(plans)))
    return plans[pick]


def test_no_swing_at_a_foe_it_cannot_hurt_while_another_target_exists() -> None:
    """Rule 31, ODD-U50: a plain sword against a wight and a skeleton goes for the skeleton."""
    skeleton = {"name": "Skeleton", "template": "skeleton", "hp": 6}
    s = Scene(("A", [pc("Hero"), pc("Pell", weapons=["silver dagger"])]), ("B", [WIGHT, skeleton]))
    plan = declared(s, "Hero")
    assert plan.target is s["Skeleton"]


def test_no_swing_at_a_foe_it_cannot_hurt_when_an_ally_can() -> None:
    """Rule 31: the only foe is proof against its sword, but a friend's silver can hurt it:
    it does not waste its turn on the wight (it stands ready instead) and does not leave."""
    s = Scene(("A", [pc("Hero"), pc("Pell", weapons=["silver dagger"])]), ("B", [WIGHT]))
    plan = declared(s, "Hero")
    assert plan.action not in ("attack", "grapple", "disarm", "retreat")


def test_a_side_that_cannot_hurt_any_foe_retreats() -> None:
    """Issue 34, rule 52: nobody on its side can hurt the wight, so the fight is lost: it
    turns and flees rather than trading blows to the round cap."""
    s = Scene(("A", [pc("Hero"), pc("Friend")]), ("B", [WIGHT]))
    assert declared(s, "Hero").action == "retreat"


def test_two_sides_that_cannot_hurt_each_other_both_leave() -> None:
    """Issue 34: neither side can hurt the other (each needs silver): the monster, which
    otherwise leaves a fight only on a failed morale check (ODD-U28), retreats as well."""
    shade = {**WIGHT, "name": "Shade"}
    ghost = pc("Ghost", needs="silver", weapons=["sword"])
    s = Scene(("A", [ghost]), ("B", [shade]))
    assert declared(s, "Ghost").action == "retreat"
    assert declared(s, "Shade").action == "retreat"


def test_a_lost_fight_is_left_by_the_retreat() -> None:
    """Issue 34, rule 52: a 1st-level fighter down to 4 of his 20 hit points against four
    ogres; unhurt, the Retreat's free attacks would cost more than a round's fighting."""
    ogres = {"name": "Ogre", "template": "ogre", "count": 4, "hp": 25}
    s = Scene(("A", [pc("Hero", hp=20)]), ("B", [ogres]))
    assert declared(s, "Hero").action != "retreat"
    s["Hero"].hp = 4
    assert declared(s, "Hero").action == "retreat"


def test_a_winnable_fight_is_not_left() -> None:
    """An 8th-level fighter against two orcs fights on."""
    orcs = {"name": "Orc", "template": "orc", "count": 2, "hp": 5}
    s = Scene(("A", [pc("Hero", level=8)]), ("B", [orcs]))
    assert declared(s, "Hero").action in ("attack", "sweep")


def test_no_grapple_a_third_level_party_should_never_try() -> None:
    """Rules 104, 105: three 3rd-level heroes against a troll (6 HD, AC 4) expect about four
    d6 between them against its six: a plain attack, never a grapple."""
    troll = {"name": "Troll", "template": "troll", "hp": 40}
    party = [pc(name, level=3) for name in ("Ann", "Bo", "Cy")]
    s = Scene(("A", party), ("B", [troll]))
    for name in ("Ann", "Bo", "Cy"):
        plan = declared(s, name)
        assert plan.action == "attack"
        round.adopt(s.table, s.state, s[name], plan)


def test_a_swarm_grapples_a_knight_it_can_barely_hit() -> None:
    """Rules 104, 105, ODD-U44: ten kobolds against a 1st-level knight in plate and shield
    hit him only on a 17 or better; grappling, their d6s add up against his one and a pinned
    knight is hit automatically: the first kobold grapples."""
    kobolds = {"name": "Kobold", "template": "kobold", "count": 10, "hp": 3}
    s = Scene(("A", [pc("Odo", ac=2, shield=True, hp=10)]), ("B", [kobolds]))
    plan = declared(s, "Kobold 1")
    assert (plan.action, plan.target) == ("grapple", s["Odo"])


def test_no_disarm_when_a_plain_attack_pays_more() -> None:
    """Rule 93: disarming an orc denies one round of its sword (a hit and a failed save away);
    a plain attack of a 3rd-level fighter pays more."""
    s = Scene(("A", [pc("Hero", level=3)]), ("B", [{"name": "Orc", "template": "orc", "hp": 6}]))
    assert "disarm" in [p.action for p in round.options(s.state, s["Hero"])]
    assert declared(s, "Hero").action == "attack"


def test_a_disarm_when_it_denies_more_than_an_attack_deals() -> None:
    """Rule 93: a dagger against a swordsman with three attacks a round: taking his sword
    away for a round denies more than the dagger deals."""
    champion = {"name": "Champion", "kind": "monster", "hd": 1, "ac": 5, "attacks": 3,
                "weapons": ["sword"], "hp": 8}  # fmt: skip
    s = Scene(("A", [pc("Pip", cls="thief", level=3, weapons=["dagger"])]), ("B", [champion]))
    assert declared(s, "Pip").action == "disarm"


@pytest.mark.parametrize("beast", ["troll", "dire wolf", "owlbear"])
def test_natural_weapons_cannot_be_disarmed(beast: str) -> None:
    """Rules 40, 93: claws and bites are not a weapon held in the hand; not offered, and the
    whip's area is the feet."""
    s = Scene(("A", [pc("Hero")]), ("B", [{"name": "Beast", "template": beast, "hp": 30}]))
    assert "disarm" not in manoeuvres.allowed(s["Hero"], s["Beast"])
    assert "disarm" not in manoeuvres.allowed(s["Beast"], s["Hero"])
    s.dice.push(20)  # the whip has hit; the wielder's save succeeds
    manoeuvres.whip(s.table, s["Hero"], s["Beast"])
    assert s["Beast"].prone and not s["Beast"].disarmed


def chased_by_two(**kw: Any) -> tuple[Scene, Fighter, list[Chase]]:
    """A fleer on the plane chased by two slower pursuers from different sides."""
    s = Scene(
        ("A", [pc("Fleer", move=12, position=[0, 0])]),
        ("B", [pc("North", move=9, position=[0, 30]), pc("West", move=9, position=[-30, 0])]),
        conditions={"pursuit": True},
    )
    fleer = s["Fleer"]
    chases = [
        Chase(fleer, s["North"], 30.0, direction=(0.0, -1.0)),
        Chase(fleer, s["West"], 30.0, direction=(1.0, 0.0)),
    ]
    for c in chases:
        c.fleer.chasing = c.pursuer.chasing = True
    s.state.chases.extend(chases)
    s.state.sight = 500
    return s, fleer, chases


def test_a_fleer_runs_one_straight_line_however_many_pursue_it() -> None:
    """Rules 135, ODD-U27 (issue 34: no zig-zag runs): two pursuers do not pull the fleer
    two ways; it runs its Turn movement once, straight, each pursuer the gap behind it."""
    s, fleer, chases = chased_by_two()
    s.choices.push(decisions.FLEE, lambda o: o == pursuit.RUN_ON)
    s.choices.push(decisions.FLEE, lambda o: o == pursuit.RUN_ON)
    start = fleer.position
    pursuit.play(s.table, s.state)
    pursuit.play(s.table, s.state)
    run = 2 * space.turn_move(s.state, fleer) * space.FOOT
    assert fleer.position == Position(start.x, start.y - run)
    for c in chases:
        assert c.pursuer.position.x == pytest.approx(fleer.position.x)
        assert c.pursuer.position.y == pytest.approx(fleer.position.y + c.gap * space.FOOT)
