"""Stage 2, hazards: poison and disease (rules 202-216; SAM-A35; RULINGS.md C13 as corrected
by the checklist; T-SAM-31 [W29], T-SAM-32 [W30], T-SAM-33 [W31]), radiation (rules 214,
223; T-SAM-34 [W33]) and EMP (rule 200; T-SAM-38 [W40])."""

from __future__ import annotations

import re

from fracas.core.events import DiceRolled
from fracas.rulesets.semiautomagic import attack, data, decisions, exposure, poison, turn
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.hazard_model import RadiationSource, overdose

from .conftest import Scene, human, kind


def _dcs(s: Scene) -> list[int]:
    """The DCs of the Fortitude checks narrated so far."""
    return [int(m.group(1)) for e in s.of(ev.Did) if (m := re.search(r"vs DC (\d+)", e.what))]


# --- overdose (rule 210, C13) -------------------------------------------------------------


def test_T_SAM_31_quadruple_sedative_by_the_table_dc_12_counts_three_times() -> None:
    assert data.poisons()["sedative"]["dc"] == 10
    assert overdose(10, 4) == (12, 3)  # the seed's text says DC 8 (6 + 2): the table's 10
    s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]))
    ann = s["Ann"]
    s.dice.push(6, 1, 2, 3)  # Fortitude 6 + 1 < 12; unconscious 3d4 x 10 minutes
    poison.afflict(s.table, s.state, ann, "sedative", 4)
    assert not ann.active and ann.unconscious
    minutes = next(e for e in s.of(DiceRolled) if "minutes" in e.reason)
    assert minutes.notation == "3d4*10" and minutes.total == 60


def test_C13_corrected_a_failure_counts_as_one_poisoning_per_doubling_more() -> None:
    assert [overdose(6, d) for d in (1, 2, 3, 4, 8)] == [(6, 1), (7, 2), (7, 2), (8, 3), (9, 4)]
    s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]))
    s.dice.push(1)  # double snake venom, DC 7: fails; counts twice: two wounds
    poison.afflict(s.table, s.state, s["Ann"], "snake venom", 2)
    assert s["Ann"].wounds == 2


# --- alcohol (rule 211) -------------------------------------------------------------------


def test_T_SAM_32_each_later_drink_plus_1_dc_even_after_successes() -> None:
    s = Scene(("A", [human("Ann", drinks=[4, 4, 4])]), ("B", [human("Bob")]))
    s.dice.push(6, 6, 6)  # three successes
    exposure.start_of_turn(s.table, s.state, s["Ann"])  # rolled at its first turn
    assert _dcs(s) == [4, 5, 6] and s["Ann"].to_drink == []
    assert "drunk" not in s["Ann"].symptoms
    s.dice.push(1)  # a fourth drink, DC 4 + 3, fails: Drunk, -1 to all checks (SAM-A35)
    before = dict(s["Ann"].bonus)
    poison.drink(s.table, s.state, s["Ann"], 4)
    assert _dcs(s)[-1] == 7 and "drunk" in s["Ann"].symptoms
    assert all(s["Ann"].bonus[k] == v - 1 for k, v in before.items())


# --- transmission (rules 203-206) ---------------------------------------------------------


def _plague(distance: float) -> Scene:
    sick = human("Sick", position=[0, 0], afflicted=[{"poison": "plague"}])
    return Scene(("A", [sick, human("Ann", position=[distance, 0])]), ("B", [human("Bob")]))


def test_T_SAM_33_airborne_a_round_within_3_m_infects_on_a_1() -> None:
    s = _plague(3)
    s.dice.push(1, 6)  # the airborne d6: 1, infected; the first check at exposure passes
    exposure.start_of_turn(s.table, s.state, s["Ann"])
    assert [x.poison for x in s["Ann"].syndromes] == ["plague"]
    s = _plague(3)
    s.dice.push(2)  # 2-6: not infected
    exposure.start_of_turn(s.table, s.state, s["Ann"])
    assert s["Ann"].syndromes == []
    s = _plague(4)  # beyond 3 m: no roll at all
    exposure.start_of_turn(s.table, s.state, s["Ann"])
    assert s["Ann"].syndromes == [] and not s.of(DiceRolled)


def test_rule_203_an_envenomed_hit_afflicts_even_without_a_wound() -> None:
    viper = human("Viper", position=[0, 0], weapons=["dagger"], venom="snake venom", STR=0)
    s = Scene(("A", [viper]), ("B", [human("Bob", position=[1.5, 0])]))
    s.choices.push(decisions.ACT, kind("single"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 1, 6)  # hits; 1d4 = 1: no wound; the venom's first check passes
    turn.start(s.table, s.state, s["Viper"], turn.Clock(6), attack_action(s))
    bob = s["Bob"]
    assert bob.wounds == 0 and [x.poison for x in bob.syndromes] == ["snake venom"]


def attack_action(s: Scene) -> object:
    from fracas.rulesets.semiautomagic import actions

    return next(a for a in actions.legal(s.state, s["Viper"]) if a.kind == "single")


def test_rule_204_inhaled_dc_plus_1_per_round_breathed() -> None:
    """Rule 204: DC +1 for every full round breathed; one check a round, the check at
    exposure being the first round's (issue 31 item 2)."""
    gas = {"poison": "tear gas", "x": [-2, 2], "y": [-2, 2]}
    ann_sheet = human("Ann", position=[0, 0], skills={"fortitude": 4})  # +2
    s = Scene(("A", [ann_sheet]), ("B", [human("Bob", position=[9, 0])]),
              conditions={"gas": [gas]})  # fmt: skip
    ann = s["Ann"]
    for r in (1, 2, 3):  # caught at DC 6, then DC 7 and 8: three successes in a row, cured
        s.state.round = r
        s.dice.push(6)
        exposure.start_of_turn(s.table, s.state, ann)
    assert _dcs(s) == [6, 7, 8] and ann.syndromes == []
    s.state.round = 4
    s.dice.push(1, 2)  # fourth round, still in the cloud: caught again at DC 9, fails:
    exposure.start_of_turn(s.table, s.state, ann)  # staggered and blinded for 1d6 = 2 rounds
    assert _dcs(s)[3:] == [9]
    assert ann.staggered == 2 and "blinded" in ann.symptoms
    sight = attack.sight(s.state, ann, s["Bob"])
    assert sight == "invisible"  # SAM-A35: to the blinded every other creature is invisible


def test_rule_208_three_successes_in_a_row_cure() -> None:
    s = Scene(("A", [human("Ann", afflicted=[{"poison": "snake venom"}])]),
              ("B", [human("Bob")]))  # fmt: skip
    ann = s["Ann"]
    s.dice.push(6, 6, 1, 6, 6, 6)  # pass, pass, fail (a wound), pass, pass, pass: cured
    for _ in range(6):
        poison.start_of_turn(s.table, s.state, ann)
    assert ann.wounds == 1 and ann.syndromes == []


def test_rule_215_spider_venom_three_failures_in_a_row_paralyse() -> None:
    s = Scene(("A", [human("Ann", afflicted=[{"poison": "spider venom"}])]),
              ("B", [human("Bob")]))  # fmt: skip
    ann = s["Ann"]
    s.dice.push(1, 1)
    poison.start_of_turn(s.table, s.state, ann)
    assert ann.staggered == 1 and ann.active  # staggered one round (SAM-A3)
    s.dice.push(1, 1)
    poison.start_of_turn(s.table, s.state, ann)
    assert ann.active
    s.dice.push(1)
    poison.start_of_turn(s.table, s.state, ann)
    assert not ann.active and s.state.tally["paralysed"] == 1


# --- radiation (rules 214, 223) -----------------------------------------------------------


def test_T_SAM_34_a_scale_0_moderate_chunk() -> None:
    chunk = RadiationSource(severity="moderate", scale=0, at=[0, 0])
    assert exposure.zones(chunk) == [("moderate", 1), ("light", 2), ("minor", 3)]
    rows = data.poisons()
    assert [
        (rows[f"radiation ({v})"]["dc"], rows[f"radiation ({v})"]["rate"])
        for v in ("moderate", "light", "minor")
    ] == [(8, "hour"), (6, "day"), (4, "day")]
    near = [human(n, position=[x, 0]) for n, x in (("A1", 1), ("A2", 2), ("A3", 3.5), ("A4", 5))]
    s = Scene(("A", near), ("B", [human("Bob", position=[30, 0])]),
              conditions={"radiation": [chunk.model_dump()]})  # fmt: skip
    found = [exposure.radiation_at(s.state, s[n]) for n in ("A1", "A2", "A3", "A4")]
    assert found == ["moderate", "light", "minor", None]


def test_rule_214_extreme_radiation_checks_once_a_second() -> None:
    hot = {"severity": "extreme", "scale": 0, "at": [0, 0]}
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bob", position=[30, 0])]),
              conditions={"radiation": [hot]})  # fmt: skip
    s.dice.push(6, 6, 6, 6, 6, 6)  # Fortitude 7 < 12: the check at exposure is the first
    exposure.start_of_turn(s.table, s.state, s["Ann"])  # of six (issue 31 item 2)
    assert _dcs(s) == [12] * 6 and s["Ann"].wounds == 6


# --- EMP (rule 200) -----------------------------------------------------------------------


def test_T_SAM_38_emp_toughness_by_complexity() -> None:
    assert [exposure.emp_toughness(c) for c in
            ("very simple", "simple", "moderate", "complicated", "advanced", None)] == [
        8, 7, 6, 4, 3, 0,
    ]  # fmt: skip


def test_T_SAM_38_damage_above_emp_toughness_stops_the_device() -> None:
    s = Scene(("A", [human("Zap")]), ("B", [human("Robo", template="robot"), human("Bob")]))
    zap, robo, bob = s["Zap"], s["Robo"], s["Bob"]
    assert exposure.emp(s.table, s.state, zap, robo, 3) == "no effect"  # not above 3
    assert exposure.emp(s.table, s.state, zap, bob, 12) == "no effect (not electronic)"
    assert exposure.emp(s.table, s.state, zap, robo, 4) == "stops"
    assert not robo.active and bob.active and bob.wounds == 0


def test_a_whole_battle_with_every_hazard_is_played_and_replayed() -> None:
    """Venom, a plague carrier, drinks, a tear-gas cloud, a radiation source and an EMP pistol
    in one battle through the rounds: it ends, the hazards act, the same seed replays it."""
    import fracas

    doc = {
        "ruleset": "semiautomagic",
        "max_rounds": 12,
        "conditions": {
            "gas": [{"poison": "tear gas", "x": [4, 8], "y": [-3, 3]}],
            "radiation": [{"severity": "heavy", "scale": 0, "at": [6, 0]}],
        },
        "sides": [
            {"name": "A", "combatants": [
                human("Asp", venom="spider venom", position=[0, 0], drinks=[5, 5]),
                human("Zap", weapons=["emp pistol", "dagger"], position=[0, 2])]},
            {"name": "B", "combatants": [
                human("Robo", template="robot", position=[12, 0]),
                human("Rat", afflicted=[{"poison": "plague"}], position=[12, 2])]},
        ],
    }  # fmt: skip
    first = fracas.Battle(fracas.from_document(doc), seed=11)
    first.run()
    assert first.outcome is not None
    said = " ".join(e.what for e in first.events if isinstance(e, ev.Did))
    assert "Fortitude" in said and "vs DC 5" in said and "vs DC 6" in said  # the drinks
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events and again.outcome == first.outcome


def test_f_sam_86_doses_of_one_round_add_up_a_later_bite_keeps_the_failures() -> None:
    s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]))
    ann = s["Ann"]
    s.dice.push(1)  # bitten: fails (staggered, 1 round); a second bite this round:
    poison.afflict(s.table, s.state, ann, "spider venom")
    poison.afflict(s.table, s.state, ann, "spider venom")  # no new check, the doses add up
    (venom,) = ann.syndromes
    assert (venom.doses, venom.dc, venom.counts, venom.failures) == (2, 7, 2, 1)
    s.state.round += 1
    s.dice.push(6)  # bitten again next round: its first check, 6 < 7, fails again
    poison.afflict(s.table, s.state, ann, "spider venom")
    (venom,) = ann.syndromes
    assert (venom.dc, venom.failures) == (7, 2)  # the DC never falls; the run goes on


def test_rule_215_zombie_virus_a_random_wound_morale_or_mobility_penalty() -> None:
    for face, check in (
        (1, lambda f: f.wounds == 1),
        (2, lambda f: f.will == 8 and f.morale_penalties == 1),
        (3, lambda f: f.mobility == 1 and f.bonus["dodge"] == 0),  # Dodge +1, less 1 (SAM-A12)
    ):
        s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]))
        s.dice.push(1, face)  # fails DC 5; the d3
        poison.afflict(s.table, s.state, s["Ann"], "zombie virus")
        assert check(s["Ann"]), face


def test_T_SAM_38_an_emp_pistol_shot_stops_a_robot_through_the_attack() -> None:
    from fracas.rulesets.semiautomagic import actions

    zap = human("Zap", weapons=["emp pistol"], skills={"ranged": 2}, position=[0, 0])
    s = Scene(("A", [zap]), ("B", [human("Robo", template="robot", position=[5, 0])]))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 2, 3)  # hits; 2d6 = 5 > EMP Toughness 3
    shot = next(a for a in actions.legal(s.state, s["Zap"]) if a.kind == "single")
    actions.perform(s.table, s.state, s["Zap"], shot)
    robo = s["Robo"]
    assert not robo.active and robo.wounds == 0  # stopped, not wounded (rule 200)
    assert s.of(ev.Struck)[0].effect == "EMP: stops (rule 200)"
