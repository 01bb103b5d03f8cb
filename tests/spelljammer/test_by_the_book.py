"""Issue 30, "Spelljammer by the book": each numbered outcome that was wrong, with scripted
dice and choices (seed 004, checklist `checklists/spelljammer.md`, RULINGS.md §5)."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.spelljammer import decisions, hitting, initiative, options, sight, surprise
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import ActionLost, Attack

from .conftest import Scene, def40, sheet

BOW: dict[str, Any] = {"weapon": "longbow", "sc": 90, "rank": 5}


def at(name: str, x: float, y: float, **kw: Any) -> dict[str, Any]:
    out = sheet(name, x, **kw)
    out["position"] = [x, y]
    return out


def attacks_by(s: Scene, who: str) -> list[Attack]:
    return [e for e in s.of(Attack) if e.attacker == who]


def test_item_01_multiple_attackers_all_alike() -> None:
    """Rule 168, T-SJ-8: "if three people are attacking a single target, all three attackers
    each get a +20 to their SC" — whatever segment each attack falls on."""
    s = Scene(
        ("A", [at("A1", 0, 0), at("A2", 0, 5), at("A3", 0, -5)]),
        ("B", [at("T", 5, 0)]),
    )
    for _ in range(3):
        s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(8, 5, 2, 99, 99, 99)  # initiative 8, 5, 2; three misses
    sj_round.play_round(s.table, s.state)
    assert [e.sc for e in s.of(Attack)] == [132, 132, 132]
    assert all("+20 multiple attackers" in e.rules for e in s.of(Attack))


def test_item_02_an_unaware_target_is_unaware() -> None:
    """Rules 98–100: a target surprised out of combat does not act before its surpriser's
    attack, and its own attack does not spend the surprise (+25, only always-on magic)."""
    s = Scene(
        ("A", [at("Thief", 0, 0)]),
        ("B", [at("Sentry", 5, 0, DEF=def40(), unaware="out_of_combat")]),
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.dice.push(3, 9, 99)  # Thief on 3, Sentry on 9; the Thief misses
    sj_round.play_round(s.table, s.state)
    assert attacks_by(s, "Sentry") == []
    lost = [e for e in s.of(ActionLost) if e.who == "Sentry"]
    assert lost and "unaware" in lost[0].reason
    (thief,) = attacks_by(s, "Thief")
    assert (thief.sc, thief.defence) == (137, 0)


def test_item_03_surprise_belongs_to_the_attack() -> None:
    """Rules 96–97, 100: in-combat surprise is "not expecting this particular attack": the
    target's own melee opponent gets no surprise and does not spend it, nor does the target's
    own attack; the attacker it did not expect gets +10 and half DEF."""
    s = Scene(
        ("A", [at("Foe", 0, 0), at("Sneak", 5, 5)]),
        ("B", [at("T", 5, 0, DEF=def40(), unaware="in_combat")]),
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and p.target.name == "Foe" and not p.sacrifice)  # fmt: skip
    s.dice.push(8, 4, 9, 99, 99, 99)  # Foe on 8, Sneak on 4, T on 9; all miss
    sj_round.play_round(s.table, s.state)
    (foe,) = attacks_by(s, "Foe")
    (sneak,) = attacks_by(s, "Sneak")
    assert (foe.sc, foe.defence) == (122, 40)  # two attackers: +10; no surprise
    assert (sneak.sc, sneak.defence) == (132, 20)  # +10 two attackers, +10 surprise; ½ DEF


def test_item_04_the_segments_state() -> None:
    """F-SJ-1, F-SJ-38: attacks on one segment resolve against the state at its start — the
    order the fighters are listed in never changes a modifier. A1 turns from a fallen foe
    onto T on the segment A2 strikes T: A2's bonus is what it was as the segment began."""

    def sc_of_a2(names: list[str]) -> int:
        where = {"A1": (0, 0), "A2": (0, 5)}
        s = Scene(
            ("A", [*(at(n, *where[n]) for n in names), at("Killer", -10, 0)]),
            ("B", [at("T", 5, 0), at("Gone", -5, 0, hp=1)]),
        )
        for n in names:
            target = "Gone" if n == "A1" else "T"
            s.choices.push(
                decisions.DECLARE,
                lambda p, t=target: (
                    p.action == "attack"
                    and p.target.name == t
                    and p.mode == "stand"
                    and not p.sacrifice
                ),
            )
        s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                       and not p.sacrifice)  # fmt: skip
        s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
        s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
        s.choices.push(decisions.RETARGET, lambda t: t.name == "T")
        s.dice.push(5, 5, 7, 50, 5, 99, 99)  # initiative; Killer fells Gone on 7; two misses
        sj_round.play_round(s.table, s.state)
        assert not s["Gone"].active
        return attacks_by(s, "A2")[0].sc

    assert sc_of_a2(["A1", "A2"]) == sc_of_a2(["A2", "A1"]) == 112


def test_item_05_ignoring_a_desperate_defender() -> None:
    """Rule 194: the attacker "can simply ignore the desperately defending character and take
    some other action" — as against a Full Defender, it may turn on another opponent."""
    s = Scene(("A", [at("Me", 0, 0)]), ("B", [at("Wall", 5, 0), at("Soft", 0, 5)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.target.name == "Wall"
                   and p.mode == "stand" and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.choices.push(decisions.SWITCH, lambda t: t.name == "Soft")
    s.dice.push(5, 99)
    sj_round.play_round(s.table, s.state)
    (attack,) = attacks_by(s, "Me")
    assert attack.target == "Soft"


def test_item_06_wound_modifiers_on_per_rolls() -> None:
    """Rule 87, SJ-U16: wound modifiers apply to every d100 the character rolls, PER for
    sight and ambush included: PER 12, badly wounded (−10), d100 20 → 30 → 3×, not 2×."""
    s = Scene(
        ("A", [at("Me", 0, 0, PER=12, hp=60, current_hp=15)]),
        ("B", [at("Ghost", 5, 0, invisible=True)]),
    )
    assert hitting.wound_modifier(s["Me"]) == -10
    s.dice.push(20)
    sight.roll_sight(s.table, s.state)
    assert s["Me"].sight == 3
    s = Scene(
        ("Party", [at("Me", 0, 0, PER=12, hp=60, current_hp=15)]),
        ("Bandits", [at("Bandit", 5, 0)]),
        conditions={"ambush": {"by": "Bandits"}},
    )
    s.state.surprise_round = True
    s.dice.push(20)
    surprise.roll_ambush(s.table, s.state)
    assert s["Me"].ambush_band == 3


def test_item_07_darkvision_does_not_see_the_invisible() -> None:
    """Rules 163–165: "cannot see the other, or otherwise know where they are with a
    targeting sense": darkvision defeats darkness, not invisibility."""
    s = Scene(
        ("A", [at("Elf", 0, 0, darkvision=True), at("Bat", 0, 5, targeting_sense=True)]),
        ("B", [at("Ghost", 5, 0, invisible=True)]),
    )
    assert not sight.sees(s["Elf"], s["Ghost"])
    assert sight.sees(s["Bat"], s["Ghost"])
    s.dice.push(99)
    sight.roll_sight(s.table, s.state)
    assert hitting.strike_chance(s.state, s["Elf"], s["Ghost"], None) == 112 - 40


def test_item_08_careful_aim_costs_what_the_seed_says() -> None:
    """Rules 220–223: Careful Aim loses DEX and Defense-skill DEF and an attack; no movement
    (+3 initiative, −20 DEF) is an option the archer may add, not forced on it."""
    s = Scene(("A", [at("Archer", 0, 0, weapons=[BOW], attacks=2, DEF=def40())]),
              ("B", [at("T", 50, 0)]))  # fmt: skip
    archer = s["Archer"]
    aims = [p for p in options.plans(s.state, archer, None, None) if p.action == "attack"
            and p.mode.startswith("aim")]  # fmt: skip
    assert {p.still for p in aims} == {False, True}
    plain = next(p for p in aims if not p.still)
    assert initiative.modifiers(plain)[0] == 0
    assert initiative.kept_attacks(2, plain.mode) == 1
    archer.plan = plain
    assert hitting.defence(s.state, archer, s["T"], 5, None) == 15  # the shield only
    still = next(p for p in aims if p.still)
    assert initiative.modifiers(still)[0] == 3
    archer.plan = still
    assert hitting.defence(s.state, archer, s["T"], 5, None) == 15 - 20


def test_item_09_the_push_goes_any_direction() -> None:
    """Rules 192–193: the attacker forces the desperate defender "up to 10 feet in any
    direction, even off the side of a cliff": the pusher chooses the direction."""
    s = Scene(
        ("A", [at("Me", 0, 0)]),
        ("B", [at("D", 5, 0)]),
        conditions={"hazards": [{"name": "cliff", "at": [5, 10], "radius": 2, "damage": "3d6"}]},
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand"
                   and not p.sacrifice)  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate" and p.mode == "stand")
    s.choices.push(decisions.PUSH, lambda o: "north" in str(o))
    s.dice.push(5, 99, 4, 4, 4)  # initiative 5; a miss; the cliff's 3d6
    sj_round.play_round(s.table, s.state)
    d = s["D"].position
    assert (round(d.x / 0.3048, 3), round(d.y / 0.3048, 3)) == (5.0, 10.0)
    assert s["D"].hp == 60 - 12


def test_item_10_ammunition_is_spent() -> None:
    """Rules 238–243 and the seed's missiles: a thrown javelin is gone until picked up (it is
    not thrown again next round); a quiver counts down."""
    javelin = {"weapon": "javelin", "sc": 80, "rank": 3}
    s = Scene(("A", [at("Me", 0, 0, weapons=[javelin])]), ("B", [at("T", 20, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(5, 99)
    sj_round.play_round(s.table, s.state)
    assert len(attacks_by(s, "Me")) == 1
    me = s["Me"]
    assert not me.armed
    assert not [p for p in options.plans(s.state, me, None, None) if p.action == "attack"]
    quiver = BOW | {"ammo": 1}
    s = Scene(("A", [at("Me", 0, 0, weapons=[quiver], attacks=2)]), ("B", [at("T", 50, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(7, 3, 99)  # two shots scheduled; one arrow
    sj_round.play_round(s.table, s.state)
    assert len(attacks_by(s, "Me")) == 1
    lost = [e for e in s.of(ActionLost) if e.who == "Me"]
    assert lost and "arrows" in lost[0].reason
    assert s["Me"].weapon.ammo == 0
