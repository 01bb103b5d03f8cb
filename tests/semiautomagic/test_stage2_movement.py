"""Stage 2, movement: mounted combat and speed damage (rules 113-114, 131-134; SAM-A18,
SAM-A38, SAM-A39; T-SAM-3 [W23], T-SAM-30 [W24]), falling and collisions (rules 145-151;
SAM-A44; T-SAM-7 [W34], T-SAM-8; RULINGS.md C12), flight as speed bookkeeping (SAM-A11)."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.errors import EncounterError
from fracas.core.events import DiceRolled
from fracas.rulesets.semiautomagic import actions, attack, decisions, falling, mounted, turn
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind

KNIGHT = {"name": "Kay", "template": "human", "position": [0, 0], "rides": "Horse"}
HORSE = {"name": "Horse", "template": "warhorse", "position": [0, 0]}


def _charge(target: dict[str, Any] | None = None) -> Scene:
    """A knight on a warhorse (run 18 m/s) 55.5 m from a stationary human: one 3 s run of
    27 two-metre squares brings the knight's sword in reach (F-SAM-80)."""
    foe = target or human("Foe", position=[55.5, 0])
    return Scene(("K", [dict(KNIGHT), dict(HORSE)]), ("F", [foe]))


def _ride(s: Scene, mount_picks: list[Any], rider_picks: list[Any]) -> None:
    s.choices.push(decisions.ACT, *mount_picks, *rider_picks)
    mounted.mount_turn(s.table, s.state, s["Kay"], turn.take_turn)  # the mount first
    turn.take_turn(s.table, s.state, s["Kay"])


def test_T_SAM_3_mounted_speed_damage_1d8_plus_6() -> None:
    s = _charge()
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 5)  # the rider's attack 6 + 1 >= 4; the arming sword's d8: 5
    _ride(s, [kind("run"), kind("end")], [kind("single")])
    horse, kay = s["Horse"], s["Kay"]
    assert horse.pace == 18.0 and kay.position == horse.position  # 27 squares, 9 a second
    damage = next(e for e in s.of(DiceRolled) if "damage" in e.reason)
    assert damage.notation == "1d8+3+3"  # 1d8 + STR 3, +3 = floor(18 / (5 x 1 m))
    assert s.of(ev.Struck)[0].damage == 5 + 6
    assert s["Foe"].wounds == 1


def test_T_SAM_3_a_scale_1_target_counts_in_its_2_metre_squares() -> None:
    s = _charge(human("Ogre", template="ogre", position=[56, 0]))
    kay, ogre = s["Kay"], s["Ogre"]
    s["Horse"].pace = 18.0
    kay.moved_squares = 54  # the horse's 27 squares of 2 m: high speed (rule 113, item 5)
    assert mounted.speed_damage(s.state, kay, ogre, kay.wielded) == 1  # floor(18 / 10)
    assert mounted.speed_damage(s.state, ogre, kay, ogre.wielded) == 3  # the rider's 1 m
    off = s.state.options.model_copy(update={"speed_damage": False})  # rule 114: the GM's call
    s.state.options = off
    assert mounted.speed_damage(s.state, kay, ogre, kay.wielded) == 0


def test_T_SAM_30_the_mount_runs_its_whole_turn_the_rider_has_4_seconds() -> None:
    s = _charge(human("Foe", position=[109.5, 0]))  # two full runs: 54 squares of 2 m
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(1)  # the rider's attack misses
    _ride(s, [kind("run"), kind("run")], [kind("single")])
    spent = [(e.who, e.first, e.last, e.carried) for e in s.of(ev.Spent)]
    assert spent[:2] == [("Horse", 1, 3, 0), ("Horse", 4, 6, 0)]  # the mount's own 6 s
    assert ("Kay", 1, 2, 0) in spent  # 2 s controlling it (rule 132)
    assert spent[-1] == ("Kay", 3, 6, 0)  # the 4 s attack fits: nothing carried over


def test_T_SAM_30_a_six_second_action_does_not_fit_beside_the_mount() -> None:
    s = _charge(human("Foe", position=[200, 0]))
    _ride(s, [kind("run"), kind("run")], [kind("end")])
    kay = s["Kay"]
    clock = turn.Clock(turn.budget(kay))
    kay.reins = mounted.CONTROL
    turn.rein(s.table, s.state, kay, clock)
    assert clock.left == 4
    six = actions.Action("stagger", 6, goal=s["Foe"])  # a 6-second action
    turn.start(s.table, s.state, kay, clock, six)
    assert kay.carried is not None and kay.carried.left == 2  # runs into the next turn


def test_sam_a38_a_stationary_mount_costs_no_second_and_no_hand() -> None:
    s = _charge(human("Foe", position=[1.5, 0]))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(1)
    _ride(s, [kind("end")], [kind("single"), kind("end")])
    assert [(e.who, e.first) for e in s.of(ev.Spent)] == [("Kay", 1)]  # no control seconds
    assert not s["Kay"].rein_hand


def test_rule_133_a_moving_mount_takes_the_shield_hand() -> None:
    s = _charge(human("Foe", position=[200, 0]))
    kay = s["Kay"]
    kay.shield = True
    assert "block" in [d.kind for d in attack.defences(s.state, kay, True)]
    _ride(s, [kind("run"), kind("end")], [kind("end")])
    assert kay.rein_hand
    assert "block" not in [d.kind for d in attack.defences(s.state, kay, True)]


def test_rule_134_the_mount_acts_on_its_riders_count_and_carries_it() -> None:
    s = _charge()
    s.dice.push(4, 3)  # Kay's initiative; the foe's
    from fracas.rulesets.semiautomagic import round as rounds

    rounds.begin(s.table, s.state)
    assert [f.name for f in s.state.order] == ["Kay", "Foe"]  # the horse rolls none
    _ride(s, [kind("run"), kind("end")], [kind("end")])
    kay = s["Kay"]
    assert kay.moved_squares == 54  # 27 squares of 2 m, in its own 1 m squares (rule 113)
    assert attack.high_speed(kay.moved_squares) == 1
    assert kay.straight >= 6  # SAM-A18: the mount's straight run counts for a Charge
    assert actions.movements(s.state, kay) == []  # it moves with its mount


def test_f_sam_82_a_rider_whose_mount_goes_down_falls_from_it() -> None:
    s = _charge()
    horse, kay = s["Horse"], s["Kay"]
    s.dice.push(3)  # the fall: 1d6 + 1 (2 m, rule 145)
    from fracas.core.combatant import Status

    horse.status = Status.DOWN
    s.state.order = [kay, s["Foe"]]
    mounted.after_turn(s.table, s.state)
    assert not kay.mount_id and kay.posture == "prone"
    assert s.of(ev.Impact)[0].damage == 4 and kay.wounds == 1
    assert s.state.order == [kay, horse, s["Foe"]]  # its own turns now: its dying checks


def test_bad_mounts_are_refused_with_a_message() -> None:
    def doc(rides: str, count: int = 1) -> dict[str, Any]:
        horse = {**HORSE, "count": count}
        return {
            "ruleset": "semiautomagic",
            "sides": [
                {"name": "A", "combatants": [{**KNIGHT, "rides": rides}, horse]},
                {"name": "B", "combatants": [human("Bob")]},
            ],
        }

    with pytest.raises(EncounterError, match="no combatant of side A"):
        fracas.from_document(doc("Pegasus"))
    with pytest.raises(EncounterError, match="count 1"):
        fracas.from_document(doc("Horse", 2))
    with pytest.raises(EncounterError, match="itself a rider"):
        fracas.from_document(doc("Kay"))
    late = doc("Horse")
    late["sides"][0]["combatants"][1]["arrives"] = 2
    with pytest.raises(EncounterError, match="same round"):
        fracas.from_document(late)


def test_the_gm_card_shows_the_mount_and_the_pace() -> None:
    s = _charge()
    s["Horse"].pace = 18.0
    card = s.encounter.ruleset.card(s.state, s["Kay"])
    lines = {g["name"]: g["state"] for g in card["gear"]}
    assert lines["rides"] == "Horse" and "18 m/s" in lines["pace"]


# --- falling (rules 145-149) --------------------------------------------------------------


def test_T_SAM_7_falling_damage_by_the_table() -> None:
    assert falling.fall_notation(0, 5, "hard") == "1d6+1"
    assert falling.fall_notation(0, 12, "hard") == "1d6+3"  # C12: "up to 15 m", not 12 // 5
    assert falling.fall_notation(0, 60, "hard") == "1d6+12"
    assert falling.fall_notation(0, 100, "hard") == "1d6+12"  # terminal velocity
    assert falling.fall_notation(1, 5, "hard") == "1d6+4"  # + 3 x scale
    mods = {g: falling.surface(g) for g in ("deep water", "very soft", "soft", "slightly soft",
                                            "hard", "hazardous", "spikes")}  # fmt: skip
    assert [m for m, _ in mods.values()] == [-12, -6, -3, -1, 0, 1, 3]
    assert [g for g, (_, p) in mods.items() if p] == ["spikes"]  # all damage piercing


def test_T_SAM_7_a_fall_wounds_and_a_ledge_can_be_caught() -> None:
    s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]))
    ann = s["Ann"]
    s.dice.push(4)  # 1d6+3 = 7: > 3, < 9
    falling.fall(s.table, s.state, ann, 12, "hard")
    assert ann.wounds == 1 and not ann.dying
    assert s.of(DiceRolled)[-1].notation == "1d6+3"
    assert ann.moved_squares == 12  # rule 113: falling counts as movement
    s.dice.push(3)  # Reflex 3 + 1 >= 4: the ledge is caught (rule 148)
    falling.fall(s.table, s.state, ann, 30, "hard", ledge=True)
    assert ann.wounds == 1


def test_C12_the_falling_bonus_rounds_up() -> None:
    assert [falling.fall_bonus(d) for d in (1, 5, 6, 10, 11, 55, 56, 60, 500)] == [
        1, 1, 2, 2, 3, 11, 12, 12, 12,
    ]  # fmt: skip
    # the option `fall_rounding: down` reads the text's "+1 per 5 m fallen"
    assert [falling.fall_bonus(d, "down") for d in (4, 5, 12, 59, 60)] == [0, 1, 2, 11, 12]
    s = Scene(("A", [human("Ann")]), ("B", [human("Bob")]), options={"fall_rounding": "down"})
    s.dice.push(1)
    falling.fall(s.table, s.state, s["Ann"], 12, "hard")
    assert s.of(DiceRolled)[-1].notation == "1d6+2"


def test_sam_a38_option_reins_every_round() -> None:
    s = Scene(("K", [dict(KNIGHT), dict(HORSE)]), ("F", [human("Foe", position=[30, 0])]),
              options={"reins_every_round": True})  # fmt: skip
    _ride(s, [kind("end")], [kind("end")])  # the mount does nothing: 2 s all the same
    assert [(e.who, e.first, e.last) for e in s.of(ev.Spent)] == [("Kay", 1, 2)]


# --- collisions (rules 150-151) -----------------------------------------------------------


def _collision() -> Scene:
    return Scene(("A", [human("Hoss", template="warhorse")]), ("B", [human("Man")]))


def test_T_SAM_8_horse_at_10_m_per_s_into_a_human() -> None:
    s = _collision()
    hoss, man = s["Hoss"], s["Man"]
    assert falling.dodge_dc([1, 0]) == 5
    rolls = dict(hoss.defences), dict(man.defences)
    s.dice.push(6, 1, 3)  # horse dodges 6 >= 5; the man 1 + 1 < 5; damage d6 = 3
    took = falling.collide(s.table, s.state, [hoss, man], 10.0)
    assert took == {man.id: 3 + 0 + 2}  # 1d6 + 3 x 0 + floor(10 / (5 x 1 m))
    assert (dict(hoss.defences), dict(man.defences)) == rolls  # SAM-A44: no dodge used up


def test_rules_95_115_193_the_collision_dodge_takes_the_defence_penalties() -> None:
    s = _collision()
    hoss, man = s["Hoss"], s["Man"]
    man.flat_footed = True  # surprised: no defence rolls (C7), no dodge
    s.dice.push(6, 4)  # only the horse dodges; damage d6 = 4
    assert falling.collide(s.table, s.state, [hoss, man], 0.0) == {man.id: 4}
    man.flat_footed, man.held = False, True  # held: dodge at -1 (rule 193)
    s.dice.push(6, 4)  # the horse dodges; the man 4 + 1 - 1 = 4 < 5
    s.dice.push(2)
    assert falling.collide(s.table, s.state, [hoss, man], 0.0) == {man.id: 2}
    assert s.of(DiceRolled)[-2].notation == "1d6+0"


def test_sam_a44_one_roll_each_taker_its_own_speed_term() -> None:
    s = _collision()
    hoss, man = s["Hoss"], s["Man"]
    s.dice.push(1, 1, 3)  # both fail their dodges
    took = falling.collide(s.table, s.state, [hoss, man], 10.0)
    assert took == {hoss.id: 3 + 1, man.id: 3 + 2}  # the horse's squares are 2 m
    s.dice.push(1, 1, 3)
    crushed = falling.collide(s.table, s.state, [hoss, man], 10.0, crushed=True)
    assert crushed[man.id] == 3 + 3 + 2  # crushed: 3 x the largest scale (rule 151)


def test_f_sam_83_a_fast_mover_rams_an_adjacent_enemy() -> None:
    s = Scene(("A", [human("Hoss", template="warhorse", position=[0, 0])]),
              ("B", [human("Man", position=[1.5, 0])]))  # fmt: skip
    hoss, man = s["Hoss"], s["Man"]
    assert not [a for a in actions.legal(s.state, hoss) if a.kind == "ram"]  # not moving
    hoss.pace = 12.0
    ram = next(a for a in actions.legal(s.state, hoss) if a.kind == "ram")
    s.dice.push(1, 1, 2)  # both fail; d6 = 2
    actions.perform(s.table, s.state, hoss, ram)
    assert man.wounds == 1 and hoss.pace == 0.0  # 2 + 2 > 3; the rammer stops
    assert s.state.tally["collisions"] == 1


# --- flight as speed bookkeeping (SAM-A11) ------------------------------------------------


def test_sam_a11_a_flyer_aloft_moves_at_its_flight_speed_and_falls_when_down() -> None:
    from fracas.core.combatant import Status

    s = Scene(("A", [human("Wyv", altitude=10, fly_speed=6)]), ("B", [human("Bob")]))
    wyv = s["Wyv"]
    assert wyv.move_squares == 6 and wyv.run_squares == 18 and s.state.falls
    wyv.status = Status.DOWN
    s.dice.push(2)  # 10 m: 1d6+2
    mounted.after_turn(s.table, s.state)
    assert wyv.altitude == 0 and s.of(ev.Impact)[0].damage == 4
    with pytest.raises(EncounterError, match="without a fly_speed"):
        fracas.from_document({"ruleset": "semiautomagic", "sides": [
            {"name": "A", "combatants": [human("X", altitude=3)]},
            {"name": "B", "combatants": [human("Y")]}]})  # fmt: skip


def test_the_policy_rams_only_when_bigger_fast_and_riderless() -> None:
    from fracas.rulesets.semiautomagic.policy import SamPolicy

    s = Scene(("A", [human("Hoss", template="warhorse", position=[0, 0])]),
              ("B", [human("Man", position=[1.5, 0])]))  # fmt: skip
    hoss = s["Hoss"]
    policy = SamPolicy(s.state)
    ram = actions.Action("ram", 1, goal=s["Man"])
    hoss.pace = 10.0  # +2 against a human's 1 m squares
    assert policy._action(hoss, ram) > 10.0 + 2  # above any attack
    hoss.pace = 6.0  # +1 only
    assert policy._action(hoss, ram) < 0
    hoss.pace, hoss.rider_id = 10.0, "someone"
    assert policy._action(hoss, ram) < 0


def test_rule_123_wings_slow_a_flyer_then_ground_it() -> None:
    from fracas.rulesets.semiautomagic import harm

    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bat", altitude=3, fly_speed=4, position=[1.5, 0]),
                     human("Bob", position=[0, 1.5])]))  # fmt: skip
    ann, bat, bob = s["Ann"], s["Bat"], s["Bob"]
    wing_shots = [a for a in actions.strikes(s.state, ann) if a.region == "wings"]
    assert len(wing_shots) == 1  # offered: a flyer is in reach
    assert actions.allottable(s.state, ann, ann.wielded, "wings") == [bat]  # not Bob
    from fracas.rulesets.semiautomagic.policy import SamPolicy

    policy = SamPolicy(s.state)
    single = next(a for a in actions.strikes(s.state, ann) if a.kind == "single")
    assert policy._action(ann, wing_shots[0]) > policy._action(ann, single)  # ground it
    names = s.encounter.ruleset.actions(s.state, ann, bat)
    assert "called shot at the wings with arming sword" in names
    assert "called shot at the wings with arming sword" not in s.encounter.ruleset.actions(
        s.state, ann, bob
    )
    hit = harm.Hit(ann, bat, 2, False, "wings")  # 2 > 3 - 3, below 9 - 3: Minimum
    assert harm.apply_all(s.table, s.state, [hit]) == {0: "no effect"}  # SAM-A28: no wound
    assert bat.fly_squares == 3 and bat.move_squares == 3 and bat.wounds == 0
    hit = harm.Hit(ann, bat, 6, False, "wings")  # 6 >= 9 - 3: Toughness, a wound, no dying
    assert harm.apply_all(s.table, s.state, [hit]) == {0: "wound"}
    assert bat.fly_squares == 0 and not bat.dying
    s.dice.push(1)  # falls 3 m: 1d6 + 1 = 2, no wound against 8/2
    mounted.after_turn(s.table, s.state)
    assert bat.altitude == 0 and bat.move_squares == 2  # it walks on at its own speed
    assert s.of(ev.Impact)[0].damage == 2
    actions.perform(s.table, s.state, ann, wing_shots[0])  # begun earlier, lands now:
    assert s.of(ev.Did)[-1].what == "finds no one to attack: the attack is lost"  # no wings


def test_rule_148_a_grounded_flyer_may_catch_a_ledge_where_there_are_ledges() -> None:
    s = Scene(("A", [human("Bat", altitude=20, fly_speed=4)]), ("B", [human("Bob")]),
              conditions={"ledges": True})  # fmt: skip
    bat = s["Bat"]
    bat.fly_squares = 0  # its wings hit at Toughness (rule 123)
    s.dice.push(3)  # Reflex 3 + 1 >= 4: caught, no damage
    mounted.after_turn(s.table, s.state)
    assert bat.altitude == 0 and not s.of(ev.Impact)
    assert s.of(ev.Did)[-1].what.startswith("tries to catch a ledge (rule 148): 4 vs DC 4 —")
    assert s.of(ev.Did)[-1].what.endswith("succeeds")
