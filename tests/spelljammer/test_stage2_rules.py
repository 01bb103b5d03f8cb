"""Stage 2's readings and exceptions with scripted dice: free actions (SJ-U33), holding an
action (SJ-U34), Full Defense switch and follow (SJ-U27), the two-on-one withdrawal (rule
204), Range of Field (SJ-U23), the Luck save (P9, P15), and the default policy's use of the
new options."""

from __future__ import annotations

from fracas.core.table import Table
from fracas.rulesets.spelljammer import decisions, hitting, initiative, withdrawal
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import Initiative, LuckSave
from fracas.rulesets.spelljammer.policy import SjPolicy
from fracas.rulesets.spelljammer.state import Plan

from .conftest import Scene, sheet

SWORD = {"weapon": "longsword", "sc": 112, "rank": 5, "damage": "1d8+4"}
BOW = {"weapon": "longbow", "sc": 90, "rank": 5}


def test_sj_u33_a_second_free_action_costs_an_attack() -> None:
    """Rules 160–162, SJ-U33: dropping a weapon is free; a warning shouted in the surprise
    round too; both together cost the last attack (2 attacks → 1)."""
    dagger = {"weapon": "dagger", "sc": 90, "state": "sheathed"}
    s = Scene(("A", [sheet("Me", 0, attacks=2, weapons=[SWORD, dagger])]), ("B", [sheet("T", 5)]))
    me = s["Me"]
    plan = Plan("attack", s["T"], handling="drop_draw", arm=me.arms[1])
    assert initiative.attacks_kept(s.state, me, plan) == 2
    assert initiative.modifiers(plan)[0] == -5
    s.state.surprise_round, me.warned, me.ambush_band = True, True, 1
    assert initiative.attacks_kept(s.state, me, plan) == 1


def test_sj_u34_a_held_action_starts_on_10_next_round() -> None:
    """SJ-U34: hold (no movement, full DEF); next round the first attack is on 10 without a
    roll, the second rolls its d8."""
    s = Scene(("A", [sheet("Me", 0, attacks=2)]), ("B", [sheet("T", 5)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "hold", lambda p: p.action == "full")
    sj_round.play_round(s.table, s.state)
    assert s["Me"].held
    assert hitting.defence(s.state, s["Me"], s["T"], 11, None) == 0  # no −20: full DEF
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(3, 99)  # the d8 of attack 2 → 3; attack 1 (on 10) misses
    s.dice.push(99)  # attack 2 misses
    s.state.round = 2
    sj_round.play_round(s.table, s.state)
    rolls = [(e.what, e.segment, e.roll) for e in s.of(Initiative)]
    assert rolls == [("attack 1", 10, 0), ("attack 2", 3, 3)]
    assert s.dice.remaining == 0


def test_sj_u27_turning_from_a_full_defender() -> None:
    """Rule 188, SJ-U27: facing a Full Defender, the attacker may turn on another opponent in
    reach; the policy does."""
    s = Scene(("A", [sheet("Me", 0)]), ("B", [sheet("Wall", 5, hp=10), sheet("Soft", 0, hp=8)]))
    s.state.fighters()[1].position = s["Me"].position.toward(s["Wall"].position, 0.3)
    s["Soft"].position = s["Me"].position.toward(s["Wall"].position, -0.3)
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.target.name == "Wall")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full", lambda p: p.action == "full")
    policy = SjPolicy(s.state)
    s.choices.push(decisions.SWITCH, lambda t: t.name == "Soft")
    s.dice.push(5, 99)
    sj_round.play_round(s.table, s.state)
    assert s["Me"].plan is not None and s["Me"].plan.target is s["Soft"]
    table = Table(s.dice, {side.name: policy for side in s.state.sides})
    s["Me"].plan.target = s["Wall"]
    assert sj_round.switch(table, s.state, s["Me"], s["Wall"]) is s["Soft"]


def test_rule_204_two_on_one_no_free_attack() -> None:
    """Rule 204, SJ-U39: an opponent attacking only the withdrawer's ally gets no free
    attack on the withdrawer; one attacking the withdrawer does."""
    s = Scene(("A", [sheet("Leaver", 0), sheet("Ally", 0)]), ("B", [sheet("Foe", 5)]))
    s["Ally"].position = s["Leaver"].position
    foe = s["Foe"]
    foe.plan = Plan("attack", s["Ally"])
    assert withdrawal.free_attackers(s.state, s["Leaver"]) == []
    foe.plan = Plan("attack", s["Leaver"])
    assert withdrawal.free_attackers(s.state, s["Leaver"]) == [foe]


def test_sj_u23_range_of_field() -> None:
    """Rule 169, SJ-U23: three attackers on a target of Range of Field 2 get +12 each, not
    +20 (−2 per rank per extra attacker)."""
    s = Scene(
        ("A", [sheet("A1", 0), sheet("A2", 0), sheet("A3", 0)]),
        ("B", [sheet("T", 5, range_of_field=2)]),
    )
    for name in ("A1", "A2", "A3"):
        s[name].plan = Plan("attack", s["T"])
        s[name].scheduled = [5]
    why: list[str] = []
    assert hitting.strike_chance(s.state, s["A1"], s["T"], why) == 112 + 12
    s["T"].range_of_field = 0
    assert hitting.strike_chance(s.state, s["A1"], s["T"], None) == 112 + 20


def test_p9_luck_save_keeps_the_spell() -> None:
    """P15 option `luck` (P9): a caster hurt while casting keeps the spell on d100 + save
    bonus ≥ 111; −20 under no movement (rule 21)."""
    bolt = {"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK", "damage": "2d6"}
    for roll, still, kept in ((91, False, True), (90, False, False), (95, True, False)):
        s = Scene(
            ("A", [sheet("Mage", 0, luck=20, spells=[bolt], weapons=[])]),
            ("B", [sheet("Orc", 5)]),
            options={"interruption": "luck"},
        )
        mage = s["Mage"]
        pick = "still" if still else "stand"
        s.choices.push(decisions.DECLARE, lambda p, m=pick: p.action == "cast" and p.mode == m)
        s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
        s.dice.push(10 if not still else 7, 8)  # casting starts on 10, release on 4; orc on 8
        s.dice.push(50, 1, roll)  # the orc hits for 5 on 8; the Luck save
        s.dice.push(*([3, 3] if kept else []))  # the bolt goes off on 4: 2d6
        sj_round.play_round(s.table, s.state)
        save = s.of(LuckSave)[0]
        assert save.bonus == (0 if still else 20)
        assert (mage.casting is not None or s.state.tally["spells cast"] == 1) is kept


def test_the_policy_drops_its_bow_and_draws_its_sword_in_melee() -> None:
    """Stage 2's policy: an archer with a foe at its side drops the bow (a free action) and
    draws its sword (−5) rather than shoot at −30."""
    sword = dict(SWORD, state="sheathed")
    s = Scene(("A", [sheet("Archer", 0, weapons=[BOW, sword])]), ("B", [sheet("Orc", 5)]))
    from fracas.rulesets.spelljammer import options

    archer = s["Archer"]
    plans = options.plans(s.state, archer, None, None)
    policy = SjPolicy(s.state)
    best = max(plans, key=lambda p: policy._plan(archer, p))
    assert best.handling == "drop_draw" and best.arm is not None
    assert best.arm.data.name == "longsword"


def test_rule_193_a_push_into_a_fire() -> None:
    """Rule 193, SJ-U28: a desperate defender pushed 10 ft into a hazard takes its damage (no
    PROT, no stun); the policy pushes only when it lands in one."""
    for fire_at, pushes in ((15.0, True), (-30.0, False)):
        s = Scene(
            ("A", [sheet("Att", 0)]),
            ("B", [sheet("Def", 5, PROT={"armour": 5}, CON=3)]),
            conditions={"hazards": [{"name": "the galley fire", "at": [fire_at, 0],
                                     "radius": 4, "damage": "2d6"}]},
        )  # fmt: skip
        policy = SjPolicy(s.state)
        s.table = Table(s.dice, {"A": policy, "B": s.choices}, sink=s.events.append)
        s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate")
        s.dice.push(5, 99)  # Att on 5, misses; the push comes with the attack, hit or miss
        s.dice.push(*([4, 5] if pushes else []))  # the fire: 2d6 = 9
        sj_round.play_round(s.table, s.state)
        assert s["Def"].hp == (60 - 9 if pushes else 60)
        assert not s["Def"].stunned  # 9 > CON 3, but a hazard is not a hit
        assert s.state.tally["pushed into hazards"] == int(pushes)


def test_the_gm_reveals_a_hidden_ambusher_and_makes_someone_invisible() -> None:
    """The GM's stage-2 conditions: `hidden` off reveals an ambusher (SJ-U19); `invisible`
    (rules 163–167)."""
    from fracas.core.events import Revealed
    from fracas.rulesets.spelljammer.commands import SjCommands

    s = Scene(
        ("A", [sheet("Me", 0)]), ("B", [sheet("Scro", 5)]), conditions={"ambush": {"by": "B"}}
    )
    scro = s["Scro"]
    assert scro.hidden
    rules = SjCommands()
    rules.set_condition(s.table, s.state, scro, "hidden", False)
    assert not scro.hidden and [e.who for e in s.of(Revealed)] == ["Scro"]
    rules.set_condition(s.table, s.state, scro, "invisible", True)
    assert scro.invisible
    assert "invisible" in rules.conditions and "hidden" in rules.conditions


def test_rule_206_the_gm_rules_on_a_flyer_climbing_away() -> None:
    """Rule 206, SJ-U39: an agile flyer withdrawing asks the GM whether the free attack is
    allowed (the default policy: no); an allowed one is struck as usual; asked once a round."""
    from fracas.core.controllers import Controller

    for pick, attacks in ((0, 1), (1, 0)):
        s = Scene(("A", [sheet("Bird", 0, flying=True)]), ("B", [sheet("Guard", 5)]))
        bird, guard = s["Bird"], s["Guard"]
        controllers: dict[str, Controller] = {"A": s.choices, "B": s.choices, "gm": s.choices}
        s.table = Table(s.dice, controllers, sink=s.events.append)
        guard.plan = Plan("attack", bird)
        bird.plan = Plan("attack", guard, "then_move")
        s.state.segment = 5
        s.choices.push(decisions.FLYER, pick)
        s.dice.push(*([99] if attacks else []))
        to = withdrawal.away(bird, guard, 1.0)
        assert withdrawal.withdraw(s.table, s.state, bird, to)
        assert s.state.tally["free attacks"] == attacks
        assert withdrawal.free_attackers(s.state, bird) == []  # asked once a round
    policy = SjPolicy(s.state)
    from fracas.core.combatant import GM
    from fracas.core.requests import ChoiceRequest

    ask = ChoiceRequest(GM, decisions.FLYER, (withdrawal.ALLOW, withdrawal.DENY))
    assert policy.choose(ask) == 1
