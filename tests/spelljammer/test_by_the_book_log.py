"""Issue 30, "What the log must show": a referee's log — every modifier the damage took, a
spell's damage through PROT, the right segments of a spell that does not fit, a held action
called held, movement without "0.0 sq" steps, wound levels that say whether they cost
anything, a readied shield — each with scripted dice and choices."""

from __future__ import annotations

import re
from typing import Any

from fracas.rulesets.spelljammer import data, decisions
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import (
    Casting,
    Damage,
    GrievousWound,
    Handling,
    Initiative,
    Moved,
    SpellReleased,
    Wounded,
)

from .conftest import Scene, sheet


def at(name: str, x: float, y: float, **kw: Any) -> dict[str, Any]:
    out = sheet(name, x, **kw)
    out["position"] = [x, y]
    return out


def stand(p: Any) -> bool:
    return bool(p.action == "attack" and p.mode == "stand" and not p.sacrifice and not p.extra)


def full(p: Any) -> bool:
    return bool(p.action == "full")


def test_log_damage_shows_every_modifier() -> None:
    """Rules 197, 110: the off hand's −2 is in the damage line, so its sum is the damage
    dealt: 1d8 4 + 4 = 8, −2 off hand = 6, − PROT 1 = 5."""
    off = {"weapon": "longsword", "sc": 112, "rank": 5, "damage": "1d8+4", "offhand": True}
    s = Scene(("A", [at("Lefty", 0, 0, weapons=[off])]),
              ("B", [at("T", 5, 0, PROT={"armour": 1})]))  # fmt: skip
    s.choices.push(decisions.DECLARE, stand, full)
    s.dice.push(5, 50, 4)
    sj_round.play_round(s.table, s.state)
    (dmg,) = s.of(Damage)
    assert dmg.amount == 5
    assert "8 −2 off hand = 6 − PROT 1 = 5" in dmg.text()


def test_log_spell_damage_through_prot() -> None:
    """SJ-U37: a damage spell's PROT is in its line: 2d6+2 (3 + 4 + 2) = 9 − PROT 3 = 6."""
    bolt = {"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK", "damage": "2d6+2"}
    s = Scene(("A", [at("Mage", 0, 0, spells=[bolt], weapons=[])]),
              ("B", [at("T", 20, 0, PROT={"armour": 3})]))  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "cast" and p.mode == "stand", full)
    s.dice.push(9, 3, 4)
    sj_round.play_round(s.table, s.state)
    (released,) = s.of(SpellReleased)
    assert released.amount == 6
    assert "2d6+2 = 9 − PROT 3 = 6 damage" in released.text()


def test_log_a_spell_that_does_not_fit_names_its_segments() -> None:
    """Rules 33–34, SJ-U35: casting time 7 (SK rank 1) begun on 1 would go off on −6: it does
    not fit; next round it starts on 10 and goes off on 3 — the log says so, not "starts on
    10, goes off on 10"."""
    bolt = {"name": "Bolt", "caster": "mage", "rank": 1, "knowledge": "SK", "damage": "2d6"}
    s = Scene(("A", [at("Mage", 0, 0, spells=[bolt], weapons=[])]), ("B", [at("T", 20, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "cast" and p.mode == "stand", full)
    s.dice.push(1)
    sj_round.play_round(s.table, s.state)
    (cast,) = s.of(Casting)
    text = cast.text()
    assert "would start on 1 and go off on -6" in text
    assert "starts on 10 next round and goes off on 3" in text


def test_log_a_held_action_is_labelled_held() -> None:
    """SJ-U34: a held attack starts on 10 without a roll — the line says "held", not a roll
    of 0 on a d10; a held spell is held, not "carried from last round"."""
    s = Scene(("A", [at("Me", 0, 0)]), ("B", [at("T", 5, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "hold", full)
    sj_round.play_round(s.table, s.state)
    s.state.round = 2
    s.choices.push(decisions.DECLARE, stand, full)
    s.dice.push(99)
    sj_round.play_round(s.table, s.state)
    (init,) = s.of(Initiative)
    assert "1d10 0" not in init.text() and "held" in init.text()
    bolt = {"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK", "damage": "2d6"}
    s = Scene(("A", [at("Mage", 0, 0, spells=[bolt], weapons=[])]), ("B", [at("T", 20, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "hold", full)
    sj_round.play_round(s.table, s.state)
    s.state.round = 2
    s.choices.push(decisions.DECLARE, lambda p: p.action == "cast" and p.mode == "stand", full)
    s.dice.push(3, 3)
    sj_round.play_round(s.table, s.state)
    (cast,) = s.of(Casting)
    assert "held" in cast.text() and "carried" not in cast.text()


def test_log_movement_without_zero_steps() -> None:
    """SJ-U2: each step is shown as covered — no "0.0 sq" step, and the figures shown add
    up to the squares moved (½ TMR 5 = 2.5 squares: 0.25 a segment, not "0.2")."""
    s = Scene(("A", [at("Mover", 0, 0)]), ("B", [at("T", 20, 0)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "move", full)
    s.dice.push(8, 99)
    sj_round.play_round(s.table, s.state)
    steps = [e for e in s.of(Moved) if e.who == "Mover" and "free move" not in e.how]
    shown = [float(re.search(r" ([0-9.]+) sq toward", e.text()).group(1)) for e in steps]
    assert steps and all(x > 0 for x in shown)
    assert abs(sum(shown) - s["Mover"].moved) < 0.01


def test_log_wound_labels_say_what_they_cost() -> None:
    """Rules 87–94, SJ-U17: a fighter of 18 hit points starts "badly wounded" (20 or fewer):
    the level costs nothing until it reaches the next — the label says so; a fighter of 60
    down to 20 is badly wounded at −10, and the label gives the −10."""
    s = Scene(("A", [at("Me", 0, 0)]), ("B", [at("Small", 5, 0, hp=18), at("Big", 0, 5)]))
    hold = lambda p: p.action == "hold"  # noqa: E731
    s.choices.push(decisions.DECLARE, lambda p: stand(p) and p.target.name == "Small", hold)
    s.choices.push(decisions.DECLARE, hold)
    s.dice.push(5, 50, 2)  # 2 + 4 = 6: Small 12/18
    sj_round.play_round(s.table, s.state)
    (w,) = s.of(Wounded)
    assert "badly wounded" in w.text() and "no modifier" in w.text()
    s = Scene(("A", [at("Me", 0, 0, weapons=[{"weapon": "longsword", "sc": 112, "rank": 5,
                                              "damage": "40"}])]),
              ("B", [at("Big", 5, 0)]))  # fmt: skip
    s.choices.push(decisions.DECLARE, stand, hold)
    s.dice.push(5, 50)
    sj_round.play_round(s.table, s.state)
    (w,) = s.of(Wounded)
    assert "badly wounded (−10)" in w.text()


def test_log_readying_a_shield_is_narrated() -> None:
    """Rule 155, SJ-U31: readying a slung shield says so, and when it counts."""
    s = Scene(("A", [at("Me", 0, 0, shield_slung=True, DEF={"shield": 15})]),
              ("B", [at("T", 60, 0)]))  # fmt: skip
    s.choices.push(decisions.DECLARE, lambda p: p.action == "shield", full)
    sj_round.play_round(s.table, s.state)
    said = [e.text() for e in s.of(Handling)]
    assert any("readies its shield" in t and "next round" in t for t in said)


def test_grievous_wound_vocabulary_dex_and_an_arm(monkeypatch: Any) -> None:
    """SJ-U13, P10 (issue 30): a grievous-wound row can say every effect the campaign's rows
    name — hit points now, bleeding, TMR, DEX lost and a disabled arm — so a GM can paste a
    table: here a crush row "−4 DEX, the primary arm disabled". DEX 12 → 8 (IM by P2: 0 →
    −2), and the weapon arm is lost: it fights with the other hand (−20 SC, −2 damage)."""
    row = {"to": 100, "hp": 2, "bleed": 0, "tmr": 0, "dex": -4, "arm": "primary",
           "words": "a shattered sword arm"}  # fmt: skip
    monkeypatch.setitem(data.tables()["grievous_wounds"], "C", [row])
    mace = {"weapon": "mace", "sc": 112, "rank": 5, "damage": "1d8+4"}
    s = Scene(("A", [at("Basher", 0, 0, weapons=[mace])]),
              ("B", [at("T", 5, 0, DEX=12, IM=None)]))  # fmt: skip
    s.choices.push(decisions.DECLARE, stand, lambda p: p.action == "hold")
    s.dice.push(5, 1, 4, 5, 50)  # initiative 5; 01 grievous; 1d8 4; chance 5 ≤ 10; face 50
    sj_round.play_round(s.table, s.state)
    t = s["T"]
    assert t.hp == 60 - 16 - 2  # (4 + 4) × 2, + 2 from the wound
    assert (t.dex, t.im) == (8, -2)
    assert t.weapon.offhand
    (wound,) = s.of(GrievousWound)
    assert "−4 DEX" in wound.text() and "primary arm disabled" in wound.text()


def test_grievous_wound_rows_unsourced_are_marked() -> None:
    """SJ-U13: the rows not from the campaign's table stay marked PLACEHOLDER in the data."""
    rows = data.tables()["grievous_wounds"]
    sourced = [r for cls in rows.values() for r in cls if "PLACEHOLDER" not in str(r)]
    assert len(sourced) == 2  # the two Puncture rows of P10
