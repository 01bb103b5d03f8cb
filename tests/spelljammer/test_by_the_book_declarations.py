"""Issue 30, "Spelljammer by the book", the part its first pass left open: the declarations
the seed prints and the engine did not offer (rules 212, 216–219; P3, P8; SJ-U41, SJ-U42),
a plain withdraw or flee, a monster that waits, and the default tactics it names — each with
scripted dice and choices (seed 004, checklist `checklists/spelljammer.md`, RULINGS.md §5)."""

from __future__ import annotations

from typing import Any

from fracas.core.combatant import Status
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.spelljammer import decisions, options
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import Attack, Initiative, Moved
from fracas.rulesets.spelljammer.policy import SjPolicy

from .conftest import Scene, def40, sheet

BOW: dict[str, Any] = {"weapon": "longbow", "sc": 90, "rank": 5}


def at(name: str, x: float, y: float, **kw: Any) -> dict[str, Any]:
    out = sheet(name, x, **kw)
    out["position"] = [x, y]
    return out


def shot_at(target_sheet: dict[str, Any], plan: Any, dice: tuple[int, ...]) -> tuple[Scene, Attack]:
    """An archer 60 ft away shooting at `target_sheet`, which declares `plan`; the archer's
    initiative 9 and `dice` for the rest."""
    s = Scene(("A", [at("Archer", 0, 0, weapons=[BOW])]), ("B", [target_sheet]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, plan)
    s.dice.push(9, *dice)
    sj_round.play_round(s.table, s.state)
    (shot,) = [e for e in s.of(Attack) if e.attacker == "Archer"]
    return s, shot


def test_rule_216_a_sprinting_target() -> None:
    """Rule 216, P3: sprinting (3× TMR) is a declaration; missiles at the sprinter −20, and it
    keeps DEF from DEX and magic only (P3: "sprint 3× (1d6 NL/round; DEX + magic only)")."""
    target = at("Runner", 60, 0, TMR=6, DEF={"dex": 10, "skill": 15, "shield": 15,
                                             "magic_other": 5})  # fmt: skip
    s, shot = shot_at(target, lambda p: p.action == "flee" and p.mode == "sprint", (99, 3))
    assert "-20 target sprinting" in shot.rules
    assert shot.defence == 15  # DEX 10 + magic 5: no skill, no shield
    assert s["Runner"].allowance == 18  # 3 × TMR 6


def test_rule_217_a_fast_sprinting_target() -> None:
    """Rule 217, P3: fast sprinting (4× TMR): missiles −30; magic DEF only."""
    target = at("Runner", 60, 0, TMR=6, DEF={"dex": 10, "skill": 15, "magic_always": 5})
    s, shot = shot_at(target, lambda p: p.action == "flee" and p.mode == "fast_sprint", (99, 4, 4))
    assert "-30 target fast sprinting" in shot.rules
    assert shot.defence == 5
    assert s["Runner"].allowance == 24


def test_p3_p8_sprinting_tires_and_can_fell() -> None:
    """P3: a sprint costs 1d6 non-lethal damage a round, a fast sprint 2d6; P8 (PROPOSED): the
    sprinter drops when lethal + NL damage reach its maximum hit points. Runner, 10 of 24 hit
    points left (14 lethal), sprints and rolls 6 NL: 20 < 24; then fast sprints and rolls 6 + 6:
    14 + 18 = 32 ≥ 24, it drops."""
    s = Scene(("A", [at("Runner", 0, 0, hp=24, current_hp=10)]), ("B", [at("Foe", 400, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "advance" and p.mode == "sprint")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(6)
    sj_round.play_round(s.table, s.state)
    assert s["Runner"].nl == 6 and s["Runner"].active
    s.state.round = 2
    s.choices.push(decisions.DECLARE, lambda p: p.action == "advance"
                   and p.mode == "fast_sprint")  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(6, 6)
    sj_round.play_round(s.table, s.state)
    assert s["Runner"].nl == 18
    assert s["Runner"].status is Status.DOWN


def test_rule_218_a_dodging_target_counted_once() -> None:
    """Rule 218, SJ-U41: dodging is a declaration (no attacks); missiles at the dodger −20,
    counted once (not also P3's +20 DEF), and it is not a stationary target."""
    target = at("Dodger", 60, 0, DEF=def40())
    s, shot = shot_at(target, lambda p: p.action == "dodge", (99,))
    assert "-20 target dodging" in shot.rules
    assert "stationary" not in shot.rules
    assert shot.defence == 40
    assert [e for e in s.of(Attack) if e.attacker == "Dodger"] == []


def test_rule_219_a_moving_mount_added_on_top() -> None:
    """Rule 219, SJ-U42: a rider (`mounted`) whose declaration moves it is on a moving mount:
    −10 on top of its movement (running −10)."""
    target = at("Rider", 60, 0, mounted=True, TMR=12)
    _, shot = shot_at(target, lambda p: p.action == "flee" and p.mode == "run", (99,))
    assert "-10 target running" in shot.rules
    assert "-10 target on a moving mount" in shot.rules


def test_rule_219_a_halted_mount_is_no_penalty() -> None:
    """Rule 219: a rider standing its ground is not on a moving mount."""
    target = at("Rider", 60, 0, mounted=True)
    _, shot = shot_at(target, lambda p: p.action == "full", (99,))
    assert "moving mount" not in shot.rules


def test_rule_212_an_exceptionally_fast_target() -> None:
    """Rule 212: "the GM may assess a higher penalty for exceptionally fast targets": the
    sheet's `fast_target` (the GM's figure) on top of a running or faster target's modifier;
    not while it stands."""
    target = at("Hound", 60, 0, fast_target=15, TMR=10)
    _, shot = shot_at(target, lambda p: p.action == "flee" and p.mode == "run", (99,))
    assert "-15 exceptionally fast target" in shot.rules
    target = at("Hound", 60, 0, fast_target=15, TMR=10)
    _, shot = shot_at(target, lambda p: p.action == "full", (99,))
    assert "exceptionally fast" not in shot.rules


def test_withdraw_from_melee_is_a_declaration() -> None:
    """Rule 202, SJ-U39: a plain withdrawal (no attacks, ½ TMR away from the foes) — the
    engaged opponent gets its free attack as the step takes the withdrawer out of reach."""
    s = Scene(("A", [at("Coward", 0, 0, TMR=6)]), ("B", [at("Brute", 5, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "flee" and p.mode == "walk")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.dice.push(1, 99)  # the Brute's attack on 1; its free attack on 10 misses
    sj_round.play_round(s.table, s.state)
    free = s.of(Attack)[0]
    assert (free.attacker, free.target, free.number) == ("Brute", "Coward", 0)
    moved = [e for e in s.of(Moved) if e.who == "Coward"]
    assert moved and all("away" in e.how for e in moved)
    assert s["Coward"].position.x < 0
    assert abs(s["Coward"].moved - 6) < 1e-6  # TMR 6 (walking, P3)


def test_flee_leaves_the_battle() -> None:
    """A fleer that ends its round beyond every able foe's reach for the next (a run up, 2×
    TMR, and a step; a missile's range) has left the fight (`fled`)."""
    s = Scene(("A", [at("Coward", 0, 0, TMR=10)]), ("B", [at("Slow", 30, 0, TMR=4)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "flee" and p.mode == "run")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    sj_round.play_round(s.table, s.state)
    assert s["Coward"].status is Status.FLED  # 30 + 100 ft = 26 squares > 2 × 4 + 1.5
    s2 = Scene(("A", [at("Coward", 0, 0, TMR=4)]), ("B", [at("Fast", 30, 0, TMR=12)]))
    s2.choices.push(decisions.DECLARE, lambda p: p.action == "flee" and p.mode == "run")
    s2.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    sj_round.play_round(s2.table, s2.state)
    assert s2["Coward"].status is Status.ACTIVE  # 14 squares ≤ 2 × 12 + 1.5


def test_a_waiting_monster_holds_until_a_foe_comes() -> None:
    """SJ-U34, F-SJ-48: a monster set to wait (`waits`) holds its action, under the default
    policy, while no foe can be attacked this round; once one can, it attacks."""
    s = Scene(("A", [at("Hero", 0, 0)]), ("B", [at("Lurker", 100, 0, waits=True)]))
    policy = SjPolicy(s.state)
    lurker = s["Lurker"]
    plans = options.plans(s.state, lurker, None, None)
    best = max(plans, key=lambda p: policy._plan(lurker, p))
    assert best.action == "hold"
    s["Hero"].position = Position(100 * 0.3048 - 2 * 1.524, 0.0)
    plans = options.plans(s.state, lurker, None, None)
    best = max(plans, key=lambda p: policy._plan(lurker, p))
    assert best.action == "attack"


def test_tactic_no_shot_into_melee_worse_for_friend_than_foe() -> None:
    """Issue 30's tactics, rules 245–256: the default archer does not shoot into a melee where
    the odds of hitting its friend exceed the odds of hitting the foe: one friend, three foes
    round it (row 1F3O: 10 %) — with the foe's DEF so high that a hit is rarer than 10 %."""
    s = Scene(
        ("A", [at("Archer", -60, 0, weapons=[BOW]), at("Friend", 0, 0, hp=200)]),
        ("B", [
            at("Wall", 5, 0, DEF={"dex": 40, "skill": 40, "shield": 30, "magic_other": 0}),
            at("O2", 0, 5), at("O3", 0, -5),
        ]),
    )  # fmt: skip
    policy = SjPolicy(s.state)
    archer = s["Archer"]
    plans = [p for p in options.plans(s.state, archer, None, None)
             if p.action == "attack" and p.target.name == "Wall"]  # fmt: skip
    assert plans and all(policy._plan(archer, p) < 0 for p in plans)


def test_sj_u6_no_declaration_reads_another_of_the_same_round() -> None:
    """SJ-U6, F-SJ-6: declarations read only the state before the round. A declares Full
    Defense before B (the default policy) chooses: B must weigh A's DEF as it stood (40, below
    C's 50), not with the Full Defense A has just declared (58)."""
    s = Scene(
        ("X", [at("A", 5, 0, DEF=def40()), at("C", 0, 5, DEF={"dex": 10, "skill": 40})]),
        ("Y", [at("B", 0, 0)]),
    )
    policy = SjPolicy(s.state)
    s.table = Table(s.dice, {"X": s.choices, "Y": policy}, sink=s.events.append)
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    sj_round.begin(s.state)
    sj_round.declare(s.table, s.state)
    plan = s["B"].plan
    assert plan is not None and plan.target is not None and plan.target.name == "A"


# --- Where the rules meet ---------------------------------------------------------------------


def test_flee_meets_two_on_one_and_a_desperate_defender() -> None:
    """Rules 202, 204, 208 with the plain withdrawal: fleeing from two foes — one attacking
    only the fleer's ally (two on one: no free attack), one in Desperate Defense (none) — and a
    third attacking the fleer, which strikes as it goes."""
    s = Scene(
        ("A", [at("Coward", 0, 0, TMR=6), at("Ally", 0, 10)]),
        ("B", [at("OnAlly", 5, 5), at("Desperate", -5, 0), at("Striker", 0, -5)]),
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "flee" and p.mode == "run")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.target.name == "Ally"
                   and p.mode == "stand" and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack"
                   and p.target.name == "Coward" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.SWITCH, lambda t: t.name == "Ally")
    s.dice.push(1, 1, 99)  # OnAlly and Striker on 1; Striker's free attack misses
    s.dice.push(99)  # OnAlly's attack on the Ally, on 1, misses
    sj_round.play_round(s.table, s.state)
    free = [e for e in s.of(Attack) if e.number == 0]
    assert [(e.attacker, e.target) for e in free] == [("Striker", "Coward")]


def test_a_waiting_monster_strikes_on_10_from_its_held_action() -> None:
    """The waiting monster meets SJ-U34: it holds while the Hero runs up and attacks (a hold
    is no readied strike: the Hero's blow falls first); next round, the Hero in reach, its
    first attack starts on 10 without a roll — before the Hero's."""
    s = Scene(("A", [at("Hero", 0, 0, TMR=6)]), ("B", [at("Lurker", 30, 0, waits=True)]))
    policy = SjPolicy(s.state)
    s.table = Table(s.dice, {"A": s.choices, "B": policy}, sink=s.events.append)
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "run")
    s.dice.push(9, 99)  # Hero: 9 − 7 = 2; misses
    sj_round.play_round(s.table, s.state)
    assert s["Lurker"].held and [e.attacker for e in s.of(Attack)] == ["Hero"]
    s.state.round = 2
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.dice.push(3, 99, 99)  # Hero on 3; the Lurker on 10 (held): both miss
    sj_round.play_round(s.table, s.state)
    assert [e.attacker for e in s.of(Attack)] == ["Hero", "Lurker", "Hero"]
    held = [e for e in s.of(Initiative) if e.who == "Lurker"]
    assert [(e.die, e.segment) for e in held] == [("held", 10)]


def test_dodging_meets_careful_aim() -> None:
    """Rules 218, 220 together: the aimer's +15 and the dodger's −20 are both on the shot;
    the dodger is not stationary, so no +10."""
    s = Scene(("A", [at("Archer", 0, 0, weapons=[BOW])]), ("B", [at("Dodger", 60, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "aim")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "dodge")
    sj_round.play_round(s.table, s.state)  # one attack, aiming: the aim carries (SJ-U43)
    s.state.round = 2
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "dodge")
    s.dice.push(9, 99)
    sj_round.play_round(s.table, s.state)
    (shot,) = s.of(Attack)
    assert "+15 Careful Aim" in shot.rules and "-20 target dodging" in shot.rules
    assert "stationary" not in shot.rules


# --- The default tactics -----------------------------------------------------------------------


def best_plan(s: Scene, name: str) -> Any:
    policy = SjPolicy(s.state)
    me = s[name]
    return max(options.plans(s.state, me, None, None), key=lambda p: policy._plan(me, p))


def test_tactic_drinks_a_potion_when_hurt() -> None:
    """Issue 30's tactics, rules 157–159: hurt (half its hit points or less), carrying a
    potion, not in melee: it drinks; unhurt, it does not."""
    potion = [{"name": "Healing", "heal": "2d4+2"}]
    s = Scene(("A", [at("Me", 0, 0, current_hp=25, potions=potion)]), ("B", [at("Foe", 100, 0)]))
    plan = best_plan(s, "Me")
    assert plan.action == "drink" or plan.extra == "potion"
    s = Scene(("A", [at("Me", 0, 0, current_hp=50, potions=potion)]), ("B", [at("Foe", 100, 0)]))
    plan = best_plan(s, "Me")
    assert plan.action != "drink" and plan.extra != "potion"


def test_tactic_readies_a_slung_shield_before_melee() -> None:
    """Issue 30's tactics, rule 155: with its shield slung and no foe in reach yet, it readies
    the shield rather than run at the foe (30 ft off: a run and attack would reach it)."""
    s = Scene(
        ("A", [at("Me", 0, 0, shield_slung=True, DEF={"shield": 15})]),
        ("B", [at("Foe", 30, 0)]),
    )
    plan = best_plan(s, "Me")
    assert plan.action == "shield" or plan.extra == "shield"
