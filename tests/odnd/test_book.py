"""Issue 29, OD&D by the book: each numbered "outcome that is wrong today" as a scripted-dice
test named after its item (seed 003; checklist rules; RULINGS.md §4)."""

from __future__ import annotations

import pytest

from fracas.core.combatant import Status
from fracas.core.errors import EncounterError
from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.odnd import (
    attack,
    grapple,
    holds,
    magic,
    manoeuvres,
    moves,
    pursuit,
    round,
    specials,
    strikes,
)
from fracas.rulesets.odnd.events import (
    Attack,
    CannotAct,
    Damage,
    Effect,
    Initiative,
    MoraleCheck,
    RollOff,
    Save,
    ShortcutKills,
)
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import Plan

from .conftest import Scene, pc


def duel(**hero: object) -> Scene:
    return Scene(
        ("A", [pc("Hero", **hero)]),
        ("B", [pc("Orc", kind="monster", hd=1), pc("Orc2", kind="monster", hd=1)]),
    )


def test_item_02_pinned_means_helpless() -> None:
    """Rule 105: a hero pinned in a slot before his own takes no weapon action that round,
    even one declared before the pin."""
    s = duel()
    hero, orc = s["Hero"], s["Orc"]
    round.adopt(s.table, s.state, hero, Plan(orc, False))
    hero.grappled_by, hero.grapple = [orc], grapple.PINNED  # pinned in an earlier slot
    round.act(s.table, s.state, hero, hero.attacks_left)
    assert not s.of(Attack)
    assert any("pinned" in e.why for e in s.of(CannotAct))


def test_item_02_struggling_fighter_struggles_not_strikes() -> None:
    s = duel()
    hero, orc = s["Hero"], s["Orc"]
    round.adopt(s.table, s.state, hero, Plan(orc, False))
    hero.grappled_by, hero.grapple = [orc], grapple.STRUGGLING
    round.act(s.table, s.state, hero, hero.attacks_left)
    assert not s.of(Attack)


def test_item_12_natural_1_misses_a_pinned_target() -> None:
    """Rule 27: a natural 1 always misses, against a pinned target too."""
    s = duel()
    hero, orc = s["Hero"], s["Orc"]
    orc.grappled_by, orc.grapple = [s["Orc2"]], grapple.PINNED
    s.dice.push(1, 1)  # natural 1, then the fumble check (1 ≤ level: no fumble)
    hit = strikes.strike(s.table, s.state, hero, orc)
    assert not hit
    assert [a.hit for a in s.of(Attack)] == [False]
    assert attack.exposed(orc)


def units() -> Scene:
    s = Scene(
        ("A", [{"name": "Trooper", "kind": "monster", "hd": 1, "weapons": ["spear"],
                "count": 10, "unit": 10}]),
        ("B", [pc("Hero", hp=1), {"name": "Bandit", "template": "bandit", "count": 10,
                                   "unit": 10}]),
    )  # fmt: skip
    for f in s.state.fighters():
        if f.unit_size:
            f.hp = f.max_hp = 35
            f.hit_dice = ""
    return s


def test_item_01_one_hit_throw_per_group() -> None:
    """Rule 142 ("Only one 'hit' throw is made per group"), ODD-U45: a unit's member attacks
    at a lone hero who falls do not turn into throws at another unit."""
    s = units()
    unit, hero, bandits = s["Trooper 1-10"], s["Hero"], s["Bandit 1-10"]
    round.adopt(s.table, s.state, unit, Plan(hero, False))
    assert unit.attacks_left > 1
    s.dice.push(*([15, 4] * 8))
    s.choices.push("victim", *([lambda o: True] * 8))
    round.act(s.table, s.state, unit, unit.attacks_left)
    assert hero.pending_down
    assert [a for a in s.of(Attack) if a.target == bandits.name] == []


def test_item_01_a_unit_throws_once_at_a_unit() -> None:
    s = units()
    unit, bandits = s["Trooper 1-10"], s["Bandit 1-10"]
    round.adopt(s.table, s.state, unit, Plan(bandits, False))
    unit.attacks_left = 3  # whatever the count, one throw
    s.dice.push(*([15, 6] * 4))
    round.act(s.table, s.state, unit, unit.attacks_left)
    assert len(s.of(Attack)) == 1


def reach_pair() -> Scene:
    return Scene(
        ("A", [pc("Spear", weapons=["spear"])]), ("B", [pc("Knife", weapons=["dagger"], hp=1)])
    )


def test_item_03_reach_strikes_first() -> None:
    """Rule 58: on the first round of melee the longer reach strikes first whoever has the
    initiative, ties included; a foe it drops does not strike back."""
    s = reach_pair()
    spear, knife = s["Spear"], s["Knife"]
    round.adopt(s.table, s.state, spear, Plan(knife, False))
    round.adopt(s.table, s.state, knife, Plan(spear, False))
    s.dice.push(15, 5)
    round.act(s.table, s.state, knife, knife.attacks_left)  # the tie: the knife's turn first
    assert [a.attacker for a in s.of(Attack)] == ["Spear"]
    assert knife.pending_down


def test_item_03_reach_victim_in_the_same_slot_does_not_strike_back() -> None:
    s = reach_pair()
    spear, knife = s["Spear"], s["Knife"]
    round.adopt(s.table, s.state, spear, Plan(knife, False))
    round.adopt(s.table, s.state, knife, Plan(spear, False))
    s.dice.push(15, 5)
    round.act(s.table, s.state, spear, spear.attacks_left)
    round.act(s.table, s.state, knife, knife.attacks_left)
    assert [a.attacker for a in s.of(Attack)] == ["Spear"]
    assert any("reach" in e.why for e in s.of(CannotAct))


def test_item_04_set_spears_plus_2_and_double_nothing_else() -> None:
    """Rule 83: a set spear strikes a charger at +2 for double damage; no "+2 from behind"
    though the charger, running at another, has its back to the spear."""
    s = Scene(
        ("A", [pc("Spear", weapons=["spear"], position=[0, 0], facing=[-1, 0])]),
        ("B", [pc("Runner", position=[-5, 0], facing=[-1, 0])]),
    )
    spear, runner = s["Spear"], s["Runner"]
    spear.spear_set = True
    runner.charging = True
    s.dice.push(12, 3)
    moves.set_strike(s.table, s.state, spear, runner)
    (a,) = s.of(Attack)
    assert a.needed == 10 - 2  # FM 1 against AC 9: 10, set spear +2
    assert "behind" not in a.rules and "flank" not in a.rules
    assert [d.amount for d in s.of(Damage)] == [2 * (3 + 1)]


def test_item_05_a_charger_keeps_its_shield() -> None:
    """Rule 81, F-ODD-11: charging costs the DEX bonus to AC only; the shield still counts."""
    s = duel(ac=5, shield=True, DEX=16)
    hero = s["Hero"]
    hero.charging = True
    assert attack.armour_class(hero, s["Orc"], True, True) == 5 - 1
    hero.charging = False
    assert attack.armour_class(hero, s["Orc"], True, True) == 5 - 1 - 2


def test_item_05_the_charge_ends_with_the_charge() -> None:
    """ODD-U34 as issue 29 reads it: once its charge attack is made the charger has its DEX
    back for the rest of the round."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0], DEX=16, move=12)]),
        ("B", [pc("Orc", kind="monster", position=[80, 0])]),
    )
    runner, orc = s["Runner"], s["Orc"]
    s.state.positional = True
    round.adopt(s.table, s.state, runner, Plan(orc, False, "charge"))
    s.dice.push(2, 1)  # the charge's attack misses; no fumble
    round.act(s.table, s.state, runner, runner.attacks_left)
    assert s.of(Attack)
    assert not runner.charging


def test_item_06_surprise_follow_up_by_pair() -> None:
    """Rule 70, ODD-U18: the round after the surprise, advantage to each surprising attacker
    against the defenders it surprised, disadvantage to those defenders against it; not to
    whole sides."""
    s = Scene(("A", [pc("Amb1"), pc("Amb2")]), ("B", [pc("Vic1"), pc("Vic2")]))
    amb1, amb2, vic1, vic2 = s["Amb1"], s["Amb2"], s["Vic1"], s["Vic2"]
    for v in (vic1, vic2):
        v.surprised = True
    s.state.surprisers = {"A"}
    s.dice.push(2, 1)  # Amb1's surprise-round attack on Vic1 misses
    strikes.strike(s.table, s.state, amb1, vic1)
    s.state.round = 2
    for v in (vic1, vic2):
        v.surprised, v.followup = False, True
    edge = {
        (a.name, t.name): strikes.modifiers(s.state, a, t, False).edge
        for a, t in ((amb1, vic1), (amb2, vic1), (amb1, vic2), (vic1, amb1), (vic2, amb1),
                     (vic1, amb2))
    }  # fmt: skip
    assert edge == {
        ("Amb1", "Vic1"): 1, ("Amb2", "Vic1"): 0, ("Amb1", "Vic2"): 0,
        ("Vic1", "Amb1"): -1, ("Vic2", "Amb1"): 0, ("Vic1", "Amb2"): 0,
    }  # fmt: skip


def test_item_07_the_melee_ring_is_for_melee() -> None:
    """Rules 62, 63: a missile attacker at range takes no place around the target and does
    not earn the "more than two attackers" +1."""
    s = Scene(
        ("A", [pc("M1"), pc("M2"), pc("Archer", weapons=["bow"])]),
        ("B", [pc("Def")]),
    )
    d = s["Def"]
    for name in ("M1", "M2", "Archer"):
        round.adopt(s.table, s.state, s[name], Plan(d, False))
    assert d.declared_against == 2
    assert not strikes.gang_up(d)
    assert "more than two" not in " ".join(strikes.modifiers(s.state, s["M1"], d, True).why)


def test_item_16_gang_up_counts_retargeted_attackers() -> None:
    """Rule 63, ODD-U21: the +1 counts the attackers actually striking this target this
    round, one that turned on it after its own foe fell included."""
    s = Scene(("A", [pc("M1"), pc("M2"), pc("M3")]), ("B", [pc("Def"), pc("Other", hp=1)]))
    d, other, m3 = s["Def"], s["Other"], s["M3"]
    round.adopt(s.table, s.state, s["M1"], Plan(d, False))
    round.adopt(s.table, s.state, s["M2"], Plan(d, False))
    round.adopt(s.table, s.state, m3, Plan(other, False))
    other.pending_down = True  # fell to someone else this slot
    s.dice.push(2, 1)
    s.choices.push("victim", lambda o: o is d)
    round.act(s.table, s.state, m3, m3.attacks_left)
    (a,) = s.of(Attack)
    assert a.target == "Def" and "more than two attackers" in a.rules
    assert strikes.gang_up(d)


def test_item_08_attacks_per_level_are_melee_attacks() -> None:
    """Rule 21: a fighter's level in attacks against normal men are melee attacks; an archer
    shoots its ordinary shots."""
    man = {"name": "Man", "kind": "character", "cls": "normal man", "level": 0,
           "weapons": ["dagger"], "hp": 4}  # fmt: skip
    s = Scene(("A", [pc("Archer", level=4, weapons=["bow"]), pc("Swords", level=4)]), ("B", [man]))
    assert not any(p.sweep for p in round.options(s.state, s["Archer"]))
    assert any(p.sweep for p in round.options(s.state, s["Swords"]))


def test_item_09_one_death_one_morale_check() -> None:
    """Rule 132, D7, ODD-U28: a single death that is both the side's first and a big upset
    makes one check, not two."""
    s = Scene(("A", [pc("Hero")]), ("B", [{"name": "Orc", "template": "orc", "count": 4}]))
    orc = s.fighter("Orc 1")
    orc.hp, orc.pending_down = 0, True
    s.state.pending.append(orc)
    s.dice.push(3, 3, 3, 3)
    round.settle(s.table, s.state)
    (check,) = s.of(MoraleCheck)
    assert "first death" in check.trigger and "big upset" in check.trigger
    assert s.state.morale_passes["Orc"] == 1


def test_item_10_a_rout_is_a_rout() -> None:
    """Rules 52, 57, ODD-U28: routing comrades do not keep a foe busy for each other; each
    fleer has its own roll-off (and parting shot) against the foe it fought."""
    s = Scene(
        ("A", [pc("Hero")]),
        ("B", [{"name": "Orc", "template": "orc", "count": 2, "hp": 4}]),
        conditions={"pursuit": False},
    )
    hero, o1, o2 = s["Hero"], s["Orc 1"], s["Orc 2"]
    hero.plan_target, o1.plan_target, o2.plan_target = o1, hero, hero
    s.dice.push(6, 6)  # morale 8: 12 fails
    s.dice.push(6, 1, 6, 1)  # each orc's roll-off beats the hero's: no parting shot
    round.check_morale(s.table, s.state, "Orc", ["big upset"])
    assert [r.mover for r in s.of(RollOff)] == ["Orc 1", "Orc 2"]
    assert o1.status is Status.FLED and o2.status is Status.FLED


def test_item_11_a_charging_sweeper_keeps_its_attacks() -> None:
    """Rules 21, 90: a 3rd-level fighter charging normal men makes its 3 attacks; the charge's
    +2 and double damage go with the first only."""
    men = {"name": "Man", "kind": "character", "cls": "normal man", "level": 0,
           "weapons": ["dagger"], "hp": 20, "count": 3, "position": [50, 0]}  # fmt: skip
    s = Scene(("A", [pc("Runner", level=3, move=6, position=[0, 0])]), ("B", [men]))
    runner = s["Runner"]
    plans = [p for p in round.options(s.state, runner) if p.action == "charge"]
    assert plans and all(p.sweep for p in plans)
    round.adopt(s.table, s.state, runner, plans[0])
    assert runner.attacks_left == 3
    s.dice.push(15, 3, 15, 3, 15, 3)
    s.choices.push("next victim", *([lambda o: True] * 3))
    round.act(s.table, s.state, runner, runner.attacks_left)
    attacks = s.of(Attack)
    assert len(attacks) == 3
    assert "charging" in attacks[0].rules and "charging" not in attacks[1].rules
    assert [d.amount for d in s.of(Damage)] == [8, 4, 4]


def test_item_22_the_shortcut_in_a_surprise_round() -> None:
    """Rule 24, ODD-U12 with rules 69, 71: the averaging shortcut takes the surprise's +2 into
    P(hit) as the dice do: an 8th-level fighter needing 7 needs 5 against the surprised,
    8 × 0.8 = 6.4 kills."""
    men = {"name": "Man", "kind": "character", "cls": "normal man", "level": 0, "ac": 7,
           "weapons": ["dagger"], "hp": 3, "count": 8}  # fmt: skip
    s = Scene(("A", [pc("Vet", level=8)]), ("B", [men]), options={"shortcut": "up"})
    vet = s["Vet"]
    for f in s.state.fighters():
        if f.side == "B":
            f.surprised = True
    round.adopt(s.table, s.state, vet, Plan(s.fighter("Man 1"), True))
    s.choices.push("next victim", *([0] * 8))
    round.act(s.table, s.state, vet, vet.attacks_left)
    (k,) = s.of(ShortcutKills)
    assert abs(k.expected - 6.4) < 1e-9 and k.kills == 7


def test_item_23_odds_before_the_first_round_nobody_off_balance() -> None:
    """D9: only a fumble puts a fighter off balance; before the first round (round 0, where
    `fracas odds` reads an encounter) nobody is."""
    s = duel()
    hero, orc = s["Hero"], s["Orc"]
    s.state.round = 0
    before = attack.to_hit(s.state, hero, orc, 0, 0, True)
    s.state.round = 1
    assert before == attack.to_hit(s.state, hero, orc, 0, 0, True)


def test_item_18_manoeuvre_saves_add_the_attribute_bonus() -> None:
    """F-ODD-46, D6: a save vs Paralysis adds the saver's attribute bonus (DEX: the reflex
    save these manoeuvres call for): a DEX 16 target rolling 14 saves against 16."""
    s = Scene(("A", [pc("Att")]), ("B", [pc("Tgt", DEX=16)]))
    att, tgt = s["Att"], s["Tgt"]
    s.dice.push(19, 14)
    manoeuvres.attempt(s.table, s.state, att, tgt, "disarm")
    (save,) = s.of(Save)
    assert save.roll == 16 and save.passed and not tgt.disarmed


def test_item_18_the_whip_wielder_adds_its_own_bonus() -> None:
    s = Scene(("A", [pc("Att", DEX=16, weapons=["whip"])]), ("B", [pc("Tgt")]))
    s.dice.push(19, 14)
    s.choices.push("whip: feet or weapon", 1)
    manoeuvres.attempt(s.table, s.state, s["Att"], s["Tgt"], "whip")
    (save,) = s.of(Save)
    assert save.roll == 16 and save.passed


def test_item_20_units_check_morale() -> None:
    """ODD-U45, F-ODD-59: a unit of troopers written as characters (normal men) checks at half
    its hit points like every unit."""
    trooper = {"name": "Trooper", "kind": "character", "cls": "normal man", "level": 0,
               "weapons": ["spear"], "count": 10, "unit": 10, "morale": 8}  # fmt: skip
    s = Scene(("A", [trooper]), ("B", [pc("Hero")]))
    unit = s["Trooper 1-10"]
    unit.max_hp, unit.hp, unit.hit_dice = 40, 20, ""
    s.dice.push(3, 3)
    round.settle(s.table, s.state)
    (check,) = s.of(MoraleCheck)
    assert check.group == unit.group and check.passed


def test_item_21_hirelings_roll_initiative_as_a_group() -> None:
    """ODD-U30: a d6 per player, one per group of NPCs: hirelings (normal men) are a group."""
    men = {"name": "Hireling", "kind": "character", "cls": "normal man", "level": 0,
           "weapons": ["spear"], "count": 3}  # fmt: skip
    s = Scene(("A", [pc("Hero"), men]), ("B", [pc("Orc", kind="monster")]))
    assert {f.group for f in s.state.fighters() if f.normal_man and f.side == "A"} == {"Hireling"}
    assert s["Hero"].group == "Hero"


def test_item_21_a_stunned_fighter_cannot_flee_it_surrenders() -> None:
    """Rules 105, 132: a stunned (or held) fighter whose group routs cannot run: it
    surrenders."""
    s = Scene(
        ("A", [pc("Hero")]),
        ("B", [{"name": "Orc", "template": "orc", "count": 2, "hp": 4}]),
        conditions={"pursuit": False},
    )
    o1, o2 = s["Orc 1"], s["Orc 2"]
    o1.stunned_until = 3
    s.dice.push(6, 6)
    round.check_morale(s.table, s.state, "Orc", ["big upset"])
    assert o1.status is Status.SURRENDERED and o2.status is Status.FLED


def test_item_21_the_opening_morale_check_comes_after_initiative() -> None:
    """Seed ENCOUNTER ORDER step 7: after initiative order is decided and morale checks have
    been made, combat proceeds."""
    s = Scene(("A", [pc("H1"), pc("H2")]), ("B", [{"name": "Orc", "template": "orc", "hp": 4}]))
    s.dice.push(4, 5, 6, 3, 3)  # three initiative dice, then the orc's morale (6: passes)
    s.choices.push("declare target", *([lambda p: p.action == "parry"] * 3))
    round.play_round(s.table, s.state)
    kinds = [type(e).__name__ for e in s.events if isinstance(e, (Initiative, MoraleCheck))]
    assert kinds == ["Initiative"] * 3 + ["MoraleCheck"]


def test_item_17_the_shield_counts_against_two_attackers_grapples_included() -> None:
    """Rule 66, ODD-U4: the shield faces the first two attackers of the round, whether they
    strike, grapple or disarm; a third finds it elsewhere."""
    s = Scene(("A", [pc("A1"), pc("A2"), pc("A3")]), ("B", [pc("Def", shield=True, ac=5)]))
    d = s["Def"]
    s.dice.push(2, 2)  # a grapple and a disarm, both missing
    grapple.attempt(s.table, s.state, s["A1"], d)
    manoeuvres.attempt(s.table, s.state, s["A2"], d, "disarm")
    assert d.shield_faced == [s["A1"], s["A2"]]
    assert not attack.shield_counts(s["A3"], d)


def test_item_19_wrestling_a_creature_that_needs_silver() -> None:
    """Rules 31, 104, ODD-U50: weapon immunity does not stop a grapple (no weapon hurts)."""
    wight = {"name": "Wight", "kind": "monster", "hd": 3, "weapons": ["claws"], "hp": 15,
             "needs": "silver"}  # fmt: skip
    s = Scene(("A", [pc("Hero")]), ("B", [wight]))
    hero, wight_f = s["Hero"], s["Wight"]
    s.dice.push(18)
    grapple.attempt(s.table, s.state, hero, wight_f)
    assert hero in wight_f.grappled_by


def test_item_13_swallowed_is_not_also_held() -> None:
    """ODD-U14, U48, rule 37: a swallowed fighter is out of every grapple, takes the
    swallower's damage once a round, and fights from inside with a dagger."""
    s = Scene(
        ("A", [pc("Hero", weapons=["sword", "dagger"]), pc("Mate")]),
        ("B", [{"name": "Dragon", "template": "sea dragon", "hp": 60}, pc("Orc", kind="monster")]),
    )
    hero, dragon, orc, mate = s["Hero"], s["Dragon"], s["Orc"], s["Mate"]
    hero.grappled_by, hero.grapple = [orc], grapple.PINNED
    mate.grappled_by, mate.grapple = [hero], grapple.STRUGGLING
    specials.natural_roll(s.table, s.state, dragon, hero, 20)
    assert hero.inside and hero.grapple == "" and hero.grappled_by == []
    assert mate.grappled_by == [] and mate.grapple == ""
    assert any(p.action == "attack" and p.target is dragon for p in round.options(s.state, hero))
    s.dice.push(4, 4)
    holds.squeeze(s.table, s.state, dragon)
    holds.squeeze(s.table, s.state, dragon)  # its second half of the round: no second bite
    assert hero.hp == 50 - 4


def test_item_14_one_grappler_one_hold() -> None:
    """Rules 104, 105: a grappler already holding one foe cannot grapple another (its
    strength is not counted in full against two victims at once)."""
    s = Scene(("A", [pc("H1"), pc("H2")]), ("B", [pc("Orc", kind="monster")]))
    h1, h2, orc = s["H1"], s["H2"], s["Orc"]
    s.dice.push(19)
    grapple.attempt(s.table, s.state, orc, h1)  # the orc holds H1
    assert h1.grappled_by == [orc]
    assert not grapple.can_grapple(s.state, orc, h2)
    assert not any(p.action == "grapple" for p in round.options(s.state, orc))
    h1.grappled_by, h1.grapple = [], ""
    assert grapple.can_grapple(s.state, orc, h2)


def test_item_15_pass_by_free_attacks_only_from_foes_not_in_melee() -> None:
    """Rule 53: passing within 10 ft of foes "not in melee" gives each a free attack; a foe
    busy in melee with the mover's ally gets none."""
    s = Scene(
        ("A", [pc("Mover", position=[40, 0]), pc("Ally", position=[20, 12])]),
        ("B", [pc("Busy", position=[20, 4]), pc("Idle", position=[25, -4])]),
    )
    mover = s["Mover"]
    s.dice.push(6, 1)  # the roll-off with Idle only: the mover wins, no free attack
    moves.pass_by(s.table, s.state, mover, [Position(0, 0), mover.position], set())
    assert [r.foe for r in s.of(RollOff)] == ["Idle"]


def test_policy_no_parry_stalemate() -> None:
    """Issue 29, default tactics: two fighters both nearly dead do not parry each other for
    fifty rounds — parrying is worth it only against a foe who will attack."""
    s = Scene(
        ("A", [pc("Hald", level=2, STR=15, ac=4, shield=True, hp=9)]),
        ("B", [{"name": "Bugbear", "template": "bugbear", "hp": 22, "shield": True}]),
    )
    hald, bug = s["Hald"], s["Bugbear"]
    hald.hp, bug.hp = 2, 2
    policy = OdndPolicy(s.state)
    plans = round.options(s.state, hald)
    pick = policy.choose(ChoiceRequest(hald, "declare target", tuple(plans)))
    assert plans[pick].action == "attack"
    bug.hp = 22  # a healthy foe will strike: then the parry is worth it
    plans = round.options(s.state, hald)
    pick = policy.choose(ChoiceRequest(hald, "declare target", tuple(plans)))
    assert plans[pick].action == "parry"


def test_policy_no_attacks_on_foes_it_cannot_hurt() -> None:
    """Issue 29, default tactics: no attack on a foe its weapon cannot hurt (rule 31) while
    another target exists. (A friend at the hero's side: alone against both, the fight is
    lost and the hero leaves it by the Retreat, issue 34.)"""
    wight = {"name": "Wight", "kind": "monster", "hd": 3, "weapons": ["claws"], "hp": 3,
             "needs": "silver"}  # fmt: skip
    s = Scene(("A", [pc("Hero"), pc("Friend")]), ("B", [wight, pc("Guard", hp=40, ac=2)]))
    hero = s["Hero"]
    plans = round.options(s.state, hero)
    pick = OdndPolicy(s.state).choose(ChoiceRequest(hero, "declare target", tuple(plans)))
    assert plans[pick].target is s["Guard"]


def test_log_names_multipliers_untrained_weapons_and_both_sides() -> None:
    """Issue 29, the log: a multiplied damage shows its multiplier, an untrained weapon says
    so, the "vs N+" line names the target's side (DEX, shield, parry)."""
    s = Scene(
        ("A", [pc("Mage", cls="magic-user", weapons=["battle axe"])]),
        ("B", [pc("Def", ac=5, shield=True, DEX=16)]),
    )
    mage, d = s["Mage"], s["Def"]
    d.parrying = True
    s.dice.push(20, 2)
    attack.resolve(s.table, s.state, mage, d, 0, 0, True, "", multipliers=(2,))
    (a,) = s.of(Attack)
    assert "DEX -2" in a.rules and "shield -1" in a.rules and "parrying -2" in a.rules
    assert "= AC 0" in a.rules and "untrained" in a.rules
    (dmg,) = s.of(Damage)
    assert "×2" in dmg.how and "untrained" in dmg.how


def test_item_04_a_charger_that_passes_set_spears_is_struck() -> None:
    """Rules 79, 83: a charge that runs past a set spear within 10 ft on its way is struck by
    it, though the spearman is not the one charged."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0], move=12)]),
        ("B", [pc("Target", position=[80, 0]),
               pc("Spear", weapons=["spear"], position=[40, 8], facing=[0, -1])]),
    )  # fmt: skip
    runner, spear = s["Runner"], s["Spear"]
    s.state.positional = True
    spear.spear_set = True
    round.adopt(s.table, s.state, runner, Plan(s["Target"], False, "charge"))
    s.dice.push(2, 2)  # the spear misses, then the charge
    round.act(s.table, s.state, runner, runner.attacks_left)
    assert [a.attacker for a in s.of(Attack)] == ["Spear", "Runner"]


def test_log_a_spell_whose_target_fell_says_so() -> None:
    """Issue 29, the log: a spell not cast because its target is down says so (ODD-U32: it is
    not spent)."""
    s = Scene(
        ("A", [pc("Juna", cls="magic-user", weapons=["dagger"], spells=["magic missile"])]),
        ("B", [pc("Orc", kind="monster")]),
    )
    juna, orc = s["Juna"], s["Orc"]
    round.adopt(s.table, s.state, juna, Plan(orc, False, "cast", "magic missile"))
    s.state.casting.append(juna)
    orc.status = Status.DEAD
    magic.resolve_casts(s.table, s.state)
    assert any("down" in e.effect and "magic missile" in e.effect for e in s.of(Effect))
    assert juna.spells == ["magic missile"]


def test_number_appearing_as_dice() -> None:
    """Rule 108, ODD-U46 (issue 29, "not modelled" before): `count: 2d6` builds as many as
    the dice can give; the table rolls the number as round 1 opens and the rest never come."""
    s = Scene(
        ("A", [pc("Hero")]),
        ("B", [{"name": "Orc", "template": "orc", "count": "1d4", "hp": 4}]),
    )
    assert len(s.state.groups["Orc"]) == 4
    s.dice.push(3, 6, 1, 1)  # three appear; initiative; the start morale not needed
    s.choices.push("declare target", *([lambda p: p.action == "parry"] * 4))
    round.play_round(s.table, s.state)
    orcs = [f.name for f in s.state.fighters() if f.side == "B"]
    assert orcs == ["Orc 1", "Orc 2", "Orc 3"] and s.state.group_size["Orc"] == 3
    assert any("3 appear" in e.effect for e in s.of(Effect))


def test_number_appearing_bad_dice_is_a_clear_message() -> None:
    with pytest.raises(EncounterError, match="count"):
        Scene(("A", [pc("Hero")]), ("B", [{"name": "Orc", "template": "orc", "count": "2x"}]))


def test_policy_pursuit_is_a_choice_of_the_pursuer() -> None:
    """Rule 54 rolls the monsters' reaction (rule 134: "roll on Monster Reaction Table"); a
    player character whose foe flees chooses whether to give chase, no dice."""
    s = Scene(("A", [pc("Hero")]), ("B", [{"name": "Orc", "template": "orc", "hp": 4}]))
    hero, orc = s["Hero"], s["Orc"]
    s.choices.push("give chase or let go", lambda o: o == "let go")
    assert not pursuit.begin(s.table, s.state, orc, [hero])
    assert not hero.chasing and s.dice.remaining == 0
