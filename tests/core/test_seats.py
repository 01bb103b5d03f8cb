"""Seats (core `seats`): a combatant controlled by another mind (a possession) is decided for
at its controller's seat, or by its controller's side's controller, never its own."""

from __future__ import annotations

from fracas.core.combatant import Combatant, Side
from fracas.core.seats import Seating


def _pair() -> tuple[Combatant, Combatant]:
    jack = Combatant(id="a1", name="Jack", side="Heroes")
    bal = Combatant(id="b1", name="Bal", side="Demons")
    return jack, bal


def test_a_combatant_is_decided_at_its_own_seat_then_its_sides() -> None:
    jack, _ = _pair()
    seats = Seating({"Jack": "person", "Demons": "person"})
    assert seats.deciding(jack) == "Jack"
    assert seats.deciding(Side("Demons", [])) == "Demons"


def test_a_controlled_combatant_is_decided_at_its_controllers_seat_only() -> None:
    jack, bal = _pair()
    jack.controller, jack.controller_side = bal.name, bal.side
    assert Seating({"Jack": "person"}).deciding(jack) is None  # Jack's person lost control
    assert Seating({"Bal": "person", "Jack": "person"}).deciding(jack) == "Bal"
    assert Seating({"Demons": "person"}).deciding(jack) == "Demons"
    jack.controller = jack.controller_side = ""
    assert Seating({"Jack": "person"}).deciding(jack) == "Jack"


def test_dice_of_a_controlled_combatant_stay_with_its_own_seat() -> None:
    jack, bal = _pair()
    jack.controller, jack.controller_side = bal.name, bal.side
    assert Seating({"Demons": "physical"}).rolling(jack) is None
    assert Seating({"Heroes": "physical"}).rolling(jack) == "Heroes"


class _Always:
    def __init__(self, pick: int) -> None:
        self.pick = pick

    def choose(self, request: object) -> int:
        return self.pick


def test_a_controlled_combatants_question_goes_to_its_controllers_side() -> None:
    from fracas.core.dice_sources import ScriptedDice
    from fracas.core.table import Table

    jack, bal = _pair()
    table = Table(ScriptedDice(), {"Heroes": _Always(0), "Demons": _Always(1)})
    assert table.choose(jack, "act", ["a", "b"]) == "a"
    jack.controller, jack.controller_side = bal.name, bal.side
    assert table.choose(jack, "act", ["a", "b"]) == "b"


def test_a_controlled_combatants_questions_are_seen_by_its_controllers_side() -> None:
    from fracas.core.audience import side_audience
    from fracas.core.combatant import asked_audience, asked_side

    jack, bal = _pair()
    assert asked_audience(asked_side(jack)) == side_audience("Heroes")
    jack.controller, jack.controller_side = bal.name, bal.side
    assert asked_audience(asked_side(jack)) == side_audience("Demons")
