"""Stage 2: Delay Initiative and interrupts between actions (rules 5-6, SAM-A2)."""

from __future__ import annotations

from fracas.rulesets.semiautomagic import actions, decisions, turn
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind


def _three() -> Scene:
    return Scene(
        ("A", [human("Ada", position=[0, 0]), human("Cy", position=[0, 4])]),
        ("B", [human("Bram", position=[1.5, 0])]),
    )


def test_rule_5_a_turn_is_delayed_whole_at_its_start_only() -> None:
    s = _three()
    ada = s["Ada"]
    assert any(a.kind == "delay" for a in actions.legal(s.state, ada))
    s.choices.push(decisions.ACT, kind("delay"))
    turn.take_turn(s.table, s.state, ada)
    assert ada.delaying
    assert not s.of(ev.Spent)  # no second of the turn was spent (SAM-A2 a)
    s.state.second = 2  # later in a turn: no delay any more
    assert all(a.kind != "delay" for a in actions.legal(s.state, ada))


def test_rule_6_a_delayer_interrupts_between_two_actions_and_the_other_finishes() -> None:
    s = _three()
    s.state.order = [s["Ada"], s["Bram"], s["Cy"]]
    ada, bram, cy = s["Ada"], s["Bram"], s["Cy"]
    ada.delaying = True
    cy.delaying = True
    # Bram's turn: before his first action both delayers wait; after his crouch Ada comes in
    # and ends her 6 s turn at once; Cy is not asked during Ada's turn (no nesting, SAM-A2 d).
    s.choices.push(decisions.INTERRUPT, kind("wait"), kind("wait"), kind("interrupt"))
    s.choices.push(decisions.INTERRUPT, kind("wait"), kind("wait"))
    s.choices.push(decisions.ACT, kind("crouch"), kind("end"), kind("end"))
    turn.take_turn(s.table, s.state, bram)
    started = [e.who for e in s.of(ev.TurnStarted)]
    assert started == ["Bram", "Ada"]
    assert not ada.delaying and cy.delaying
    assert s.state.tally["interrupts"] == 1
    assert bram.posture == "crouched"
    assert s.state.acting == bram.id and s.state.interrupting == ""


def test_rule_6_the_delayed_turn_cannot_be_delayed_again() -> None:
    s = _three()
    ada, bram = s["Ada"], s["Bram"]
    s.state.order = [ada, bram]
    ada.delaying = True
    kinds: set[str] = set()

    def look(o: actions.Action) -> bool:
        kinds.update(a.kind for a in actions.legal(s.state, ada))  # during Ada's turn
        return o.kind == "end"

    s.choices.push(decisions.INTERRUPT, kind("interrupt"))
    s.choices.push(decisions.ACT, look, kind("end"))
    turn.take_turn(s.table, s.state, bram)
    assert "delay" not in kinds  # Ada's delayed turn: no delay offered (SAM-A2 d)
    assert "single" in kinds  # but she may attack Bram in reach


def test_sam_a2_b_a_delayed_turn_not_taken_before_the_next_is_lost() -> None:
    s = _three()
    ada = s["Ada"]
    ada.delaying = True
    turn.lapse(s.table, ada)
    assert not ada.delaying
    assert any("lost" in e.what for e in s.of(ev.Did))


def test_the_policy_interrupts_when_an_enemy_is_in_reach() -> None:
    from fracas.core.requests import ChoiceRequest
    from fracas.rulesets.semiautomagic.policy import SamPolicy

    s = _three()
    ada, cy = s["Ada"], s["Cy"]
    p = SamPolicy(s.state)
    opts = [actions.WAIT, actions.INTERRUPT]
    near = p.choose(ChoiceRequest(ada, decisions.INTERRUPT, opts, None))
    far = p.choose(ChoiceRequest(cy, decisions.INTERRUPT, opts, None))
    assert opts[near].kind == "interrupt"
    assert opts[far].kind == "wait"
