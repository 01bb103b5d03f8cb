"""Stage 2: cover as an object (rules 103-106; SAM-A42; T-SAM-14, a fracas example)."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.errors import EncounterError
from fracas.rulesets.semiautomagic import attack, decisions
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo

from .conftest import Scene, human


def _behind(cover: str, obj: dict[str, int], skill: int = 2, **kw: Any) -> Scene:
    ada = human("Ada", position=[0, 0], skills={"weapon": skill, "perception": 0})
    bo = human("Bo", position=[1.5, 0], cover=cover, cover_object=obj)
    return Scene(("A", [ada]), ("B", [bo]), **kw)


def _swing(s: Scene) -> attack.Swing:
    ada, bo = s["Ada"], s["Bo"]
    sit = attack.situation(s.state, ada, bo, ada.wielded, False)
    assert sit is not None
    swing = attack.Swing(bo, sit)
    attack.resolve(s.table, s.state, ada, ada.wielded, [swing])
    return swing


def test_t_sam_14_cover_toughness_is_an_objects() -> None:
    s = _behind("light", {"durability": 2})
    obj = s["Bo"].cover_object
    assert obj is not None and (obj.toughness, obj.minimum) == (11, 5)  # 6 + 0 + 3 + 2


def test_t_sam_14_sam_a42_the_cover_is_hit_at_target_minus_its_bonus() -> None:
    s = _behind("light", {"durability": 2})  # Bo's Target 4 + 1 (light)
    s.dice.push(3, 1)  # 3 + 1 = 4 >= 5 - 1: the cover; damage 1 + 3 = 4, not above 5
    swing = _swing(s)
    assert swing.result == "hit the cover" and s.of(geo.CoverStruck)[0].what == "holds"
    s.dice.push(2)  # 2 + 1 = 3 < 4: misses both (no damage rolled)
    swing = _swing(s)
    assert swing.result == "miss" and len(s.of(geo.CoverStruck)) == 1
    assert s.dice.remaining == 0 and s["Bo"].wounds == 0


def test_t_sam_14_a_hit_on_the_target_goes_round_the_cover() -> None:
    s = _behind("light", {"durability": 2})
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(4, 1)  # 4 + 1 = 5 >= 5: Bo himself; 4 damage
    _swing(s)
    assert not s.of(geo.CoverStruck) and s["Bo"].wounds == 1


def test_t_sam_14_beating_the_covers_toughness_steps_it_down_and_goes_on() -> None:
    s = _behind("medium", {"durability": 3, "toughness": 8})  # cover 8/2
    bo = s["Bo"]
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "no defence")
    s.dice.push(3, 6)  # 3 + 1 = 4 >= 6 - 2: the cover; 6 + 3 = 9 >= 8: beaten
    swing = _swing(s)
    assert bo.cover == "light"  # rule 104: medium → light
    assert "goes on" in s.of(geo.CoverStruck)[0].what
    struck = s.of(ev.Struck)[0]
    # rule 105: Durability 3 as Bo's Defence (his own is 0): 9 against 12/6 is a wound, where
    # against 9/3 it would start dying; no new attack roll was made
    assert (struck.toughness, struck.minimum, struck.effect) == (12, 6, "wound")
    assert bo.wounds == 1 and not bo.dying and swing.result == "wound"
    assert len(s.of(ev.AttackRolled)) == 1


def test_t_sam_14_the_target_behind_may_defend_the_attack_that_goes_on() -> None:
    s = _behind("medium", {"durability": 3, "toughness": 8})
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "dodge")
    s.dice.push(3, 6, 5)  # the cover beaten; Bo's dodge 5 + 1 >= 4 + 1
    swing = _swing(s)
    assert swing.result == "dodged" and s["Bo"].wounds == 0


def test_t_sam_14_a_wound_to_the_cover_reaches_the_target_at_minus_3() -> None:
    s = _behind("light", {"durability": 2})  # cover 11/5
    bo = s["Bo"]
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(3, 4)  # the cover; 7 > 5: a wound on it; 7 - 3 = 4 reaches Bo
    _swing(s)
    obj = bo.cover_object
    assert obj is not None and (obj.toughness, obj.minimum) == (10, 4)
    assert s.of(ev.Struck)[0].damage == 4 and bo.wounds == 1
    assert bo.cover == "light"  # not beaten: no step down


def test_option_cover_wound_hits_target_off() -> None:
    s = _behind("light", {"durability": 2}, options={"cover_wound_hits_target": False})
    s.dice.push(3, 4)
    _swing(s)
    assert s["Bo"].wounds == 0 and not s.of(ev.Struck)


def test_rule_102_total_cover_every_attack_goes_through_the_cover() -> None:
    s = _behind("total", {"durability": 0, "toughness": 12}, skill=6)  # Target 4 + 4
    bo = s["Bo"]
    s.dice.push(5, 6, 1)  # located (DC 4); 6 + 3 = 9 >= 8, yet the cover is hit; 4 damage
    swing = _swing(s)
    assert swing.result == "hit the cover" and s.of(geo.CoverStruck)
    assert bo.wounds == 0


def test_a_beaten_cover_at_none_is_gone() -> None:
    s = _behind("light", {"durability": 0, "toughness": 4})
    bo = s["Bo"]
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(3, 1)  # the cover; 4 >= 4: beaten, light → none
    _swing(s)
    assert bo.cover == "none" and bo.cover_object is None


def test_a_cover_object_needs_cover() -> None:
    doc = {
        "ruleset": "semiautomagic",
        "sides": [
            {"name": "A", "combatants": [human("Ann", cover_object={"durability": 1})]},
            {"name": "B", "combatants": [human("Bob")]},
        ],
    }
    with pytest.raises(EncounterError, match="cover_object but cover: none"):
        fracas.from_document(doc)


def test_option_cover_hit_literal_misses_by_less_than_the_bonus() -> None:
    s = _behind("light", {"durability": 2}, options={"cover_hit_literal": True})
    s.dice.push(3)  # 3 + 1 = 4 misses Target 5 by 1, not less than the bonus 1: both missed
    assert _swing(s).result == "miss" and not s.of(geo.CoverStruck)
    s = _behind("medium", {"durability": 2}, options={"cover_hit_literal": True})
    s.dice.push(4, 1)  # 4 + 1 = 5 misses Target 6 by 1 < 2: the cover; 4 damage holds
    assert _swing(s).result == "hit the cover"
