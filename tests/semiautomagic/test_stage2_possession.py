"""Stage 2: morale and possession (rules 136-142, 152-158; C6; SAM-A36, SAM-A37; T-SAM-4,
T-SAM-10)."""

from __future__ import annotations

from typing import Any

import fracas
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import decisions, morale, possession, round, turn
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState
from scripted_choices import ByDecision

from .conftest import Scene, kind

BAL = {
    "name": "Bal-Ziggaroth", "template": "human", "SPI": 5, "position": [0, 6],
    "skills": {"weapon": 4, "reflex": 2, "combat_expertise": 1},
    "techniques": ["extra attack"], "combos": [["attack"], ["attack", "attack"]],
    "possession": {"bonus": 4, "range": 20},
}  # fmt: skip


class Possession:
    """Jack Clancy (Will 9/3) and his friend Lou against the demon (Will 11), each side with
    its own scripted controller, to see whose questions go where."""

    def __init__(self) -> None:
        doc = {
            "ruleset": "semiautomagic", "name": "T-SAM-4",
            "sides": [
                {"name": "Heroes", "combatants": [
                    {"name": "Jack", "template": "human", "position": [0, 0]},
                    {"name": "Lou", "template": "human", "position": [1.5, 0]}]},
                {"name": "Demons", "combatants": [BAL]},
            ],
        }  # fmt: skip
        enc = fracas.from_document(doc)
        state = enc.ruleset.setup(enc.spec)
        assert isinstance(state, SamState)
        state.round = 1
        self.state = state
        self.dice = ScriptedDice()
        self.heroes, self.demons = ByDecision(), ByDecision()
        self.events: list[Any] = []
        self.table = Table(
            self.dice, {"Heroes": self.heroes, "Demons": self.demons}, sink=self.events.append
        )

    def __getitem__(self, name: str) -> Fighter:
        return next(c for c in self.state.fighters() if c.name == name)


def test_t_sam_4_possession_example_1_with_c6() -> None:
    s = Possession()
    jack, lou, bal = s["Jack"], s["Lou"], s["Bal-Ziggaroth"]
    assert (jack.will, jack.min_will, bal.will) == (9, 3, 11)
    # The check: d6 6 + 4 = 10 > 3 (one penalty, first: C6) and > 9 (possessed).
    s.dice.push(6)
    assert possession.attempt(s.table, s.state, bal, jack)
    assert (jack.will, jack.min_will) == (8, 2)
    assert jack.possessed_by == bal.id and bal.inside == jack.id
    # Bal's turn: Jack vetoes; Bal 3 + 11 = 14 against Jack 4 + 8 = 12: Jack fails, 7/1 (C6).
    s.heroes.push(decisions.VETO, lambda o: o == possession.VETO)
    s.dice.push(3, 4)
    combos: list[tuple[str, ...]] = []

    def combo(o: Any) -> bool:
        if o.kind == "combo":
            combos.append(o.combo)
        return o.kind == "combo"

    # The body's actions are asked of the demon's controller, with Bal's combos.
    s.demons.push(decisions.ACT, combo, kind("end"))
    s.demons.push(decisions.ALLOT, 0, 0)
    s.heroes.push(decisions.DEFEND, 0, 0)  # Lou defends as his own side decides
    s.dice.push(1, 1)  # both attacks miss Lou
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)
    assert (jack.will, jack.min_will) == (7, 1)
    assert combos == [("attack", "attack")]  # not in Jack's own sheet: Bal's (rule 156)
    assert jack.body_seconds == 4 and jack.controller == ""
    assert jack.combos == [("attack",)]  # Jack's own again
    # Jack's turn: 2 s left for the body (rule 155); Bal lets it act.
    s.demons.push(decisions.VETO, lambda o: o == possession.LET)
    s.heroes.push(decisions.ACT, kind("end"))
    possession.own_turn(s.table, s.state, jack, turn.take_turn)
    started = [e for e in s.events if isinstance(e, ev.TurnStarted)]
    assert [(e.who, e.seconds) for e in started] == [("Jack", 6), ("Jack", 2)]
    assert lou.active


def test_rule_157_a_won_veto_skips_the_turn_and_spends_no_seconds() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)  # Jack 8/2
    s.heroes.push(decisions.VETO, lambda o: o == possession.VETO)
    s.dice.push(1, 6)  # Bal 12 < Jack 14: Bal's turn is skipped (SAM-A36 b)
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)
    assert jack.body_seconds == 0 and jack.will == 8
    assert not [e for e in s.events if isinstance(e, ev.TurnStarted)]
    assert s.state.tally["vetoes"] == 1


def test_rule_157_ties_re_roll_and_will_0_cannot_veto() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    jack.will = 11
    s.heroes.push(decisions.VETO, lambda o: o == possession.VETO)
    s.dice.push(3, 3, 1, 5)  # 14 = 14: again; 12 < 16: the veto wins
    assert possession.vetoed(s.table, s.state, bal, jack)
    assert jack.will == 11  # the winner takes no penalty
    jack.will = 0
    assert not possession.vetoed(s.table, s.state, bal, jack)  # not even asked


def test_rule_153_a_check_above_minimum_will_only_is_one_penalty() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(1)  # 5 > 3 but not > 9
    assert not possession.attempt(s.table, s.state, bal, jack)
    assert (jack.will, jack.min_will, jack.possessed_by) == (8, 2, "")


def test_t_sam_10_broken_recovers_against_a_falling_dc() -> None:
    s = Scene(("A", [{"name": "Ann", "template": "human"}]), ("B", [{"name": "Bo",
              "template": "human"}]))  # fmt: skip
    ann = s["Ann"]
    morale.penalty(s.table, s.state, ann, 9, "test")
    assert ann.will == 0 and ann.broken and ann.helpless
    s.dice.push(6, 5, 4)  # 9 < 10, 8 < 9, 7 < 8: still Broken
    for _ in range(3):
        morale.recover(s.table, s.state, ann)
    assert ann.broken and ann.broken_dc == 7
    s.dice.push(4)  # 7 >= 7
    morale.recover(s.table, s.state, ann)
    assert not ann.broken and ann.will == 1 and ann.morale_penalties == 8


def test_rules_136_140_untyped_morale_damage() -> None:
    s = Scene(("A", [{"name": "Ann", "template": "human"}]), ("B", [{"name": "Bo",
              "template": "human"}]))  # fmt: skip
    ann = s["Ann"]
    morale.damage(s.table, s.state, ann, 3, "test")  # not > 3
    assert ann.will == 9
    morale.damage(s.table, s.state, ann, 4, "test")  # > 3: one
    assert (ann.will, ann.min_will) == (8, 2)
    morale.damage(s.table, s.state, ann, 9, "test")  # > 8: two in all
    assert (ann.will, ann.min_will) == (6, 0)


def test_a_broken_fighter_takes_no_action_on_its_turn() -> None:
    s = Scene(("A", [{"name": "Ann", "template": "human", "position": [0, 0]}]),
              ("B", [{"name": "Bo", "template": "human", "position": [1.5, 0]}]))  # fmt: skip
    ann = s["Ann"]
    morale.penalty(s.table, s.state, ann, 9, "test")
    s.dice.push(1)  # 4 < 10
    turn.take_turn(s.table, s.state, ann)  # no `next action` asked (unscripted would fail)
    assert ann.broken and ann.broken_dc == 9
    assert not s.of(ev.Spent)


def test_sam_a36_f_a_possessed_body_is_a_foe_of_its_own_side() -> None:
    s = Possession()
    jack, lou, bal = s["Jack"], s["Lou"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)
    assert jack in s.state.foes_of(lou)
    assert bal not in s.state.foes_of(lou)  # hidden in the body
    jack.controller_side = bal.side
    assert lou in s.state.foes_of(jack)  # controlled: fights for the demons
    jack.controller_side = ""
    lou.status = type(lou.status).DEAD
    assert round.over(s.state)  # only the demons' camp stands


def test_rule_161_a_broken_possessor_cannot_act_through_the_body() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)
    morale.penalty(s.table, s.state, bal, 11, "test")
    assert bal.broken
    possession.control(s.table, s.state, bal, turn.take_turn)  # no veto asked, no turn
    assert jack.body_seconds == 0
    assert not [e for e in s.events if isinstance(e, ev.TurnStarted)]
    assert not possession.vetoed(s.table, s.state, jack, bal)  # nor veto (rule 161)


def test_rule_141_the_gms_will_0_breaks_and_a_higher_will_mends() -> None:
    from fracas.core.journal import SetVitals
    from fracas.rulesets.semiautomagic.commands import SamCommands

    s = Scene(("A", [{"name": "Ann", "template": "human"}]), ("B", [{"name": "Bo",
              "template": "human"}]))  # fmt: skip
    ann = s["Ann"]
    SamCommands().set_vitals(s.table, s.state, ann, SetVitals(combatant=ann.id, vitals={"will": 0}))
    assert ann.broken and ann.helpless
    SamCommands().set_vitals(s.table, s.state, ann, SetVitals(combatant=ann.id, vitals={"will": 4}))
    assert not ann.broken and ann.min_will == -2


# --- Stage 2 in full: rules 159-162 -------------------------------------------------------


def test_rule_159_cooperative_possession_no_check_best_of_both() -> None:
    """Rule 159: an ally lets the possessor in, no check and no penalty; either acting uses
    the better skill bonuses of both, and the combos of both; a veto turns it hostile."""
    s = Possession()
    jack, lou = s["Jack"], s["Lou"]
    lou.possession = (4, 20.0, 4)
    lou.bonus["weapon"] = jack.bonus["weapon"] + 2
    lou.combos = [("attack",), ("attack", "attack")]
    s.heroes.push(decisions.ALLOW, lambda o: o == possession.ALLOW)
    assert possession.attempt(s.table, s.state, lou, jack)  # no die: none scripted
    assert lou.inside == jack.id and lou.cooperating and jack.will == 9
    seen: list[tuple[int, list[tuple[str, ...]]]] = []

    def look(o: Any) -> bool:
        seen.append((jack.bonus["weapon"], list(jack.combos)))
        return o.kind == "end"

    s.heroes.push(decisions.VETO, lambda o: o == possession.LET)  # Jack lets his friend act
    s.heroes.push(decisions.ACT, look)
    possession.control(s.table, s.state, lou, turn.take_turn)
    assert seen[0] == (lou.bonus["weapon"], [("attack",), ("attack", "attack")])
    s.heroes.push(decisions.VETO, lambda o: o == possession.LET)  # Lou lets Jack act
    s.heroes.push(decisions.ACT, look)
    possession.own_turn(s.table, s.state, jack, turn.take_turn)
    assert seen[1][0] == lou.bonus["weapon"]  # on Jack's own turn too
    assert jack.bonus["weapon"] == lou.bonus["weapon"] - 2  # his own again after
    jack.vetoed.clear()
    lou.vetoed.clear()
    s.heroes.push(decisions.VETO, lambda o: o == possession.VETO)
    s.dice.push(1, 6)  # Lou 1 + 9 = 10 < Jack 6 + 9 = 15: the turn is skipped
    possession.control(s.table, s.state, lou, turn.take_turn)
    assert not lou.cooperating  # rule 159: vetoing is turning hostile


def test_rule_160_a_second_possessor_contests_the_highest_will() -> None:
    """Rule 160: the check goes against the highest Will in the body (Bal's 11), who may
    forgo it to the next (Jack, 8); then every mind may veto every other's turn, once a
    round each."""
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)  # Jack 8/2
    imp = s["Lou"]  # Lou plays a second demon here
    imp.side, imp.possession = "Demons", (5, 20.0, 4)
    s.demons.push(decisions.FORGO, lambda o: o == possession.FORGO)  # Bal lets it at Jack
    s.dice.push(5)  # 10 > Jack's 8: in (and one penalty: 7/1)
    assert possession.attempt(s.table, s.state, imp, jack)
    assert imp.inside == jack.id and jack.possessed_by == bal.id and jack.will == 7
    # Bal's turn: Jack and the imp may each veto it; the imp lets it be, Jack vetoes and wins.
    s.heroes.push(decisions.VETO, lambda o: o == possession.VETO)
    s.demons.push(decisions.VETO, lambda o: o == possession.LET)
    s.dice.push(1, 6)  # Bal 12 < Jack 13
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)
    assert jack.vetoed == [bal.id] and jack.body_seconds == 0
    # Once a round against each: Bal's second turn this round (a delayed one) is not vetoed
    # by Jack again; only the imp is asked.
    s.demons.push(decisions.VETO, lambda o: o == possession.LET)
    s.demons.push(decisions.ACT, kind("end"))
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)
    assert not s.heroes.script[decisions.VETO]


def test_rule_160_the_defender_who_takes_the_check_risks_the_penalty() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)
    imp = s["Lou"]
    imp.side, imp.possession = "Heroes", (4, 20.0, 4)
    s.demons.push(decisions.FORGO, lambda o: o == possession.TAKE)
    s.dice.push(4)  # 8 > Bal's Minimum 5: Bal takes the penalty; not > 11: out
    assert not possession.attempt(s.table, s.state, imp, jack)
    assert (bal.will, jack.will, imp.inside) == (10, 8, "")


def test_rule_161_a_broken_mind_neither_lets_in_nor_helps() -> None:
    s = Possession()
    jack, lou = s["Jack"], s["Lou"]
    lou.possession = (4, 20.0, 4)
    morale.penalty(s.table, s.state, jack, 9, "test")
    assert jack.broken
    assert not possession.willing(s.table, jack, lou)  # not even asked
    lou.bonus["weapon"] = jack.bonus["weapon"] + 2
    assert possession.best_of(jack, [lou])[0]["weapon"] == lou.bonus["weapon"]
    lou.broken = True  # rule 161: a Broken mind cannot help
    assert possession.best_of(jack, [lou])[0] == jack.bonus


def test_rule_162_leaving_a_body_and_a_veto_trapping_the_leaver() -> None:
    """Rule 162: on its own turn a possessor may leave (0 s); the body's mind may veto it:
    won, the leaver is trapped with a morale penalty; lost, the vetoer takes one."""
    from fracas.rulesets.semiautomagic import departure

    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)  # Jack 8/2, Bal 11/5
    s.heroes.push(decisions.VETO, lambda o: o == possession.LET)
    s.demons.push(decisions.ACT, kind("leave"))
    s.heroes.push(decisions.TRAP, lambda o: o == possession.VETO)
    s.dice.push(1, 6)  # Bal 12 < Jack 14: trapped
    s.demons.push(decisions.ACT, kind("end"))
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)
    assert bal.inside == jack.id and bal.will == 10
    s.heroes.push(decisions.VETO, lambda o: o == possession.LET)
    jack.vetoed.clear()
    s.demons.push(decisions.ACT, kind("leave"))
    s.heroes.push(decisions.TRAP, lambda o: o == possession.LET)
    s.demons.push(decisions.COOPERATE, lambda o: o == possession.HOSTILE)  # rule 159
    possession.control(s.table, s.state, bal, turn.take_turn)  # no more action asked
    assert bal.inside == "" and jack.possessed_by == "" and bal.position == jack.position
    assert departure.LEAVE.seconds == 0 and str(departure.LEAVE) == "leave the body (rule 162)"
    assert jack.controller == "" and s.state.controlling == ""
