"""Issue 31, SemiAutoMagic by the book: each numbered outcome that was wrong, with scripted
dice and choices (seed 000, `checklists/semiautomagic.md`, `RULINGS.md` §1)."""

from __future__ import annotations

import math
from typing import Any

import fracas
from fracas.core.combatant import Status
from fracas.core.events import DiceRolled
from fracas.core.table import Table
from fracas.exact.action import action_odds
from fracas.rulesets.semiautomagic import (
    actions,
    area,
    area_policy,
    attack,
    data,
    decisions,
    escape,
    experience,
    exposure,
    morale,
    mounted,
    possession,
    space,
    turn,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo
from fracas.rulesets.semiautomagic import round as round_
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.setup import wield

from .conftest import Scene, human, kind


def duel(*extra: dict[str, Any], **kw: Any) -> Scene:
    """Ann at (0, 0) (with any `extra` beside her) against Bo 1.5 m east (adjacent)."""
    return Scene(
        ("A", [human("Ann", position=[0, 0]), *extra]),
        ("B", [human("Bo", position=[1.5, 0])]),
        **kw,
    )


def carrying_an_attack(s: Scene) -> None:
    """Ann begins a single attack on Bo with her last 2 s: 2 s more to go."""
    ann = s["Ann"]
    single = next(a for a in actions.legal(s.state, ann) if a.kind == "single")
    clock = turn.Clock(6)
    clock.used = 4
    turn.start(s.table, s.state, ann, clock, single)
    assert ann.carried is not None and ann.carried.left == 2


def test_item_01_an_actions_seconds_are_successive() -> None:
    """Seed "Actions": "all 4 seconds must be done successively": a confused turn that stares
    (chart 10) cannot go on with the attack begun last turn; it is lost, not landed later."""
    s = duel()
    ann = s["Ann"]
    carrying_an_attack(s)
    ann.confused = True
    s.dice.push(10)  # the Confusion chart: stares off into space
    turn.take_turn(s.table, s.state, ann)
    assert ann.carried is None
    assert any("loses the single attack" in e.what for e in s.of(ev.Did))
    ann.confused = False
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert not s.of(ev.AttackRolled)


def test_item_01_a_chart_attack_does_not_finish_the_old_one() -> None:
    """Chart 3 (its deadliest attack against the one it dislikes): the turn's first seconds go
    to the chart's attack, so the carried one is lost."""
    s = duel()
    ann = s["Ann"]
    carrying_an_attack(s)
    ann.confused = True
    s.dice.push(3)
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert ann.carried is None and not s.of(ev.AttackRolled)


def test_item_01_another_mind_does_not_finish_it() -> None:
    """Rules 155-157: the body's possessor, acting with it, does not finish what the body's
    own mind began."""
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    carrying_an_attack(s)
    ann.possessed_by, ann.controller, ann.controller_side = bo.id, bo.name, bo.side
    s.state.controlling = ann.id
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert ann.carried is None and not s.of(ev.AttackRolled)


def test_item_01_an_unhindered_turn_finishes_it() -> None:
    """Rules 12-13: with nothing in the way, the first seconds finish it."""
    s = duel()
    ann = s["Ann"]
    carrying_an_attack(s)
    s.dice.push(1)  # misses
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert len(s.of(ev.AttackRolled)) == 1


def test_item_02_one_check_a_round() -> None:
    """Rule 204 (SAM-A35): tear gas checks once a round: the round a fighter walks into the
    cloud, the check at exposure is that round's check, not one of two in the same instant;
    the next round, one check at DC +1."""
    gas = {"poison": "tear gas", "x": [-2, 2], "y": [-2, 2]}
    s = Scene(("A", [human("Ann", position=[0, 0], skills={"fortitude": 4})]),
              ("B", [human("Bob", position=[9, 0])]), conditions={"gas": [gas]})  # fmt: skip
    ann = s["Ann"]
    s.dice.push(6)
    exposure.start_of_turn(s.table, s.state, ann)
    checks = [e.what for e in s.of(ev.Did) if "checks against" in e.what]
    assert checks == ["checks against tear gas: Fortitude 8 vs DC 6, resists (rule 208)"]
    s.state.round = 2
    s.dice.push(6)
    exposure.start_of_turn(s.table, s.state, ann)
    checks = [e.what for e in s.of(ev.Did) if "checks against" in e.what]
    assert checks[1:] == ["checks against tear gas: Fortitude 8 vs DC 7, resists (rule 208)"]


def test_item_02_extreme_radiation_six_checks_a_turn_with_the_first() -> None:
    """Rule 214: extreme radiation checks once a second, six a turn; the check at exposure is
    the first second's."""
    hot = {"severity": "extreme", "scale": 0, "at": [0, 0]}
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bob", position=[30, 0])]),
              conditions={"radiation": [hot]})  # fmt: skip
    s.dice.push(6, 6, 6, 6, 6, 6)
    exposure.start_of_turn(s.table, s.state, s["Ann"])
    assert s["Ann"].wounds == 6


def test_item_03_a_line_starts_beyond_its_caster() -> None:
    """SAM-A22: a line's near edge is the caster's footprint edge: whatever the bearing the
    caster is never inside its own line, and the line touches its footprint."""
    s = duel()
    ann = s["Ann"]
    bolt = wield(ann, data.weapons()["line bolt"])  # scale 2: 2 m wide, 8 m long
    for degrees in range(0, 360, 5):
        t = math.radians(degrees)
        poly = area.shape(ann, bolt, 9 * math.cos(t), 9 * math.sin(t))
        assert not area.overlaps(poly, ann), degrees
        ux, uy = math.cos(t), math.sin(t)
        near = min(ux * x + uy * y for x, y in poly)
        assert math.isclose(near, 0.5 * (abs(ux) + abs(uy)), abs_tol=1e-9), degrees


def test_item_04_an_aim_serves_one_attack() -> None:
    """Rule 67 ("between aiming and attacking"): the aim is used up by the shot it was taken
    for; the next shot at the same target has its full range penalty."""
    s = Scene(("A", [human("Ada", position=[0, 0], weapons=["short bow"])]),
              ("B", [human("Bram", position=[30, 0])]))  # fmt: skip
    ada, bram = s["Ada"], s["Bram"]
    s.choices.push(decisions.ACT, kind("aim"), kind("single"), kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, 0, 0)
    s.choices.push(decisions.DEFEND, 0, 0)
    s.dice.push(1, 1)  # both miss
    turn.take_turn(s.table, s.state, ada)  # aim 2 s, a shot 4 s; the second runs on
    s.state.round = 2
    turn.take_turn(s.table, s.state, ada)
    rolled = s.of(ev.AttackRolled)
    assert len(rolled) == 2 and ada.aimed_at != bram.id
    assert "aimed" in rolled[0].rules and "aimed" not in rolled[1].rules


def test_item_05_speed_damage_only_for_the_extremely_fast() -> None:
    """Rule 114 ("an extremely fast-moving creature"), read with rule 113's high speed: a
    human's one run (18 squares, 6 m/s) is not extreme and adds nothing to a sword's damage;
    two runs (36 squares, high speed, SAM-A39) add +1 per 5 squares/s of its pace."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[19, 0])]))
    ann, bo = s["Ann"], s["Bo"]
    s.choices.push(decisions.ACT, kind("run"), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert (ann.position.x, ann.pace, ann.moved_squares) == (18, 6.0, 18)
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, 0)
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 4)  # Bo's sword hits; d8 = 4
    turn.take_turn(s.table, s.state, bo)
    damage = next(e for e in s.events if isinstance(e, DiceRolled) and "damage" in e.reason)
    assert damage.notation == "1d8+3"
    ann.moved_squares = 36  # a second run this turn: high speed (rule 113)
    assert mounted.speed_damage(s.state, bo, ann, bo.wielded) == 1


def test_item_06_a_square_holds_one_creature_of_its_scale() -> None:
    """Rule 43 (the Scale Square is the space a creature takes up) and "Falling and
    Collisions" (moving into another's occupied square is a collision): a move ends in a free
    square; Cy, coming up behind Bo, steps round him to Ann's side instead of into his square."""
    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bo", position=[1, 0]), human("Cy", position=[3, 0])]))  # fmt: skip
    ann, bo, cy = s["Ann"], s["Bo"], s["Cy"]
    s.choices.push(decisions.ACT, kind("move"), kind("end"))
    turn.take_turn(s.table, s.state, cy)
    assert not space.overlapping(cy, bo) and not space.overlapping(cy, ann)
    assert space.squares(s.state, cy, ann) == 1  # beside Ann all the same
    assert cy.position.x == 1 and abs(cy.position.y) == 1



def test_item_07_called_shots_show_the_toughness_they_used() -> None:
    """T-SAM-13: a head shot on 9/3 is measured against 6/0, and the log says 6/0 and names
    the region."""
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    s.choices.push(decisions.ACT, lambda o: o.region == "head", kind("end"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 1, 1)  # 7 >= Target 7; damage 1 + 3 = 4; Fortitude fails
    turn.take_turn(s.table, s.state, ann)
    struck = s.of(ev.Struck)[0]
    assert (struck.damage, struck.toughness, struck.minimum) == (4, 6, 0)
    assert "head" in struck.text() and "4 damage to Bo against 6/0" in struck.text()
    assert bo.wounds == 1


def test_item_08_mobility_penalties_lower_skills_not_initiative() -> None:
    """Rule 174 (SAM-A12): plate's two mobility penalties lower Acrobatics, Athletics, Wrestle,
    Stealth and Dodge; initiative (rule 1: d6 + Reflex bonus + DEX) is not among them."""
    s = Scene(("A", [human("Ann", armour="plate", position=[0, 0])]),
              ("B", [human("Bo", position=[1, 0])]))  # fmt: skip
    ann, bo = s["Ann"], s["Bo"]
    s.dice.push(3, 2)
    round_.begin(s.table, s.state)
    assert (ann.initiative, bo.initiative) == (3 + 4, 2 + 4)  # Reflex +1, DEX 3 for both
    dodge = next(d for d in attack.defences(s.state, ann, True) if d.kind == attack.DODGE)
    assert dodge.bonus == 1 - 2
    assert ann.bonus["stealth"] == bo.bonus["stealth"] - 2


# --- rules that were "not modelled" -------------------------------------------------------


def knight_on_horse(foe_at: float = 1.5) -> Scene:
    return Scene(
        ("K", [{"name": "Kay", "template": "human", "position": [0, 0], "rides": "Horse"},
               {"name": "Horse", "template": "warhorse", "position": [0, 0]}]),
        ("F", [human("Foe", position=[foe_at, 0])]),
    )  # fmt: skip


def test_not_modelled_a_dying_rider_falls_from_the_saddle() -> None:
    """F-SAM-82 extended: a rider who goes down (dying, unconscious) can no longer keep its
    seat: it falls from its mount's back (rule 145, one square of the mount's scale) and lies
    prone; the mount takes turns of its own."""
    s = knight_on_horse()
    kay, horse = s["Kay"], s["Horse"]
    kay.status, kay.dying = Status.DOWN, True
    s.state.order = [kay]
    s.dice.push(1)  # the fall's damage, 1d6 for 2 m
    mounted.after_turn(s.table, s.state)
    assert not kay.mount_id and not horse.rider_id and kay.posture == "prone"
    assert horse in s.state.order
    assert any("falls from Horse" in e.what for e in s.of(ev.Did))


def test_not_modelled_mounts_and_animals_earn_no_experience() -> None:
    """Rule 224: experience is a character's; a mount (an animal) gains none, and does not
    count as a member of its rider's party."""
    s = knight_on_horse()
    s["Foe"].status = Status.DOWN
    s["Kay"].damage_dealt = 3
    experience.encounter(s.table, s.state, "K")
    gained = {e.who: e.gained for e in s.of(ev.Experience)}
    assert "Horse" not in gained and gained["Kay"] == 100


# --- what the log must show ---------------------------------------------------------------


def test_log_no_negative_damage() -> None:
    """F-SAM-111: a cat's claws (1d4 − 3, scale −1) rolling 1 deal 0, not −2, and the log
    says why."""
    s = Scene(("A", [human("Tom", template="cat", position=[0, 0])]),
              ("B", [human("Bo", position=[0.75, 0])]))  # fmt: skip
    tom = s["Tom"]
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, 0)
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 1)
    turn.take_turn(s.table, s.state, tom)
    assert s.of(ev.Struck)[0].damage == 0
    assert any("counts as 0" in e.what for e in s.of(ev.Did))


def test_log_no_damage_rolled_for_an_area_that_catches_nobody() -> None:
    """Rule 76: the one damage roll is for those caught; a grenade that scatters onto empty
    ground rolls none."""
    s = Scene(("A", [human("Ada", position=[0, 0], weapons=["grenade"])]),
              ("B", [human("Bo", position=[8, 0])]))  # fmt: skip
    ada = s["Ada"]
    s.choices.push(area.AIM, 0)
    s.dice.push(1, 3, 6)  # misses; scatters east 6 squares of 2 m: 12 m beyond Bo
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert not [e for e in s.events if isinstance(e, DiceRolled) and "damage" in e.reason]


def test_log_the_flanked_minus_1_is_named() -> None:
    """Rule 94: a flanked defender's −1 is named beside its defence roll."""
    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bo", position=[1, 0]), human("Cy", position=[-1, 0])]))  # fmt: skip
    bo = s["Bo"]
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, lambda o: o.name == "Ann")
    s.choices.push(decisions.DEFEND, lambda o: o.kind == attack.DODGE)
    s.dice.push(6, 4, 6)  # Bo hits; damage; Ann dodges
    turn.take_turn(s.table, s.state, bo)
    assert "flanked −1" in s.of(ev.Defended)[0].text()


def test_log_no_stray_separators() -> None:
    """A called shot with no other modifier lists only itself: "[called shot at the head]"."""
    s = duel()
    ann = s["Ann"]
    s.choices.push(decisions.ACT, lambda o: o.region == "head", kind("end"))
    s.dice.push(1)
    turn.take_turn(s.table, s.state, ann)
    assert s.of(ev.AttackRolled)[0].rules == "called shot at the head"


def test_log_never_crawls_0_squares() -> None:
    """A prone fighter hemmed in by her friends is not offered a crawl that gets nowhere,
    and a move of no square says it could not move."""
    ring = [human(f"F{i}", position=[x, y]) for i, (x, y) in enumerate(
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)])]
    s = Scene(("A", [human("Ann", position=[0, 0], posture="prone"), *ring]),
              ("B", [human("Bo", position=[6, 0])]))  # fmt: skip
    assert "crawl" not in [a.kind for a in actions.movements(s.state, s["Ann"])]
    moved = ev.Moved(who="Ann", how="crawl", squares=0, cost=0, to="(0, 0)")
    assert "0 square" not in moved.text()


def test_odds_label_blocked_as_documented() -> None:
    """`fracas odds` names a successful block "blocked" (docs), not "blockd"."""
    doc = {"ruleset": "semiautomagic", "name": "block", "sides": [
        {"name": "A", "combatants": [human("Ann", position=[0, 0])]},
        {"name": "B", "combatants": [human("Bo", position=[1, 0], shield=True,
                                           skills={"weapon": 2, "shield": 4})]}]}  # fmt: skip
    battle = fracas.Battle(fracas.from_document(doc), seed=1, seats={"A": "person", "B": "person"})
    battle.advance()
    odds = action_odds(battle, "Ann", "Bo", "single attack with arming sword")
    labels = {label for _, o in odds.choices for label in o.results}
    assert "blocked" in labels and "blockd" not in labels


# --- the default tactics ------------------------------------------------------------------


def test_tactics_no_area_on_allies_when_an_enemy_only_aim_exists() -> None:
    """Rule 73 (friend and foe): the policy never aims at a friend's square, and prefers a
    square that catches only foes to one that catches more foes and a friend; a friend down
    (dying) is still a friend."""
    s = Scene(("A", [human("Ada", position=[0, 0], weapons=["grenade"]),
                     human("Al", position=[6, 0])]),
              ("B", [human("Bo", position=[6, 1]), human("Cy", position=[7, 0]),
                     human("Di", position=[0, 6])]))  # fmt: skip
    ada, al = s["Ada"], s["Al"]
    al.status, al.dying = Status.DOWN, True
    seats = {x.name: s.choices for x in s.state.sides}
    seats["A"] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(1, 3, 6)  # a miss, far off east: nobody caught
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(ev.Allotted)[0].targets[0].startswith("the square of Di")  # not Bo's nor Cy's


def test_not_modelled_a_hidden_attacker_is_revealed_by_a_melee_attack() -> None:
    """Rules 110-111: a hider unseen by Bo strikes him in melee (+4 Target for Bo's blows at
    her before); once she has struck she is seen, and Bo's attack has no invisible +4."""
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    ann.unseen_by.add(bo.id)
    assert attack.sight(s.state, bo, ann) == "invisible"
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, 0)
    s.dice.push(1)  # misses
    turn.take_turn(s.table, s.state, ann)
    assert attack.sight(s.state, bo, ann) == "clear"
    assert any("no longer hidden" in e.what for e in s.of(ev.Did))


def test_tactics_fighters_leave_gas() -> None:
    """Rule 204 (SAM-A35): a fighter in a cloud of tear gas steps out of it (a move, 1 s)
    rather than walk deeper in toward a far foe, and does not walk back in."""
    gas = {"poison": "tear gas", "x": [-5, 5], "y": [-5, 5]}
    s = Scene(("A", [human("Ann", position=[4, 0])]), ("B", [human("Bo", position=[-20, 0])]),
              conditions={"gas": [gas]})  # fmt: skip
    ann = s["Ann"]
    seats = {x.name: s.choices for x in s.state.sides}
    seats["A"] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)
    s.state.hazardous = True
    s.dice.push(6)  # caught at the start of her turn, resists
    turn.take_turn(s.table, s.state, ann)
    assert ann.position.x == 6 and not escape.inside(s.state, ann, ann.position)


def test_tactics_shield_bearers_block_area_attacks() -> None:
    """Rule 75 (SAM-A23): against an area a block negates, a dodge without Evasion only takes
    3 off: a shield-bearer with a better dodge than block still blocks a grenade."""
    s = Scene(("A", [human("Ada", position=[0, 0], weapons=["grenade"])]),
              ("B", [human("Bo", position=[6, 0], shield=True,
                           skills={"reflex": 4, "shield": 1})]))  # fmt: skip
    ada, bo = s["Ada"], s["Bo"]
    seats = {x.name: s.choices for x in s.state.sides}
    seats["B"] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)
    s.choices.push(area.AIM, 0)
    s.dice.push(6, 6, 6, 6)  # hits; damage 12; Bo's block 6
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(geo.AreaDefended)[0].kind == attack.BLOCK and bo.wounds == 0


def test_not_modelled_a_hostile_possession_turns_cooperative() -> None:
    """Rule 159: "a hostile possession attempt can turn cooperative if the two characters
    involved decide to work together": the possessor offers as its turn starts, the body's
    own mind accepts, and from then on they work together (no veto asked of a partner)."""
    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bo", position=[6, 0], possession={"bonus": 4, "range": 20,
                                                              "seconds": 4})]))  # fmt: skip
    ann, bo = s["Ann"], s["Bo"]
    s.dice.push(6)  # 6 + 4 = 10 > Ann's Will 9: possessed
    assert possession.attempt(s.table, s.state, bo, ann) and not bo.cooperating
    s.choices.push(decisions.COOPERATE, lambda o: o == possession.TOGETHER,
                   lambda o: o == possession.TOGETHER)  # Bo offers, Ann accepts
    s.choices.push(decisions.VETO, lambda o: o == possession.LET)
    s.choices.push(decisions.ACT, kind("end"))
    possession.control(s.table, s.state, bo, turn.take_turn)
    assert bo.cooperating
    assert any("now work together" in e.what for e in s.of(ev.Did))


def test_not_modelled_helpers_reload_another_s_weapon() -> None:
    """Rules 64-66 (SAM-A16): a ballista (scale 1) takes a human 8 s to reload; a friend beside
    it helps with half (4 s), and the owner's own reload is then 4 s; helping while the
    owner's reload runs into its next turn shortens what is left of it."""
    s = Scene(("A", [human("Ann", position=[0, 0], weapons=["ballista"]),
                     human("Al", position=[0, 1])]),
              ("B", [human("Bo", position=[40, 0])]))  # fmt: skip
    ann, al = s["Ann"], s["Al"]
    ann.wielded.loaded = False
    reload_ = next(a for a in actions.legal(s.state, ann) if a.kind == "reload")
    assert reload_.seconds == 8
    s.choices.push(decisions.ACT, kind("help_reload"), kind("end"))
    turn.take_turn(s.table, s.state, al)
    assert not ann.wielded.loaded
    assert next(a for a in actions.legal(s.state, ann) if a.kind == "reload").seconds == 4
    ann.wielded.work = 0
    clock = turn.Clock(6)
    clock.used = 4
    turn.start(s.table, s.state, ann, clock, reload_)  # 2 s now, 6 s more next turn
    s.choices.push(decisions.ACT, kind("help_reload"), kind("end"))
    turn.take_turn(s.table, s.state, al)
    assert ann.carried is not None and ann.carried.left == 2


def test_not_modelled_cover_depends_on_direction() -> None:
    """Rules 93, 100 (issue 31): cover protects against attacks that pass through it: Ann's
    wall is on her east side; Bo's blow from the east meets it (+2 Target), Cy's from the west
    does not."""
    s = Scene(("A", [human("Ann", position=[0, 0], cover="medium", cover_toward=[1, 0])]),
              ("B", [human("Bo", position=[1, 0]), human("Cy", position=[-1, 0])]))  # fmt: skip
    ann, bo, cy = s["Ann"], s["Bo"], s["Cy"]
    for who, score, dice in ((bo, 6, (3,)), (cy, 4, (3, 1))):
        s.choices.push(decisions.ACT, kind("single"), kind("end"))
        s.choices.push(decisions.ALLOT, 0)
        s.choices.push(decisions.DEFEND, 0)
        s.dice.push(*dice)  # 3 + 1 = 4: hits Target 4, not 6; damage 1 + 3
        turn.take_turn(s.table, s.state, who)
        assert s.of(ev.AttackRolled)[-1].target_score == score
    assert [e.hit for e in s.of(ev.AttackRolled)] == [False, True] and ann.wounds == 1


def test_log_panic_is_narrated_as_what_decides_the_turn() -> None:
    """Rules 137, 184: a panicked fighter's turn opens with what decides it."""
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert any("is panicked: this turn it can only flee from Bo" in e.what for e in s.of(ev.Did))


def test_log_fighters_dying_at_the_end_are_reported() -> None:
    """Rule 166: a fighter still dying when the fight ends is told as such, and counted in the
    simulator's tally."""
    s = duel()
    bo = s["Bo"]
    bo.status, bo.dying = Status.DOWN, True
    s.state.order = [s["Ann"], bo]
    s.encounter.ruleset.after_battle(s.table, s.state)
    assert s.state.tally["dying at the end"] == 1
    assert any(e.how == "is still dying as the fight ends" for e in s.of(ev.Fell))


# --- what was still open after the first session -------------------------------------------


def grenadier(*foes: dict[str, Any], friends: tuple[dict[str, Any], ...] = ()) -> Scene:
    """Ada at (0, 0) with grenades (a sphere of scale 1: 2 m across), friends beside her side."""
    return Scene(("A", [human("Ada", position=[0, 0], weapons=["grenade"]), *friends]),
                 ("B", list(foes)))  # fmt: skip


def test_not_modelled_an_area_may_be_aimed_at_an_empty_square() -> None:
    """Rule 72 ("choose a square in range"): an empty square is offered too; aimed between Bo
    and Cy, the grenade catches both (at Bo's own square it catches only Bo)."""
    s = grenadier(human("Bo", position=[8, 0]), human("Cy", position=[8, 2]))
    ada = s["Ada"]
    between = [p for p in area.points(s.state, ada, ada.wielded) if (p.x, p.y) == (8, 1)]
    assert between and not between[0].who
    s.choices.push(area.AIM, lambda p: (p.x, p.y) == (8, 1))
    s.choices.push(decisions.DEFEND, 0, 0)
    s.dice.push(6, 1, 1)  # hits; damage 2
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(geo.Caught)[0].who == ("Bo", "Cy")
    assert s.of(ev.Allotted)[0].targets == ("the square (8, 1)",)


def test_tactics_an_area_at_an_empty_square_spares_a_friend() -> None:
    """Rule 73 (friend and foe): Al stands beside Bo, so a grenade on Bo's square catches Al
    too; the policy throws at a square next to Bo that catches Bo alone."""
    s = grenadier(human("Bo", position=[8, 0]), friends=(human("Al", position=[8, 1]),))
    ada = s["Ada"]
    assert area_policy.worth(s.state, ada, ada.wielded) == 1
    seats = {x.name: s.choices for x in s.state.sides}
    seats["A"] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 1, 1)  # hits; damage 2
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(geo.Caught)[0].who == ("Bo",)


def test_not_modelled_an_area_hits_the_cover_in_it() -> None:
    """Rule 75 ("all viable targets (typically all creatures and objects) in the area"): the
    low wall Bo crouches behind is in the grenade's area and takes its damage roll: 12
    against its Toughness 9 beats it (a step down, rule 104); Bo, caught too, dodges."""
    s = grenadier(human("Bo", position=[8, 0], cover="medium", cover_object={}))
    ada, bo = s["Ada"], s["Bo"]
    assert bo.cover_object is not None and bo.cover_object.toughness == 9
    s.choices.push(area.AIM, 0)
    s.choices.push(decisions.DEFEND, lambda o: o.kind == attack.DODGE)
    s.dice.push(6, 6, 6, 6)  # hits; damage 12; Bo's dodge 6 + 1 >= DC 4: 3 off
    area.strike(s.table, s.state, ada, ada.wielded, ())
    struck = s.of(geo.CoverStruck)
    assert len(struck) == 1 and struck[0].damage == 12 and "beaten" in struck[0].what
    assert bo.cover == "light" and s.state.tally["cover hit"] == 1
    assert bo.wounds == 1  # 9 damage against 9/3 (the dodge took 3 off)


def test_not_modelled_an_area_hits_a_wall_only_on_its_side() -> None:
    """Rule 75 with cover on one side (`cover_toward`, issue 31): the wall stands along Bo's
    west edge, half a square deep; a grenade landing east of Bo catches him and not the
    wall, one landing west of him catches both."""
    struck = {}
    for x in (9, 7):
        s = grenadier(human("Bo", position=[8, 0], cover="medium", cover_toward=[-1, 0],
                            cover_object={"toughness": 20}))  # fmt: skip
        ada = s["Ada"]
        s.choices.push(area.AIM, lambda p, x=x: (p.x, p.y) == (x, 0))
        s.choices.push(decisions.DEFEND, 0)
        s.dice.push(6, 1, 1)  # hits; damage 2
        area.strike(s.table, s.state, ada, ada.wielded, ())
        assert s.of(geo.Caught)[0].who == ("Bo",)
        struck[x] = [e.what for e in s.of(geo.CoverStruck)]
    assert struck == {9: [], 7: ["holds"]}


def test_not_modelled_a_hidden_foe_s_position_is_not_known_to_who_has_not_seen_it() -> None:
    """Rules 110-111: Ann hides from Bo (he failed to spot her); he does not know her square,
    so no move toward her is offered to him and the policy walks him to Cy (a shooter: no
    use waiting for her), whom he sees, though Ann is nearer. Once she has struck him in
    melee (seen, issue 31) he may."""
    s = Scene(("A", [human("Ann", position=[4, 0]),
                     human("Cy", position=[-8, 0], weapons=["short bow"])]),
              ("B", [human("Bo", position=[0, 0])]))  # fmt: skip
    ann, bo, cy = s["Ann"], s["Bo"], s["Cy"]
    ann.unseen_by.add(bo.id)
    goals = {a.goal.name for a in actions.movements(s.state, bo) if a.goal is not None}
    assert goals == {"Cy"}
    seats = {x.name: s.choices for x in s.state.sides}
    seats["B"] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)
    turn.take_turn(s.table, s.state, bo)
    assert bo.position.x < 0 and space.squares(s.state, bo, cy) < 8
    attack.reveal(s.table, ann)
    assert "Ann" in {a.goal.name for a in actions.movements(s.state, bo) if a.goal is not None}


def test_rules_diagonals_alternate_over_the_whole_turn() -> None:
    """SAM-A7 (rule 34: a diagonal costs 1.5): the first diagonal of the turn costs 1, the
    second 2; two one-second moves (2 squares each) toward a foe at a slant do not each start
    afresh with a diagonal at 1 (a zig-zag that made every diagonal cost 1)."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[20, 7])]))
    ann = s["Ann"]
    s.choices.push(decisions.ACT, kind("move"), kind("move"), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert [(e.squares, e.cost) for e in s.of(ev.Moved)] == [(2, 2), (1, 2)]
    assert (ann.position.x, ann.position.y) == (3, 2)


def test_tactics_a_run_goes_straight_toward_its_goal() -> None:
    """Rules 30-31 (a run is one straight line): the run's line is the one of eight that ends
    nearest its goal, not its first step's: toward Bo 30 m east and 7 north, Ann runs east
    (18 squares), not north-east (12 squares, then further off than she started the line)."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[30, 7])]))
    ann = s["Ann"]
    s.choices.push(decisions.ACT, kind("run"), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert (ann.position.x, ann.position.y) == (18, 0)


def policy_for(s: Scene, *sides: str) -> None:
    """The default policy plays `sides`; the rest stay scripted."""
    seats: dict[str, Any] = {x.name: s.choices for x in s.state.sides}
    for name in sides:
        seats[name] = SamPolicy(s.state)
    s.table = Table(s.dice, seats, sink=s.events.append)


def test_tactics_delay_when_the_foe_would_strike_first() -> None:
    """Rules 5-6 (SAM-A2): Bo is 7 squares off; Ann could not both close and strike this turn
    (3 s of moves and a 4 s attack), so walking in would give Bo the first blow. She delays;
    Bo walks up to her, and she interrupts him before his attack and strikes first."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[7, 0])]))
    ann, bo = s["Ann"], s["Bo"]
    s.state.order = [ann, bo]
    policy_for(s, "A")
    turn.take_turn(s.table, s.state, ann)
    assert ann.delaying and ann.position.x == 0
    s.choices.push(decisions.ACT, kind("move"), kind("move"), kind("move"), kind("single"),
                   kind("end"))  # fmt: skip
    s.choices.push(decisions.ALLOT, 0)
    s.dice.push(1)  # Ann misses
    turn.take_turn(s.table, s.state, bo)
    assert [e.attacker for e in s.of(ev.AttackRolled)] == ["Ann"]  # Bo's lands next turn
    assert bo.carried is not None and not ann.delaying


def test_tactics_no_delay_when_it_can_strike_this_turn_or_the_foe_waits() -> None:
    """Rule 5: the policy does not delay when it can close and strike in this turn, nor
    against a foe who is delaying himself (both would wait for ever)."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[5, 0])]))
    policy = SamPolicy(s.state)
    ann, bo = s["Ann"], s["Bo"]
    assert policy._action(ann, actions.DELAY) < 0  # 2 s of moves, then a 4 s attack
    bo.position = type(bo.position)(7, 0)
    assert policy._action(ann, actions.DELAY) > 0
    bo.delaying = True
    assert policy._action(ann, actions.DELAY) < 0


# --- where the rules meet -----------------------------------------------------------------


def test_meet_a_combo_of_areas_on_heavy_cover_all_at_once() -> None:
    """Rules 75, 88, 104 with SAM-A25: two explosive bolts of one combo both catch Bo and the
    heavy wall round him; Bo dodges both with the Evasion of the heavy cover he had before
    the action (results at once), while each blast beats the wall a step: heavy, then medium,
    left light."""
    combo = {"combos": [["attack", "attack"]], "techniques": ["extra attack"],
             "skills": {"magic": 2, "reflex": 2, "combat_expertise": 1},
             "weapons": ["explosive bolt"]}  # fmt: skip
    s = Scene(("A", [human("Ada", position=[0, 0], **combo)]),
              ("B", [human("Bo", position=[5, 0], cover="heavy", cover_object={})]))  # fmt: skip
    ada, bo = s["Ada"], s["Bo"]
    s.choices.push(area.AIM, lambda p: p.who == bo.id, lambda p: p.who == bo.id)
    s.choices.push(decisions.DEFEND, lambda o: o.kind == attack.DODGE,
                   lambda o: o.kind == attack.DODGE)  # fmt: skip
    s.dice.push(6, 6, 5, 5, 5, 5, 6, 6)  # both hit; damage 10 and 10; both dodges succeed
    area.strike(s.table, s.state, ada, ada.wielded, ("attack", "attack"))
    assert [e.result for e in s.of(geo.AreaDefended)] == ["negated (with Evasion, rule 75)"] * 2
    assert [e.toughness for e in s.of(geo.CoverStruck)] == [9, 8]
    assert bo.cover == "light" and bo.wounds == 0


def test_meet_an_empty_square_gives_no_hider_away() -> None:
    """F-SAM-61 with the empty squares (issue 31): the squares offered around Bo are the same
    whether or not a foe Ada failed to spot stands beside him; the hider's own square is not
    among the creatures' squares."""
    def offered(hidden: bool) -> list[tuple[float, float, str]]:
        cy = human("Cy", position=[9, 0])
        s = grenadier(human("Bo", position=[8, 0]), cy)
        if hidden:
            s["Cy"].unseen_by.add(s["Ada"].id)
        ada = s["Ada"]
        return [(p.x, p.y, p.label) for p in area.points(s.state, ada, ada.wielded)]

    seen, unseen = offered(False), offered(True)
    assert any(label == "Cy" for *_, label in seen)
    assert not any(label == "Cy" for *_, label in unseen)
    assert (9, 0, "") in unseen  # an empty square to Ada's eyes, as any other beside Bo


def test_tactics_a_limb_shot_when_no_plain_hit_can_wound() -> None:
    """Rules 116-119: Ann's dagger (1d4 + 3, at most 7) cannot wound Bo in plate (13/7) with a
    plain hit; an arm shot (+1 Target, Toughness −1: 12/6) can, so the policy calls it,
    rather than a single attack that can do nothing (nor a head shot, +3 to hit)."""
    s = Scene(("A", [human("Ann", position=[0, 0], weapons=["dagger"])]),
              ("B", [human("Bo", position=[1, 0], armour="plate")]))  # fmt: skip
    ann, bo = s["Ann"], s["Bo"]
    assert (bo.toughness, bo.min_toughness, ann.wielded.damage) == (13, 7, "1d4+3")
    policy = SamPolicy(s.state)
    options = actions.strikes(s.state, ann)
    best = max(options, key=lambda o: policy._action(ann, o))
    assert (best.kind, best.region) == ("called", "arm")
    s2 = duel()  # a sword (1d8 + 3) can wound an unarmoured Bo: no called shot at a limb
    options = actions.strikes(s2.state, s2["Ann"])
    best = max(options, key=lambda o: SamPolicy(s2.state)._action(s2["Ann"], o))
    assert best.kind != "called" or best.region == "head"


def test_tactics_a_fighter_closes_on_the_flank() -> None:
    """Rule 94 (SAM-A40: opposite corners flank): Al stands at Ann's south-west corner; Bo,
    coming from the east, steps to her north-east corner (a diagonal) rather than her east
    side, and Ann is flanked."""
    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bo", position=[2, 1]), human("Al", position=[-1, -1])]))  # fmt: skip
    ann, bo = s["Ann"], s["Bo"]
    assert not space.flanked(s.state, ann)
    s.choices.push(decisions.ACT, kind("move"), kind("end"))
    turn.take_turn(s.table, s.state, bo)
    assert (bo.position.x, bo.position.y) == (1, 1) and space.flanked(s.state, ann)
