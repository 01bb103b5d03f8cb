"""Issue 11, OD&D: the exact odds of one attack three ways — the calculator (`odds.py`), the
enumerator running the real rules (`round.strike`, `attack.resolve`) along every roll, and
the real rules rolled from seeded dice — on the bundled examples and on constructed cases
(criticals, the over-20 penalty, weapons that cannot hurt, advantage and disadvantage,
Florentine, surprise, gang-up, parry, off balance, the sweep's +N)."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.controllers import Controller
from fracas.core.dice_sources import DiceSource
from fracas.core.encounter import Encounter
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.exact.action import action_odds, sample_action
from fracas.exact.enumerator import Enumerated, enumerate_runs
from fracas.exact.options import option_odds
from fracas.rulesets.odnd import decisions
from fracas.rulesets.odnd.odds import MANOEUVRES
from fracas.rulesets.odnd.state import Fighter, OdndState
from odds_support import assert_within_4_se

ORCS = "examples/odnd/fighter_vs_orcs.yaml"
TROLL = "examples/odnd/party_vs_troll.yaml"
AMBUSH = "examples/odnd/surprise_ambush.yaml"

Outcome = tuple[str, int, bool]
Tweak = Callable[[OdndState], None]


def _named(state: OdndState, name: str) -> Fighter:
    return next(f for f in state.fighters() if f.name == name)


def _as_is(state: OdndState) -> None:
    """No change: the state as the encounter starts."""


class Case:
    """One attack of `actor` on `target` from an encounter's start, the state tweaked (the
    modifiers a round would have set), worked out by the calculator and by the enumerator."""

    def __init__(
        self, source: dict[str, Any] | Encounter, actor: str, target: str, tweak: Tweak = _as_is
    ) -> None:
        self.encounter = fracas.from_document(source) if isinstance(source, dict) else source
        self.actor, self.target, self.tweak = actor, target, tweak

    def fresh(self) -> tuple[OdndState, Fighter, Fighter]:
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, OdndState)
        state.round = 1
        self.tweak(state)
        return state, _named(state, self.actor), _named(state, self.target)

    def action(self, index: int = 0) -> str:
        state, me, them = self.fresh()
        return list(self.encounter.ruleset.actions(state, me, them))[index]

    def calculated(self, action: str) -> dict[Outcome, Fraction]:
        state, me, them = self.fresh()
        found = self.encounter.ruleset.calculate(state, me, them, action, None)
        assert found is not None
        return dict(found)

    def enumerated(self, action: str) -> Enumerated[Outcome]:
        ruleset = self.encounter.ruleset

        def run(dice: DiceSource) -> Outcome:
            state, me, them = self.fresh()
            policy = ruleset.policy(state)
            controllers: dict[str, Controller] = {s.name: policy for s in state.sides}
            controllers["gm"] = policy
            before = them.damage_taken
            name = ruleset.perform(Table(dice, controllers), state, me, them, action)
            return name, them.damage_taken - before, them.status.out

        return enumerate_runs(run, cutoff=Fraction(0))

    def check(self, index: int = 0) -> dict[Outcome, Fraction]:
        """Calculator == enumerator, to the last fraction, with nothing cut off."""
        action = self.action(index)
        calculated = self.calculated(action)
        enumerated = self.enumerated(action)
        assert enumerated.truncated == 0
        assert calculated == dict(enumerated.outcomes)
        assert sum(calculated.values()) == 1
        return calculated


MATE = {"name": "Mate", "hp": 5, "weapons": ["sword"]}  # a second on the target's side


def _doc(attacker: dict[str, Any], target: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "ruleset": "odnd",
        "name": "odds",
        "sides": [
            {"name": "A", "combatants": [{"name": "Att", **attacker}]},
            {"name": "B", "combatants": [{"name": "Tgt", **target}, MATE]},
        ],
        **extra,
    }


def _results(outcomes: dict[Outcome, Fraction]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for (name, _, _), p in outcomes.items():
        out[name] = out.get(name, Fraction(0)) + p
    return out


FIGHTER = {"kind": "character", "cls": "fighter", "level": 8, "STR": 16, "weapons": ["sword"]}
MAN = {"kind": "character", "cls": "normal man", "level": 0, "weapons": ["dagger"], "hp": 4}


# --- the bundled examples: calculator, enumerator, dice ----------------------------------


@pytest.mark.compiled_build  # the rules enumerated: up to 30 s a case, pure (pyproject.toml)
@pytest.mark.parametrize(
    ("path", "actor", "target", "action"),
    [
        (ORCS, "Sir Aldo", "Orc 1", "sword"),
        (ORCS, "Sir Aldo", "Orc 1", "sword (sweep)"),
        (ORCS, "Orc 3", "Sir Aldo", "sword"),
        (TROLL, "Troll", "Man-at-arms 1", "claws (sweep)"),
        (TROLL, "Troll", "Brakka", "claws"),
        (TROLL, "Tamsin", "Troll", "bow"),
        (TROLL, "Wren", "Troll", "sword"),
        (AMBUSH, "Goblin archer 1", "Mira", "bow"),
        (AMBUSH, "Garrick", "Goblin 2", "spear"),
    ],
)
def test_the_calculator_is_the_rules_enumerated(
    path: str, actor: str, target: str, action: str
) -> None:
    """Through `fracas odds`: the calculated odds equal the enumerated rules to the last
    fraction, nothing cut off, and OD&D offers no defence to choose."""
    encounter = fracas.load(path)
    calculated = action_odds(encounter, actor, target, action)
    enumerated = action_odds(encounter, actor, target, action, by_enumeration=True)
    assert calculated == enumerated
    assert calculated.policy.truncated == 0 and calculated.decision is None
    assert sum(calculated.policy.results.values()) == 1
    assert set(calculated.policy.results) <= {"fumble", "miss", "no effect", "hit", "critical"}


def test_the_fighter_against_an_orc_by_hand() -> None:
    """Sir Aldo (fighter 8, STR 16: +2, sword 1d6+3) needs 8 − 2 = 6 against an orc (AC 6,
    1 HD, hp 1d6 rolled as the fight starts; nobody off balance before the first round, issue
    29 item 23): a natural 1 fumbles on a d20 over 8 (rule 28), a 20 is a critical (d6×2+3,
    D10); a hit of 4–9 fells an orc of at most that many hit points."""
    odds = action_odds(fracas.load(ORCS), "Sir Aldo", "Orc 1").policy
    assert odds.results == {
        "fumble": Fraction(1, 20) * Fraction(12, 20),
        "miss": Fraction(1, 20) * Fraction(8, 20) + Fraction(4, 20),
        "hit": Fraction(14, 20),
        "critical": Fraction(1, 20),
    }
    hit_fells = Fraction(4 + 5 + 6 * 4, 36)  # damage 4, 5, 6–9 against hit points 1–6
    crit_fells = 1 - Fraction(1, 6) * Fraction(1, 6)  # only a die of 1 (5) spares a 6-hp orc
    assert odds.down == Fraction(14, 20) * hit_fells + Fraction(1, 20) * crit_fells


def test_t_odd_1_each_attack_at_a_fresh_orc() -> None:
    """T-ODD-1 [X2], the dice path: a fighter 8 needs 7 against an orc of AC 7 (hp d6 rolled
    as the fight starts); a hit of d6+1 or a critical of d6×2+1 (D10) fells it with
    P(d6+1 ≥ d6) = 26/36 and P(2·d6+1 ≥ d6) = 32/36: eight such attacks a round, 37/9 kills,
    the checklist's figure (Corrections to RULINGS.md, T-ODD-1)."""
    fighter = {"kind": "character", "cls": "fighter", "level": 8, "weapons": ["sword"]}
    doc = _doc(fighter, {"template": "orc", "ac": 7})
    outcomes = Case(doc, "Att", "Tgt").check()
    down = sum((p for (_, _, out), p in outcomes.items() if out), Fraction(0))
    assert down == Fraction(13, 20) * Fraction(26, 36) + Fraction(1, 20) * Fraction(32, 36)
    assert 8 * down == Fraction(37, 9)  # expected kills a round


@pytest.mark.compiled_build  # 5,000 attacks a case through the rules (pyproject.toml)
@pytest.mark.parametrize(
    ("path", "actor", "target", "action"),
    [
        (ORCS, "Sir Aldo", "Orc 1", "sword"),
        (TROLL, "Tamsin", "Troll", "bow"),
        (TROLL, "Troll", "Man-at-arms 2", "claws (sweep)"),
    ],
)
def test_the_calculator_agrees_with_the_rules_rolled(
    path: str, actor: str, target: str, action: str
) -> None:
    """5,000 attacks of the real rules from seeded dice: every result and the chance of
    felling the target within 4 standard errors of the calculated fraction."""
    encounter = fracas.load(path)
    exact = action_odds(encounter, actor, target, action).policy
    sampled = sample_action(encounter, actor, target, action, 5000, seed=11)
    assert_within_4_se(exact, sampled, 5000)


# --- constructed cases: calculator == enumerator, and the rule each shows -----------------


def test_over_20_only_a_natural_20_hits_no_critical_and_the_penalty_comes_off() -> None:
    """Rules 30, 32, 33, ODD-U2: a normal man (10 at AC 9) against AC −4 needs 23: only a
    natural 20 hits, it is no critical, and 3 comes off the dagger's 1d4+1 (never below 0);
    a normal man fumbles on every natural 1 (d20 > level 0, ODD-U13)."""
    target = {"kind": "character", "ac": -3, "shield": True, "hp": 1, "weapons": ["sword"]}
    outcomes = Case(_doc(MAN, target), "Att", "Tgt").check()
    assert _results(outcomes) == {
        "fumble": Fraction(1, 20), "miss": Fraction(18, 20), "hit": Fraction(1, 20)
    }  # fmt: skip
    assert outcomes[("hit", 0, False)] == Fraction(1, 40)
    assert outcomes[("hit", 1, True)] == outcomes[("hit", 2, True)] == Fraction(1, 80)


@pytest.mark.parametrize(("ac", "critical"), [(1, Fraction(1, 20)), (0, Fraction(0))])
def test_a_natural_20_is_no_critical_when_only_19_or_20_could_hit(
    ac: int, critical: Fraction
) -> None:
    """Rules 32, 33 (D-C1): a normal man needs 18 against AC 1 — a 20 is a critical — and 19
    against AC 0: the 20 only hits."""
    target = {"kind": "character", "ac": ac, "hp": 3, "weapons": ["sword"]}
    results = _results(Case(_doc(MAN, target), "Att", "Tgt").check())
    assert results.get("critical", Fraction(0)) == critical
    needed = 10 + (9 - ac)  # D1 at AC 9 for a normal man, ODD-U1: one more per AC better
    assert results["hit"] + results.get("critical", Fraction(0)) == Fraction(21 - needed, 20)


@pytest.mark.parametrize(
    ("needs", "weapon", "magic", "hurts"),
    [
        ("magic", "sword", 0, False),
        ("magic", "sword", 1, True),
        ("silver", "silver dagger", 0, True),
        ("silver", "dagger", 0, False),
        ("magic", "silver dagger", 0, False),
    ],
)
def test_a_weapon_that_cannot_hurt_has_no_effect(
    needs: str, weapon: str, magic: int, hurts: bool
) -> None:
    """Rule 31, ODD-U50: against a monster needing magic (or silver), a roll that would hit
    has no effect without the weapon it needs."""
    attacker = {**FIGHTER, "weapons": [weapon], "magic_bonus": magic}
    target = {"hd": 4, "ac": 5, "hp": 20, "needs": needs, "weapons": ["claws"]}
    results = _results(Case(_doc(attacker, target), "Att", "Tgt").check())
    assert ("hit" in results and "critical" in results) is hurts
    assert ("no effect" in results) is not hurts


def _edge(ours: bool, theirs: bool) -> Tweak:
    """Rule 70, ODD-U18: the round after a surprise, each surpriser attacks the one it
    surprised with advantage, and that one attacks it at a disadvantage (by pair, issue 29
    item 6)."""

    def tweak(state: OdndState) -> None:
        att, tgt = _named(state, "Att"), _named(state, "Tgt")
        last = state.round - 1
        if ours:
            state.from_behind[(att.id, tgt.id)] = last
        else:
            state.from_behind[(tgt.id, att.id)] = last
        if theirs:
            state.from_behind[(tgt.id, att.id)] = last

    return tweak


@pytest.mark.parametrize(
    ("weapons", "tweak", "critical"),
    [
        (["sword"], _edge(True, False), Fraction(39, 400)),  # advantage: 1 − (19/20)²
        (["sword"], _edge(False, False), Fraction(1, 400)),  # disadvantage: both 20
        (["sword"], _edge(True, True), Fraction(1, 20)),  # both: they cancel (ODD-U18)
        (["sword", "dagger"], _as_is, Fraction(39, 400)),  # Florentine: advantage (rule 74)
        (["sword", "dagger"], _edge(False, False), Fraction(1, 20)),  # …and a disadvantage
        (["sword", "dagger"], _edge(True, False), Fraction(39, 400)),  # two sources, one edge
    ],
)
def test_advantage_and_disadvantage_keep_one_of_two_d20(
    weapons: list[str], tweak: Tweak, critical: Fraction
) -> None:
    """D11: the higher or lower of two d20 is kept, and a natural 20 judged on it; with two
    weapons of different size a d6 says which one hit (ODD-U22)."""
    attacker = {**FIGHTER, "weapons": weapons}
    target = {"hd": 3, "ac": 5, "hp": 12, "weapons": ["sword"]}
    outcomes = Case(_doc(attacker, target), "Att", "Tgt", tweak).check()
    assert _results(outcomes)["critical"] == critical


def _set(**fields: Any) -> Tweak:
    def tweak(state: OdndState) -> None:
        target = _named(state, "Tgt")
        for name, value in fields.items():
            setattr(target, name, value)

    return tweak


def _shield_faced_twice(state: OdndState) -> None:
    """ODD-U4: the target's shield already faced two others (a list of fighters, as the
    round keeps it: a compiled fighter takes no other type)."""
    _named(state, "Tgt").shield_faced = [_named(state, "Mate"), _named(state, "Mate")]


@pytest.mark.parametrize(
    ("tweak", "shift"),
    [
        (_set(surprised=True), -2 - 2 - 1),  # +2 as from behind, no DEX (+2) nor shield
        (_set(declared_against=3), -1),  # rule 63: more than two attackers
        (_set(parrying=True), +2),  # rule 92
        (_set(off_balance_until=1), -2),  # D9: AC 2 worse through the next round
        (_shield_faced_twice, -1),  # ODD-U4: the shield faced two others already
    ],
)
def test_the_modifiers_of_the_state_move_the_roll_needed(tweak: Tweak, shift: int) -> None:
    """Against a DEX 16 (AC 2 better) target with a shield, each modifier the round sets
    moves the number needed by its amount: the chance to miss moves by a twentieth each."""
    attacker = {**FIGHTER, "level": 3}
    target = {"kind": "character", "DEX": 16, "ac": 4, "shield": True, "hp": 6,
              "weapons": ["sword"]}  # fmt: skip
    plain = _results(Case(_doc(attacker, target), "Att", "Tgt").check())
    moved = _results(Case(_doc(attacker, target), "Att", "Tgt", tweak).check())
    assert moved["miss"] - plain["miss"] == Fraction(shift, 20)


def _charging(state: OdndState) -> None:
    _named(state, "Att").charge_strike = True  # rules 85, 90: the charge's first attack


ARCHER = {**FIGHTER, "DEX": 16, "weapons": ["bow"]}
TROLLISH = {"hd": 6, "ac": 4, "size": "large", "weapons": ["claws"], "hp": 30}


@pytest.mark.parametrize(
    ("attacker", "target", "tweak"),
    [
        (FIGHTER, {**MAN, "hp": 9}, _charging),  # +2, no DEX, double damage (85, 81)
        ({**FIGHTER, "mounted": True, "weapons": ["lance"]}, TROLLISH, _charging),  # rule 86
        ({**FIGHTER, "weapons": ["lance"]}, TROLLISH, _as_is),  # 3d6 against the large (86)
        ({**FIGHTER, "mounted": True}, MAN, _as_is),  # rule 59: a rider +1
        ({**FIGHTER, "elevation": 5}, MAN, _as_is),  # rule 61: high ground
        (ARCHER, {**MAN, "cover": 50, "position": [120, 0]}, _as_is),  # rules 14, 95
    ],
)
def test_the_plane_and_the_charge_are_calculated_as_the_rules_play_them(
    attacker: dict[str, Any], target: dict[str, Any], tweak: Tweak
) -> None:
    """The calculator reads the rules' own modifiers (`strikes.modifiers`): a charge's +2
    and double damage, the lance's dice against the large, mounts, high ground, range bands
    by distance and cover — equal to the enumerated rules to the last fraction."""
    placed = "position" in target
    attacker = {**attacker, "position": [0, 0]} if placed else attacker
    mate = {**MATE, "position": [150, 30]} if placed else MATE
    doc = _doc(attacker, target)
    doc["sides"][1]["combatants"][1] = mate
    Case(doc, "Att", "Tgt", tweak).check()


def test_a_shot_that_may_go_astray_is_left_to_the_enumerator() -> None:
    """Rule 47, ODD-U40: a shot at a foe engaged with the shooter's ally may hit the ally;
    the calculator leaves that to the enumerator (`fracas odds` falls back to it)."""
    friend = {"name": "Friend", "position": [100, 5], "hp": 8, "weapons": ["sword"]}
    doc = _doc({**ARCHER, "position": [0, 0]}, {**MAN, "position": [100, 0]})
    doc["sides"][0]["combatants"].append(friend)
    doc["sides"][1]["combatants"][1] = {**MATE, "position": [300, 0]}
    case = Case(doc, "Att", "Tgt")
    state, me, them = case.fresh()
    assert case.encounter.ruleset.calculate(state, me, them, case.action(), None) is None
    odds = action_odds(case.encounter, "Att", "Tgt")
    assert sum(odds.policy.results.values()) == 1


def test_the_first_attack_of_a_sweep_adds_the_plus() -> None:
    """Rule 26, T-ODD-2: a 6+3 HD troll sweeping normal men adds +3 to its first attack
    only; the action is offered against normal men alone (rules 21, 23)."""
    case = Case(fracas.load(TROLL), "Troll", "Man-at-arms 1")
    assert [case.action(0), case.action(1)] == ["claws", "claws (sweep)"]
    plain, sweep = _results(case.check(0)), _results(case.check(1))
    assert plain["miss"] - sweep["miss"] == Fraction(3, 20)
    pc = Case(fracas.load(TROLL), "Troll", "Brakka")
    state, me, them = pc.fresh()
    assert list(pc.encounter.ruleset.actions(state, me, them)) == ["claws"]


def test_no_attack_is_offered_where_the_rules_allow_none() -> None:
    """An ally, a fallen target, a surprised or parrying attacker (rules 69, 71, 92)."""
    encounter = fracas.load(ORCS)
    ruleset = encounter.ruleset
    for change in ("ally", "fallen", "surprised", "parrying"):
        state = ruleset.setup(encounter.spec)
        aldo, orc = _named(state, "Sir Aldo"), _named(state, "Orc 1")
        target = _named(state, "Orc 2") if change == "ally" else orc
        actor = orc if change == "ally" else aldo
        if change == "fallen":
            orc.pending_down = True
        elif change != "ally":
            setattr(aldo, change, True)
        assert list(ruleset.actions(state, actor, target)) == [], change
    with pytest.raises(fracas.core.errors.FracasError, match="no action against"):
        action_odds(encounter, "Orc 1", "Orc 2")


# --- the GM screen and the command line ------------------------------------------------------


def test_each_declaration_has_its_odds_beside_it() -> None:
    """ODD-U23: at Sir Aldo's declaration, every attack and sweep has its odds (the orcs' hit
    points as rolled), and so do the grapples and disarms (rules 93, 104); the parry and the
    retreat have none."""
    battle = fracas.Battle(fracas.load(ORCS), seed=1, seats={"Hero": "person"})
    question = battle.advance()
    request = question.request if question is not None else None
    assert isinstance(request, ChoiceRequest) and request.decision == decisions.DECLARE
    found = option_odds(battle)
    options = request.options
    kinds = ("attack", "sweep", *MANOEUVRES)
    attacks = [i for i, o in enumerate(options) if o.action in kinds]
    assert attacks and sorted(found) == attacks
    for index, odds in found.items():
        assert odds.target in str(options[index])
        if options[index].action in MANOEUVRES:
            assert odds.action == options[index].action
            continue
        assert odds.action == ("sword (sweep)" if "sweep" in str(options[index]) else "sword")
        orc = _named(battle.state, odds.target)
        assert odds.policy.down == sum(
            (p for harm, p in odds.policy.harm.items() if harm >= orc.hp), Fraction(0)
        )


runner = CliRunner()


def test_the_command_line_in_words_and_in_json() -> None:
    args = ["odds", ORCS, "--actor", "Sir Aldo", "--target", "Orc 1"]
    words = runner.invoke(app, args)
    assert words.exit_code == 0, words.output
    assert "Sir Aldo → Orc 1: sword" in words.output and "fumble" in words.output
    doc = json.loads(runner.invoke(app, [*args, "--action", "sword (sweep)", "--json"]).stdout)
    assert doc["action"] == "sword (sweep)" and doc["decision"] is None
    assert doc["policy"]["results"]["fumble"]["exact"] == "3/100"
    assert doc["policy"]["results"]["critical"]["exact"] == "1/20"
