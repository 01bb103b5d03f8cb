"""A faction's characters are listed once a fight (`MurdhamState.faction`, issue 35): a
late arrival is listed with its faction from then on, and its zone's index is kept
(`Character.place`)."""

from __future__ import annotations

import fracas

AMBUSH = "examples/murdham/bandit_ambush.yaml"


def test_a_late_arrival_is_listed_with_its_faction() -> None:
    battle = fracas.Battle(fracas.load(AMBUSH), seed=2, seats={"Travellers": "person"})
    assert battle.advance() is not None
    state = battle.state
    before = [c.name for c in state.faction("Travellers")]
    assert state.faction("Travellers") is state.faction("Travellers")  # listed once
    battle.command(
        fracas.AddCombatant(
            side="Travellers", sheet={"name": "Warden", "template": "bandit", "zone": "a2"}
        )
    )
    question = battle.question
    assert question is not None
    battle.answer(question.id, 0, by="Travellers")  # the command takes effect next
    state = battle.state
    travellers = state.faction("Travellers")
    assert [c.name for c in travellers] == [*before, "Warden"]
    assert [c.name for c in travellers] == [
        c.name for c in state.characters() if c.side == "Travellers"
    ]
    warden = travellers[-1]
    assert warden.place == state.zones.place(warden.zone)
