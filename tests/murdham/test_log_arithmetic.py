"""Issue 9: the log shows the arithmetic a player may dispute — each exploding die's faces
and how they add up (M9), and damage halved against a larger target with its reason."""

from __future__ import annotations

import math

import fracas
from fracas.core.events import DiceRolled
from fracas.rulesets.murdham.events import DamageHalved, DamageRolled, exploded_text


def test_an_exploding_die_shows_each_face_and_the_sum():
    assert exploded_text((4,)) == "4"
    assert exploded_text((6, 6, 3)) == "(6, 6, 3 → 5 + 5 + 3)"
    rolled = DamageRolled(who="Theobald", die=6, dice=2, faces=((6, 3), (2,)), total=10, note="")
    assert rolled.text() == "Theobald rolls 2d6 (exploding): (6, 3 → 5 + 3) + 2 = 10"
    plain = DamageRolled(who="Ann", die=8, dice=1, faces=((5,),), total=5, note="")
    assert plain.text() == "Ann rolls d8 (exploding): 5"


def test_damage_against_the_wyrm_is_halved_in_the_log_with_its_arithmetic():
    enc = fracas.load("examples/murdham/wyrm.yaml")
    halved = 0
    for seed in range(6):
        battle = fracas.Battle(enc, seed=seed)
        battle.run()
        events = battle.events
        for i, e in enumerate(events):
            if isinstance(e, DamageHalved):
                halved += 1
                assert e.target == "Wyrm"
                assert e.after == math.ceil(e.before / 2**e.sizes)
                rolled = next(
                    x for x in reversed(events[:i]) if isinstance(x, (DamageRolled, DiceRolled))
                )  # one plain die: its dice line alone (issue 33)
                assert rolled.total == e.before
    assert halved > 0


def test_one_plain_damage_die_is_logged_once():
    """Issue 33: "🎲 Bandit's Axe damage: 1D6 (1) = 1" then "Bandit rolls d6 (exploding): 1"
    said one roll twice; an explosion, several dice or an impaired roll still get their sum."""
    enc = fracas.load("examples/murdham/bandit_ambush.yaml")
    plain = summed = 0
    for seed in range(4):
        battle = fracas.Battle(enc, seed=seed)
        battle.run()
        for e in battle.events:
            if isinstance(e, DamageRolled):
                summed += 1
                assert e.note or e.dice > 1 or len(e.faces[0]) > 1, e
            elif isinstance(e, DiceRolled) and "damage" in e.reason:
                plain += 1
    assert plain > summed > 0
