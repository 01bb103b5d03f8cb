"""Options handed out again and scores remembered (issue 35): a blow or a defence offered
again while it is the same is the same object; anything that changed is built and weighed
afresh; and a copied state is never offered the original's. That a battle leaves no cycle of
references behind for the garbage collector is checked for every ruleset in
tests/core/test_no_cycles.py."""

from __future__ import annotations

import copy
from typing import Any

import fracas
from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.brp import combat, decisions, derived, odds
from fracas.rulesets.brp.actions import Attack, intents
from fracas.rulesets.brp.policy import BRPPolicy
from fracas.rulesets.brp.state import BRPState, Fighter

PLAIN = {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "APP": 10}


def _fighter(name: str, x: float, y: float) -> dict[str, Any]:
    return {
        "name": name,
        "characteristics": PLAIN,
        "skills": {"Brawl": 70},
        "weapons": ["Brawl"],
        "position": [x, y],
    }


def _state() -> BRPState:
    """A brawler a metre from two equal foes: the first listed wins a tie."""
    doc = {
        "ruleset": "brp",
        "name": "kept options",
        "sides": [
            {"name": "Brawler", "combatants": [_fighter("Brawler", 0, 0)]},
            {"name": "Foes", "combatants": [_fighter("First", 1, 0), _fighter("Second", 0, 1)]},
        ],
    }
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    assert isinstance(state, BRPState)
    state.round = 1
    return state


def _named(state: BRPState, name: str) -> Fighter:
    return next(f for f in state.fighters() if f.name == name)


def _attacks(options: list[Any]) -> list[Attack]:
    return [o for o in options if isinstance(o, Attack)]


def test_the_same_blow_is_the_same_object_and_a_changed_one_is_new() -> None:
    state = _state()
    me = _named(state, "Brawler")
    first = _attacks(intents(state, me))
    again = _attacks(intents(state, me))
    assert [a is b for a, b in zip(first, again, strict=True)] == [True, True]
    _named(state, "Second").position = Position(0, 5)  # now 3 m to close (reach 2 m)
    moved = _attacks(intents(state, me))
    assert moved[0] is first[0]
    assert moved[1] is not first[1] and moved[1] == Attack(
        _named(state, "Second"), me.weapons[0], 3.0
    )


def test_a_copied_state_is_offered_blows_at_its_own_fighters() -> None:
    state = _state()
    intents(state, _named(state, "Brawler"))
    twin = copy.deepcopy(state)
    twin._records = state._records  # even sharing the records, the copy gets its own
    foes = {id(f) for f in twin.fighters()}
    offered = _attacks(intents(twin, _named(twin, "Brawler")))
    assert offered and all(id(a.target) in foes for a in offered)


def test_a_remembered_score_is_weighed_again_once_the_target_is_hurt() -> None:
    state = _state()
    me = _named(state, "Brawler")
    policy = BRPPolicy(state)

    def pick(p: BRPPolicy) -> Fighter:
        options = intents(state, me)
        chosen = options[p.choose(ChoiceRequest(me, decisions.INTENT, options))]
        assert isinstance(chosen, Attack)
        return chosen.target

    assert pick(policy).name == "First"  # a tie: the first listed
    _named(state, "Second").hp = 3  # one blow may now drop it
    assert pick(BRPPolicy(state)).name == "Second"
    assert pick(policy).name == "Second"


def test_a_remembered_worth_still_counts_the_move_to_make_the_blow() -> None:
    state = _state()
    me = _named(state, "Brawler")
    policy = BRPPolicy(state)

    def pick() -> str:
        options = intents(state, me)
        chosen = options[policy.choose(ChoiceRequest(me, decisions.INTENT, options))]
        assert isinstance(chosen, Attack)
        return chosen.target.name

    assert pick() == "First"  # a tie: the first listed
    _named(state, "First").position = Position(9, 0)  # 7 m to close: a worse DEX rank
    assert pick() == "Second"


def test_the_same_defence_is_the_same_object_and_a_changed_one_is_new() -> None:
    state = _state()
    me, foe = _named(state, "Brawler"), _named(state, "First")
    weapon = foe.weapons[0]
    first = combat.defences(state, me, weapon)
    assert combat.defences(state, me, weapon) == first
    assert all(a is b for a, b in zip(combat.defences(state, me, weapon), first, strict=True))
    state.defence_penalty, me.defences = 10, 1  # B9: an earlier defence this round
    later = combat.defences(state, me, weapon)
    dodge, dodge_later = first[0], later[0]  # (Brawl cannot parry: §5.9 prints no HP)
    assert isinstance(dodge, combat.Dodge) and isinstance(dodge_later, combat.Dodge)
    assert dodge_later is not dodge and dodge_later.chance == dodge.chance - 10


def test_a_blows_worth_is_its_mean_injury_and_twice_the_chance_to_drop_the_target() -> None:
    """The worth read from the weapon's table (`profile.Worth`) is what the odds give at every
    hit point the target may have, past the end of the odds' table too."""
    state = _state()
    me, foe = _named(state, "Brawler"), _named(state, "First")
    policy = BRPPolicy(state)
    blow = _attacks(intents(state, me))[0]
    weapon = blow.weapon
    hurt = odds.profile(
        weapon.chance,
        weapon.data.damage,
        combat.damage_notation(weapon, special=True),
        me.db,
        combat.armour_against(foe, weapon),
    )
    for hp in range(-3, 40):
        foe.hp = hp
        expected = hurt.mean + 2 * hurt.p_at_least(max(1, hp - 2))
        assert policy._blow_value(me, blow) == expected


def test_the_levels_of_rolls_are_the_rules_at_any_chance() -> None:
    """`derived.level_number` reads a table kept by chance: any chance, any roll, is the
    level the rules give (`derived.level_of`)."""
    for chance in (-5, 0, 1, 37, 100, 163, 1, 37):
        for roll in range(-1, 103):
            assert derived.level_number(roll, chance) == int(derived.level_of(roll, chance))


def test_the_statement_order_is_highest_dex_first_and_otherwise_the_encounters() -> None:
    state = _state()
    dexes = [12, 9, 12]
    for f, dex in zip(state.fighters(), dexes, strict=True):
        f.dex = dex
    state.forget()
    names = [f.name for f in state.by_dex()]
    assert names == ["Brawler", "Second", "First"]


def test_a_state_copies_with_the_worths_its_weapons_keep() -> None:
    """A weapon keeps the worths the tactics worked out (`profile.Worth`); a copied state
    shares them (they never change) and its policy weighs the copy's blows alike."""
    state = _state()
    me = _named(state, "Brawler")
    blow = _attacks(intents(state, me))[0]
    worth = BRPPolicy(state)._blow_value(me, blow)
    twin = copy.deepcopy(state)
    twin_me = _named(twin, "Brawler")
    kept = twin_me.weapons[0].odds
    assert any(row is not None and any(w is not None for w in row) for row in kept)
    twin_blow = _attacks(intents(twin, twin_me))[0]
    assert BRPPolicy(twin)._blow_value(twin_me, twin_blow) == worth
