"""Stage 2: experience and levels (rules 224-230; SAM-A46; T-SAM-6 [W35, W36], T-SAM-35 [W37],
T-SAM-36 [W38], T-SAM-37 [W39])."""

from __future__ import annotations

from fractions import Fraction

import fracas
from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import experience as xp

from .conftest import Scene, human

MOOK = {"name": "Mook", "template": "goblin mook", "count": 4}


def test_t_sam_6_w35_overflow_is_halved() -> None:
    """T-SAM-6 [W35]: level 4 with 996 XP gains 10 (a Clever Idea): level 5 with 3 XP."""
    assert xp.award("clever idea") == 10
    assert xp.gain(4, 996, xp.award("clever idea")) == (5, 3)


def test_t_sam_6_w36_two_thousand_at_once_is_one_level() -> None:
    """T-SAM-6 [W36]: 0 XP + 2,000 at once: one level, 500 XP left (not two levels)."""
    assert xp.gain(1, 0, 2000) == (2, 500)
    assert xp.gain(1, 999, 0) == (1, 999)
    assert xp.gain(1, 0, 1000) == (2, 0)


def test_rule_226_xp_never_decreases() -> None:
    assert xp.gain(3, 500, -200) == (3, 500)


def test_t_sam_35_w37_a_hundred_per_enemy_of_your_level() -> None:
    """T-SAM-35 [W37]: 100 x (enemy level / your level) per enemy; ten such wins are a level;
    four CR 1 Mooks are 400 to level-1 characters."""
    assert xp.enemy_award([1], 1) == 100
    assert xp.enemy_award([1, 1, 1, 1], 1) == 400
    level, points = 1, 0
    for _ in range(10):
        level, points = xp.gain(level, points, xp.enemy_award([3], 3))
    assert (level, points) == (2, 0)
    # SAM-A46: one award (not Encounter + Enemy Defeated), rounded down, CR as level.
    assert xp.enemy_award([2], 1) == 200
    assert xp.enemy_award([1], 3) == int(Fraction(100, 3)) == 33
    assert xp.enemy_award([1, 1, 1], 3) == 100  # summed, then rounded down


def mooks(**options: object) -> Scene:
    return Scene(
        ("Party", [human("Ann", position=[0, 0]), human("Bo", position=[0, 2])]),
        ("Mooks", [{**MOOK, "position": [5, 0]}]),
        **({"options": options} if options else {}),
    )


def test_t_sam_35_w37_four_mooks_fought_or_routed_are_400_to_the_whole_party() -> None:
    """T-SAM-35 [W37], rule 227: defeated in a fair fight or caused to flee, the same 400, to
    every member of the party; the Mooks, defeated, have "Defeated by Enemy" (F-SAM-101)."""
    s = mooks()
    for i, m in enumerate(f for f in s.state.fighters() if f.side == "Mooks"):
        m.status = Status.DOWN if i % 2 else Status.FLED
    s["Ann"].damage_dealt = s["Bo"].damage_dealt = 2
    xp.encounter(s.table, s.state, "Party")
    gained = {e.who: e.gained for e in s.of(ev.Experience)}
    assert gained["Ann"] == gained["Bo"] == 400
    assert gained["Mook 1"] == 100
    assert (s["Ann"].level, s["Ann"].xp) == (1, 400)


def test_rule_227_an_enemy_still_standing_is_not_defeated() -> None:
    s = mooks()
    s["Mook 1"].status = Status.DOWN
    xp.encounter(s.table, s.state, None)  # the rounds ran out
    gained = {e.who: e.gained for e in s.of(ev.Experience)}
    assert gained["Ann"] == 100 and gained["Mook 2"] == 0


def test_t_sam_36_w38_a_single_handed_win_is_50_more_for_that_player() -> None:
    """T-SAM-36 [W38], rule 229: the party has its normal XP; the one who won alone +50
    (Major Achievement). A prisoner rescued is 50, or 200 if it was the adventure's goal."""
    s = mooks()
    for m in (f for f in s.state.fighters() if f.side == "Mooks"):
        m.status = Status.DEAD
    s["Ann"].damage_dealt = 5
    xp.encounter(s.table, s.state, "Party")
    gained = {e.who: e.gained for e in s.of(ev.Experience)}
    assert gained == {"Ann": 450, "Bo": 400}  # the dead Mooks have nothing
    assert xp.rescue(goal=False) == 50 and xp.rescue(goal=True) == 200


def test_t_sam_37_w39_ability_boosts() -> None:
    """T-SAM-37 [W39], rule 230: STR boosted at level 4 cannot be boosted at 8, can be at 12;
    the 4th boost (level 16) not on an ability that started above average; never END."""
    assert xp.boost_allowed("STR", ["STR"], set()) != ""  # level 8
    assert xp.boost_allowed("DEX", ["STR"], set()) == ""
    assert xp.boost_allowed("STR", ["STR", "DEX"], set()) == ""  # level 12
    assert xp.boost_allowed("SPI", ["STR", "DEX", "STR"], {"SPI"}) != ""  # level 16
    assert xp.boost_allowed("INT", ["STR", "DEX", "STR"], {"SPI"}) == ""
    assert xp.boost_allowed("SPI", ["STR", "DEX", "STR", "INT"], {"SPI"}) == ""  # the 5th
    assert xp.boost_allowed("END", [], set()) != ""
    boosts = [row.level for row in xp.levels().values() if row.boost]
    assert boosts == [4, 8, 12, 16, 20]


def test_rule_230_the_level_table_follows_its_increment_row() -> None:
    """Rule 230: the level table as data, checked against the seed's last row (+1, +1, +1,
    +1/2, +1/2, +1/3, +1/4) and S2 (Staggered: bonus floor(L/2), techniques ceil(L/2))."""
    rows = xp.levels()
    assert sorted(rows) == list(range(1, 21))
    step = {k: Fraction(v) for k, v in xp.table()["per_level_increment"].items()}
    for n, row in rows.items():
        assert row.max_ranks == row.fast_bonus == row.fast_techniques == n * step["max_ranks"]
        assert row.staggered_bonus == int(n * step["staggered_bonus"]) == n // 2
        assert row.staggered_techniques == -(-n // 2)
        assert row.bonus_rank == (n // 3 if n % 3 == 0 else 0)
        assert row.boost == (n // 4 if n % 4 == 0 else 0)
    assert rows[12].bonus_rank == 4 and rows[12].boost == 3


def test_experience_is_told_at_the_end_of_a_fight() -> None:
    """Rules 224-229 at the end of a fight: an `Experience` event for each character, in the
    narration; a stat block's level and XP count (a level-2 character, 990 XP)."""
    doc = {
        "ruleset": "semiautomagic", "name": "xp",
        "sides": [
            {"name": "A", "combatants": [
                {"name": "Mauve", "template": "colonel mauve", "position": [0, 0],
                 "level": 2, "xp": 990}]},
            {"name": "B", "combatants": [
                {"name": "Gob", "template": "goblin mook", "position": [1, 0], "level": 2}]},
        ],
    }  # fmt: skip
    battle = fracas.Battle(fracas.from_document(doc), seed=3)
    battle.run()
    assert battle.outcome is not None and battle.outcome.winner == "A"  # seed 3
    told = {e.who: e for e in battle.events if isinstance(e, ev.Experience)}
    assert told["Mauve"].gained == 100 and "1 enemies defeated 100" in told["Mauve"].text()
    assert told["Mauve"].levelled and (told["Mauve"].level, told["Mauve"].xp) == (3, 45)
    assert "defeated by enemy 100" in told["Gob"].reasons


def test_bad_level_and_xp_are_refused() -> None:
    import pytest

    from fracas.core.errors import FracasError

    for bad in ({"level": 0}, {"level": 21}, {"xp": 1000}, {"xp": -1}):
        doc = {
            "ruleset": "semiautomagic", "name": "bad",
            "sides": [{"name": "A", "combatants": [human("Ann", **bad)]},
                      {"name": "B", "combatants": [human("Bo")]}],
        }  # fmt: skip
        with pytest.raises(FracasError, match=r"level|xp"):
            fracas.from_document(doc)


def test_rule_228_no_defeated_by_enemy_xp_without_a_real_attempt() -> None:
    """Rule 228: "Defeated by Enemy" only for a side that really tried to win (the side's
    `tried: false` withholds it)."""
    doc = {
        "ruleset": "semiautomagic", "name": "228",
        "sides": [
            {"name": "A", "tried": False, "combatants": [human("Ann", position=[0, 0])]},
            {"name": "B", "combatants": [human("Bo", position=[1, 0])]},
        ],
    }  # fmt: skip
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    ann, bo = state.fighters()
    assert not ann.tried and bo.tried
    ann.status = Status.DOWN
    s = mooks()
    s.state = state
    xp.encounter(s.table, state, "B")
    gained = {e.who: e.gained for e in s.of(ev.Experience)}
    assert gained == {"Ann": 0, "Bo": 100}
