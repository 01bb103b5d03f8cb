"""The stage-1 worked examples of the OD&D checklist (T-ODD-n), with scripted dice."""

from __future__ import annotations

import pytest

from fracas.core.combatant import Status
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.odnd import attack, decisions, round, shortcut
from fracas.rulesets.odnd.events import Attack, Damage, Fell, Fumble

from .conftest import Scene, pc

ATTACK = lambda o: o.target is not None and not o.sweep  # noqa: E731
SWEEP = lambda o: o.sweep  # noqa: E731


def orc(n: int, **kw: object) -> dict[str, object]:
    return {"name": "Orc", "template": "orc", "count": n, "hp": 4, **kw}


def test_t_odd_1_averaging_shortcut_gives_6_kills() -> None:
    """T-ODD-1 [X2]: 8 attacks needing 7 (FM 7–9 vs AC 7), sword d6+1 vs hp d6 → 5.6 → 6."""
    s = Scene(("Hero", [pc("Aldo", level=8)]), ("Orcs", [orc(10, ac=7)]))
    aldo, target = s["Aldo"], s["Orc 1"]
    needed = aldo.needed_at_ac9 + (9 - attack.armour_class(target, aldo, True, True))
    assert needed == 7
    value = shortcut.kills(8, needed, "1d6+1", "1d6", in_reach=10)
    assert value == pytest.approx(5.6)
    assert shortcut.rounded_up(value) == 6
    carry = shortcut.Carry()
    assert [carry.take(value) for _ in range(5)] == [5, 6, 5, 6, 6]  # ODD-U12 `carry`


def test_t_odd_1_simulated_kills_per_round_with_fresh_targets() -> None:
    """T-ODD-1: the dice path — each attack at a fresh orc (hp d6), criticals on a natural 20
    (D10: the die's roll doubled): the expected kills are 8 × (13/20 · P(d6+1 ≥ d6) + 1/20 ·
    P(2·d6+1 ≥ d6)) = 37/9, the checklist's figure (Corrections to RULINGS.md, T-ODD-1)."""
    s = Scene(("Hero", [pc("Aldo", level=8)]), ("Orcs", [orc(1, ac=7)]))
    aldo, target = s["Aldo"], s["Orc"]
    table = Table(SeededDice(14), {})
    rounds, kills = 3000, 0
    for _ in range(rounds):
        for _ in range(8):
            target.hp = table.roll("1d6", reason="hp").total
            target.pending_down, s.state.pending = False, []
            attack.resolve(table, s.state, aldo, target, 0, 0, True, "")
            kills += target.hp <= 0
    exact = 8 * (13 / 20 * 26 / 36 + 1 / 20 * 32 / 36)
    assert exact == pytest.approx(37 / 9)
    assert kills / rounds == pytest.approx(exact, abs=0.12)


def test_t_odd_2_troll_attacks_normal_men_six_times_plus_3_on_the_first() -> None:
    s = Scene(
        ("Troll", [{"name": "Troll", "template": "troll", "hp": 30}]),
        (
            "Men",
            [
                {
                    "name": "Man",
                    "kind": "character",
                    "cls": "normal man",
                    "level": 0,
                    "ac": 2,
                    "weapons": ["spear"],
                    "hp": 5,
                    "count": 6,
                }
            ],
        ),
    )
    s.choices.push(decisions.DECLARE, SWEEP, *[ATTACK] * 6)
    round.declare(s.table, s.state)
    troll = s["Troll"]
    assert troll.attacks_left == 6
    s.dice.push(8, 3, 8, 8, 8, 8, 8)  # 8 hits the first (needs 7), misses the rest (need 10)
    s.choices.push(decisions.VICTIM, *[0] * 5)
    round.act(s.table, s.state, troll, 6)
    rolls = s.of(Attack)
    assert len(rolls) == 6
    assert [r.needed for r in rolls] == [7, 10, 10, 10, 10, 10]
    assert [r.hit for r in rolls] == [True] + [False] * 5


def test_t_odd_3_natural_1_then_fumble_check_against_level() -> None:
    s = Scene(("A", [pc("Vex", level=3)]), ("B", [pc("Foe")]))
    vex, foe = s["Vex"], s["Foe"]
    s.dice.push(1, 4, 3)  # natural 1; d20 4 > level 3 → fumble; D9 d6 3: lose the next attack
    assert not attack.resolve(s.table, s.state, vex, foe, 0, 0, True, "")
    assert s.of(Fumble)[0].effect and vex.lose_attacks == 1
    s.dice.push(1, 2)  # natural 1, then 2 ≤ 3: a plain miss
    assert not attack.resolve(s.table, s.state, vex, foe, 0, 0, True, "")
    assert s.of(Fumble)[1].effect == "" and vex.lose_attacks == 1
    s.dice.push(2)  # a 2 to hit is a plain miss, no fumble check
    assert not attack.resolve(s.table, s.state, vex, foe, 0, 0, True, "")
    assert s.dice.remaining == 0 and len(s.of(Fumble)) == 2


def test_t_odd_16_and_t_odd_4_natural_20_against_22_hits_at_minus_2_without_crit() -> None:
    """T-ODD-16 [X5]: FM 1 vs AC −3 (AC 0, DEX 18) needs 22: 19 misses, 20 hits at −2;
    T-ODD-4 [X4]: d6 = 1 → 0 damage (a hit), d6 = 5 → 4; never a critical."""
    s = Scene(("A", [pc("Novice")]), ("B", [pc("Lord", level=12, ac=0, DEX=18)]))
    novice, lord = s["Novice"], s["Lord"]
    s.dice.push(19)
    assert not attack.resolve(s.table, s.state, novice, lord, 0, 0, False, "")
    s.dice.push(20, 1, 20, 5)
    assert attack.resolve(s.table, s.state, novice, lord, 0, 0, False, "")
    assert attack.resolve(s.table, s.state, novice, lord, 0, 0, False, "")
    rolls = s.of(Attack)
    assert [r.needed for r in rolls] == [22, 22, 22]
    assert not any(r.critical for r in rolls)
    assert [(d.amount, d.penalty) for d in s.of(Damage)] == [(0, 2), (4, 2)]


def test_t_odd_4_x6_crit_boundary_needs_18_but_not_19() -> None:
    s = Scene(("A", [pc("Novice")]), ("B", [pc("Ac0", ac=0), pc("Ac1", ac=1)]))
    s.dice.push(20, 3, 20, 3)
    attack.resolve(s.table, s.state, s["Novice"], s["Ac0"], 0, 0, False, "")
    attack.resolve(s.table, s.state, s["Novice"], s["Ac1"], 0, 0, False, "")
    a, b = s.of(Attack)
    assert (a.needed, a.hit, a.critical) == (19, True, False)
    assert (b.needed, b.hit, b.critical) == (18, True, True)
    assert [d.amount for d in s.of(Damage)] == [4, 7]  # d6+1; crit d6×2+1 (D10, setup.critical)


@pytest.mark.parametrize(
    ("a", "b", "a_on_b", "b_on_a"),
    [
        ((5, 2), (2, 2), 5, 2),
        ((5, 2), (2, 1), 4, 2),
        ((5, 2), (4, 2), 5, 4),
        ((5, 2), (4, 1), 4, 4),
    ],
)
def test_t_odd_6_surprise_combinations(a, b, a_on_b, b_on_a) -> None:
    assert round.surprise_chance(a[0], b[1]) == a_on_b
    assert round.surprise_chance(b[0], a[1]) == b_on_a


def test_t_odd_6_surprise_dice_at_the_boundary() -> None:
    """Example 4: each side surprises the other on 1–4; a 5 is not surprised, a 4 is; the
    surprised lose the first round."""
    s = Scene(
        ("A", [pc("Alert")]),
        ("B", [pc("Sneak")]),
        conditions={"surprise": True},
    )
    s.state.surprise_chances = {"A": (5, 2), "B": (4, 1)}
    s.dice.push(5, 4)
    round.surprise(s.table, s.state)
    assert not s["Alert"].surprised and s["Sneak"].surprised
    assert s.state.surprisers == {"A"}


def test_t_odd_15_level_3_fighter_makes_3_attacks_on_normal_men() -> None:
    s = Scene(("Hero", [pc("Bran", level=3)]), ("Orcs", [orc(4)]))
    s.choices.push(decisions.DECLARE, SWEEP, *[ATTACK] * 4)
    round.declare(s.table, s.state)
    s.dice.push(2, 2, 2)
    s.choices.push(decisions.VICTIM, 0, 1)
    round.act(s.table, s.state, s["Bran"], s["Bran"].attacks_left)
    rolls = s.of(Attack)
    assert len(rolls) == 3 and s.dice.remaining == 0
    assert "Orc 4" not in {r.target for r in rolls}


def test_t_odd_19_reach_strikes_first_in_the_first_round_only() -> None:
    s = Scene(
        ("Spear", [pc("Spearman", weapons=["spear"])]),
        ("Dagger", [pc("Knifer", weapons=["dagger"])]),
        conditions={"reroll_initiative": True},
    )
    for _ in range(2):
        s.choices.push(decisions.DECLARE, ATTACK, ATTACK)
        s.dice.push(2, 6, 2, 2)  # initiative spear 2, dagger 6; two misses
        round.play_round(s.table, s.state)
        s.state.round += 1
    order = [r.attacker for r in s.of(Attack)]
    assert order == ["Spearman", "Knifer", "Knifer", "Spearman"]


def test_t_odd_20_florentine_advantage_which_weapon_and_ac() -> None:
    s = Scene(("A", [pc("Twin", weapons=["sword", "dagger"])]), ("B", [pc("Foe")]))
    twin, foe = s["Twin"], s["Foe"]
    s.dice.push(3, 15, 5, 2)  # keep 15 (hits 10+); d6 5 → the dagger; d4 2 + 1
    assert attack.resolve(s.table, s.state, twin, foe, 0, 0, True, "")
    assert s.of(Damage)[0].weapon == "dagger" and s.of(Damage)[0].amount == 3
    assert attack.armour_class(twin, foe, True, melee=True) == 8
    assert attack.armour_class(twin, foe, True, melee=False) == 9


def test_t_odd_22_group_slots_and_the_killed_still_strike() -> None:
    s = Scene(
        ("PCs", [pc("PC1"), pc("PC2"), pc("PC3")]),
        (
            "Foes",
            [
                {"name": "Skeleton", "template": "skeleton", "hp": 1, "count": 2},
                {"name": "Wizard", "kind": "monster", "hd": 1, "weapons": ["dagger"], "hp": 4},
                {"name": "Bugbear", "template": "bugbear", "hp": 12},
            ],
        ),
    )
    s.dice.push(4, 2, 5, 5, 3, 2)
    round.roll_initiative(s.table, s.state, True)
    assert round.slots(s.state) == [
        (5, ["PC3", "Skeleton"]),
        (4, ["PC1"]),
        (3, ["Wizard"]),
        (2, ["PC2", "Bugbear"]),
    ]
    skel = s["Skeleton 1"]
    s.choices.push(decisions.DECLARE, lambda o: o.target is skel, *[ATTACK] * 6)
    round.declare(s.table, s.state)
    s.dice.push(20, 6, 3, 3)  # PC3 crits the skeleton (d6×2+1); skeletons strike back: 3, 3 miss
    for f in (s["PC3"], s["Skeleton 1"], s["Skeleton 2"]):
        round.act(s.table, s.state, f, f.attacks_left)
    assert [r.attacker for r in s.of(Attack)] == ["PC3", "Skeleton 1", "Skeleton 2"]
    s.dice.push(2, 2, 2, 2)  # the first death: the wizard's and the bugbears' morale (D7)
    round.settle(s.table, s.state)
    assert skel.status is Status.DEAD and s.of(Fell)[0].simultaneous
