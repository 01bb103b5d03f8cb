"""Issue 34: the default Spelljammer tactics in small situations, each asserting the plan the
policy declares (rules 1–2, SJ-U6) from the legal plans (`options.plans`)."""

from __future__ import annotations

from typing import Any

from fracas.core.requests import ChoiceRequest
from fracas.rulesets.spelljammer import decisions, hitting, odds, options, outlook
from fracas.rulesets.spelljammer.policy import SjPolicy
from fracas.rulesets.spelljammer.state import Plan, Stuck

from .conftest import Scene, sheet


def at(name: str, x: float, y: float = 0, **kw: Any) -> dict[str, Any]:
    out = sheet(name, x, **kw)
    out["position"] = [x, y]
    return out


def declared(s: Scene, name: str) -> Plan:
    """The plan the default policy declares for `name` as things stand."""
    me = s[name]
    plans = options.plans(s.state, me, None, None)
    index = SjPolicy(s.state).choose(ChoiceRequest(me, decisions.DECLARE, plans))
    found: Plan = plans[index]
    return found


def three_foes(**kw: Any) -> tuple[str, list[dict[str, Any]]]:
    return ("B", [at("B1", 5, 0, **kw), at("B2", 0, 5, **kw), at("B3", -5, 0, **kw)])


def test_a_hurt_fighter_whose_side_has_lost_flees_at_the_pace_that_outruns_the_foes():
    """Down to a third of its hit points, alone against three fighters as good as it: its side
    needs far more than three times as long to win as to lose. The foes run 2 × 5 squares a
    round, so it sprints (3 × 5; a walk or a run would not get away, P3)."""
    s = Scene(("A", [at("Hero", 0, 0, current_hp=20)]), three_foes())
    plan = declared(s, "Hero")
    assert (plan.action, plan.mode) == ("flee", "sprint")


def test_a_faster_fighter_flees_at_a_walk_when_a_walk_outruns_the_foes():
    s = Scene(("A", [at("Hero", 0, 0, current_hp=20, TMR=12)]), three_foes())
    plan = declared(s, "Hero")
    assert (plan.action, plan.mode) == ("flee", "walk")


def test_an_unhurt_fighter_of_a_losing_side_stands_and_fights():
    s = Scene(("A", [at("Hero", 0, 0)]), three_foes())
    assert declared(s, "Hero").action == "attack"


def test_a_hurt_fighter_of_a_winning_side_stands_and_fights():
    """Down to a third, but two fresh friends beside it against one foe: not a lost fight."""
    s = Scene(
        ("A", [at("Hero", 0, 0, current_hp=20), at("F1", 0, 5), at("F2", 0, -5)]),
        ("B", [at("B1", 5, 0)]),
    )
    assert declared(s, "Hero").action == "attack"


def test_it_attacks_the_foe_its_weapon_can_hurt_not_the_armoured_one():
    """1d8+4 (mean 8.5) against PROT 12 gets through only on a critical or grievous hit
    (rules 61–63, SJ-U11): the unarmoured foe is the target, though the armoured one has
    fewer hit points left."""
    s = Scene(
        ("A", [at("Hero", 0, 0)]),
        ("B", [at("Plate", 5, 0, hp=30, PROT={"armour": 12}), at("Bare", 0, 5, hp=40)]),
    )
    plan = declared(s, "Hero")
    assert plan.action == "attack" and plan.target is s["Bare"]


def test_it_pulls_an_arrow_from_a_bleeding_friend_when_no_foe_is_near():
    """SJ-U46: First Aid on the adjacent friend's stuck arrow (1 bleeding a round, −2 DEX)
    rather than running up to a foe 100 ft away."""
    s = Scene(
        ("A", [at("Medic", 0, 0, first_aid=70), at("Friend", 5, 0, current_hp=20)]),
        ("B", [at("B1", 100, 0)]),
    )
    s["Friend"].stuck.append(Stuck("arrow", 2, 1))
    plan = declared(s, "Medic")
    assert plan.action == "aid" and plan.target is s["Friend"]


def test_the_policys_expected_harm_is_the_odds_calculators():
    """`outlook.expected_harm` reads the rules' d100 table and damage rule as `odds.on_target`
    does (rules 37, 39–69, 61–63, SJ-U11), less the grievous wound's extra hit points: with
    those added back the two agree exactly, against PROT 0 and against PROT 12."""
    for prot in (0, 12):
        s = Scene(("A", [at("Hero", 0, 0)]), ("B", [at("Foe", 5, 0, PROT={"armour": prot})]))
        hero, foe = s["Hero"], s["Foe"]
        exact = sum(p * harm for (_, harm, _), p in odds.on_target(s.state, hero, foe).items())
        modified = hitting.strike_chance(s.state, hero, foe, None) - hitting.defence(
            s.state, foe, hero, s.state.segment, None
        )
        wounds = odds.wounds(hero.weapon.data.weapon_class)
        extra = sum(q * more for more, q in wounds.items() if more > 0)
        grievous = odds.d100(modified).get(hitting.GRIEVOUS, 0)
        ours = outlook.expected_harm(hero.weapon.damage, modified, foe.prot())
        assert abs(float(exact) - (ours + float(grievous * extra))) < 1e-9


def test_in_a_melee_against_three_it_readies_its_slung_shield():
    """Rule 155, SJ-U31: three foes strike at it every round; the shield's DEF 30 saves more
    of its hit points over the fight than one attack takes from a foe's."""
    shield = {"dex": 5, "skill": 5, "shield": 30}
    s = Scene(("A", [at("Hero", 0, 0, shield_slung=True, DEF=shield)]), three_foes())
    assert declared(s, "Hero").action == "shield"


def test_against_one_weak_foe_it_attacks_rather_than_ready_its_shield():
    shield = {"dex": 5, "skill": 5, "shield": 30}
    weak = [{"weapon": "dagger", "sc": 40, "rank": 1}]
    s = Scene(
        ("A", [at("Hero", 0, 0, shield_slung=True, DEF=shield)]),
        ("B", [at("B1", 5, 0, weapons=weak, hp=10)]),
    )
    assert declared(s, "Hero").action == "attack"
