"""SemiAutoMagic (seed 000, "Chapter 3: Combat", RULINGS.md §1, checklist semiautomagic.md),
stage 1: six seconds a turn, squares scaled by Scale, the three-roll attack, combos, wounds
and dying.

Module map: `model` (encounter schema), `data` (tables), `setup` (stat block → fighter, the
derivations), `state`, `space` (the Scale grid on the plane), `moves` (move, run, crawl),
`attack` (the three steps, situational modifiers, defences), `harm` (wounds, dying, death),
`actions` (what a turn may spend its seconds on), `turn` (the seconds clock and the hook
between actions), `round` (initiative, late arrivals), `commands` (the GM's commands),
`policy` (default tactics), `decisions`, `events`, `odds` (the exact odds of one attack).
Stage 2: `called` (called shots), `morale`, `possession` and `departure` (leaving a body),
`mind`, `confusion` and `wander` (panic, confusion, rage, sleep in a turn), `experience`
(XP and levels after the fight), `odds_mind` (a possession check's and a veto's odds).
Stage 2, movement and hazards: `mounted` (mounts, pace, speed damage), `falling` (falls and
collisions), `poison` (syndromes), `exposure` (radiation, gas, EMP), `hazard_model` (their
encounter fields).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from fracas.core.combatant import Combatant, Side, Status, roster
from fracas.core.controllers import Controller
from fracas.core.events import CombatantSummary
from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import (
    actions,
    area,
    called,
    data,
    decisions,
    experience,
    items,
    mind,
    model,
    mounted,
    odds,
    odds_geometry,
    odds_mind,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import round as sam_round
from fracas.rulesets.semiautomagic.attack import refresh_defences
from fracas.rulesets.semiautomagic.commands import SamCommands
from fracas.rulesets.semiautomagic.map import battle_map as draw_map
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.setup import arrange, build
from fracas.rulesets.semiautomagic.state import Fighter, SamState, clone_state


class SemiAutoMagic(Ruleset[model.Encounter, SamState]):
    id = "semiautomagic"
    title = "SemiAutoMagic"
    source = "SemiAutoMagic, Chapter 3: Combat (seed 000), stages 1 and 2"
    version = "1"

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {"weapons": list(data.weapons()), "armour": list(data.armour())}

    # The last encounter set up, and its state as built: a simulation sets up the same
    # encounter once per battle, and copying the fighters is cheaper than building them again
    # (issue 35, as OD&D's, BRP's and Murdham's templates).
    _template: tuple[model.Encounter, SamState] | None = None

    def setup(self, spec: model.Encounter) -> SamState:
        template = self._template
        if template is None or template[0] is not spec:
            template = (spec, self.build_state(spec))
            self._template = template
        return clone_state(template[1])

    def build_state(self, spec: model.Encounter) -> SamState:
        """The encounter's fighters built from their sheets and placed, riders on their
        mounts: the template each battle copies."""
        members: dict[str, list[Combatant]] = {side.name: [] for side in spec.sides}
        sheets: dict[str, model.Combatant] = {}
        surprised = {s.name for s in spec.sides if s.surprised}
        gave_up = {s.name for s in spec.sides if not s.tried}  # rule 228
        for e in roster(spec.sides):
            f = build(e.sheet, e.name, e.id, e.side)
            if e.copy and e.sheet.position is not None:  # F-SAM-2: copies side by side
                f.position = Position(f.position.x, f.position.y + e.copy * f.square)
            f.flat_footed = e.side in surprised  # rule 115, C7
            f.tried = e.side not in gave_up
            members[e.side].append(f)
            sheets[f.id] = e.sheet
        state = SamState(
            sides=[Side(name, group) for name, group in members.items()],
            conditions=spec.conditions,
            options=spec.options,
        )
        arrange(state, sheets)
        dislikes(state, sheets)  # SAM-A45
        for f in state.fighters():
            refresh_defences(f)  # S6: the first round's defence rolls
        movement_and_hazards(state, sheets)
        return state

    # The compiled functions themselves: no interpreted wrapper per round (the fast style).
    play_round = staticmethod(sam_round.play_round)
    outcome = staticmethod(sam_round.verdict)

    def after_battle(self, table: Table, state: SamState) -> None:
        """Rules 224-229: each side's experience for the encounter; rule 144: the calm hour
        (option `calm_hour`)."""
        state.write_counts()  # the counts kept on the state (`state.COUNTED`)
        verdict = self.outcome(state)
        still_dying(table, state)
        experience.encounter(table, state, verdict.winner if verdict is not None else None)
        if state.options.calm_hour:
            mind.calm_hour(table, state)

    def policy(self, state: SamState) -> Controller:
        return SamPolicy(state)

    battle_map = staticmethod(draw_map)  # the GM screen's map (issue 33)

    def summary(self, state: SamState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(f) for f in state.fighters())

    def commands(self) -> SamCommands:
        return SamCommands()

    def order_of_play(self, state: SamState) -> dict[str, Any]:
        """Rules 1-2, 4, 7-13: the initiative order (those still to arrive last), each with
        its initiative, whether it is acting, the seconds it has already spent this turn and
        an action running on into its next turn."""
        ordered = set(state.order)
        waiting = [f for f in state.fighters() if f not in ordered]
        return {
            "kind": "seconds",
            "round": state.round,
            "entries": [
                order_entry(
                    f,
                    initiative=f.initiative if f in ordered else None,
                    acting=f.id == state.acting,
                    second=state.second if f.id == state.acting else None,
                    carried=str(f.carried.action) if f.carried is not None else None,
                    condition=condition(f),
                )
                for f in [*state.order, *waiting]
            ],
        }

    def card(self, state: SamState, combatant: Combatant) -> dict[str, Any]:
        f = cast(Fighter, combatant)
        p = f.position
        where = f"({p.x:g}, {p.y:g}) m, scale {f.scale}, {f.posture}"
        if f.cover != "none":
            where += f", {f.cover} cover"
        if f.cover_object is not None:  # rules 103-106
            where += f" (Toughness {f.cover_object.toughness}/{f.cover_object.minimum})"
        gear = [
            {"name": w.data.name, "state": "empty" if w.data.reload and not w.loaded else
             f"{w.damage}{' in hand' if i == 0 else ''}" + items.wear_note(w)}
            for i, w in enumerate(f.weapons)
        ]  # fmt: skip
        gear.append({"name": f"armour ({f.armour})", "state": f"Defence {f.defence:+d}"})
        left = ", ".join(f"{k} {v}" for k, v in f.defences.items() if k != "block" or f.shield)
        gear.append({"name": "defence rolls", "state": left or "—"})
        if f.possession is not None:  # rule 152
            bonus, reach, _ = f.possession
            gear.append({"name": "possession", "state": f"{bonus:+d}, {reach:g} m"})
        if f.broken:  # rule 142
            gear.append({"name": "Broken", "state": f"recovers on Spirit DC {f.broken_dc}"})
        gear += mounted.card_lines(state, f)  # stage 2: mounts, speed, syndromes
        return {"where": where, "gear": gear}

    # --- exact odds (issue 11): one single attack (rules 45-54, C16) ---------------------

    defence_decisions = (decisions.DEFEND,)

    def actions(self, state: SamState, actor: Combatant, target: Combatant) -> list[str]:
        """A single attack with the weapon in hand, when `target` is in its reach or range; a
        possession check or a veto (rules 152, 157)."""
        if not isinstance(actor, Fighter) or not isinstance(target, Fighter):
            return []
        minds = odds_mind.offered(state, actor, target) if actor.active else []
        if not actor.active or actor.side == target.side or not target.present:
            return minds
        w = actor.wielded
        if (w.data.reload and not w.loaded) or target not in actions.targets(state, actor, w):
            return minds
        if w.jammed:  # rule 127
            return minds
        if w.data.area:  # rules 71-80: an area attack at its square
            return [*odds_geometry.names(state, actor, target), *minds]
        if actor.disabled and not w.data.light:
            return minds
        combos = [
            odds.combo_name(a.combo, w)
            for a in actions.strikes(state, actor)
            if a.kind == "combo" and odds.attacks_in(a.combo) > 1
        ]
        shots = [odds.CALLED.format(r, w.data.name) for r in called.regions(target)]  # 116-124
        at_items = odds_geometry.names(state, actor, target)  # rules 125-129
        return [odds.action_name(w), *combos, *shots, *at_items, *minds]

    def option_action(
        self, state: SamState, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """Rule 90: allotting an attack to an enemy is an attack on it (a single attack's
        odds; a combo's other attacks resolve with it)."""
        who = request.who
        if request.decision == area.AIM and isinstance(who, Fighter):  # rule 72
            aimed = next((f for f in state.fighters() if f.id == getattr(option, "who", "")), None)
            if aimed is None or aimed.side == who.side:
                return None
            return who, aimed, odds_geometry.area_name(who.wielded)
        if request.decision != decisions.ALLOT or not isinstance(who, Fighter):
            return None
        if not isinstance(option, Fighter) or who.wielded.data.delay:
            return None
        return who, option, odds.action_name(who.wielded)

    def perform(
        self, table: Table, state: SamState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        if action in odds_mind.offered(state, actor, target):
            return odds_mind.perform(table, state, actor, target, action)
        if odds.combo_of(actor, action) is not None:
            return odds.perform_combo(table, state, actor, target, action)
        if actor.wielded.data.area or odds_geometry.item_of(actor, action):
            return odds_geometry.perform(table, state, actor, target, action)
        return odds.perform(table, state, actor, target, action)

    def calculate(
        self,
        state: SamState,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> dict[tuple[str, int, bool], Fraction] | None:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        if action in odds_mind.offered(state, actor, target):
            return odds_mind.calculate(state, actor, target, action)
        item = odds_geometry.item_of(actor, action)
        if actor.wielded.data.area or item:  # rules 71-80, 125-129
            if not odds_geometry.calculable(state, actor, target):
                return None
            if item:
                return odds_geometry.item_outcomes(state, actor, target, item, defence)
            return odds_geometry.area_outcomes(state, actor, target, defence)
        combo = odds.combo_of(actor, action)
        w = actor.wielded if combo is not None else odds.weapon_of(actor, action)
        if not odds.calculable(state, actor, target, w):
            return None
        if combo is not None:
            return odds.combo_outcomes(state, actor, target, combo, defence)
        region = odds.region_of(actor, action)
        return odds.single_attack(state, actor, target, w, defence, region)


def movement_and_hazards(state: SamState, sheets: dict[str, model.Combatant]) -> None:
    """Stage 2: riders on their mounts (rules 131-134); whether falls and hazards need
    watching (nothing is computed for them in a fight without any)."""
    mounted.pair(state, {i: s.rides for i, s in sheets.items() if s.rides})
    fighters = state.fighters()
    state.falls = any(f.mount_id or f.altitude > 0 for f in fighters)
    c = state.conditions
    state.hazardous = bool(c.radiation or c.gas) or any(
        f.venom or f.syndromes or f.to_drink for f in fighters
    )


def condition(f: Fighter) -> str:
    if f.status is Status.DEAD:
        return "dead"
    if f.dying:
        return "dying"
    if f.stable:
        return "stable"
    if f.unconscious:
        return "unconscious"
    if not f.present:
        return "not arrived"
    if f.status is not Status.ACTIVE:
        return str(f.status.value)
    return stage2_condition(f)


def stage2_condition(f: Fighter) -> str:
    """Rules 5, 141, 154: delaying its turn, Broken, possessed, inside a possessed body."""
    if f.inside:
        return "possessing"
    if f.possessed_by:
        return "possessed, broken" if f.broken else "possessed"
    if f.broken:
        return "broken"
    return mind_condition(f) or ("delaying" if f.delaying else "fighting")


def mind_condition(f: Fighter) -> str:
    """Rules 137-139, 191: asleep, panicked, raging, confused."""
    words = [w for w, on in (("asleep", f.asleep), ("panicked", bool(f.panicked)),
             ("raging", bool(f.raging)), ("confused", f.confused)) if on]  # fmt: skip
    return ", ".join(words)


def dislikes(state: SamState, sheets: dict[str, model.Combatant]) -> None:
    """SAM-A45: the creature each dislikes most, by its sheet's name (the first of a count)."""
    for f in state.fighters():
        name = sheets[f.id].dislikes
        if name is not None:
            f.dislikes = next(g.id for g in state.fighters() if sheets[g.id].name == name)


def summarize(f: Fighter) -> CombatantSummary:
    """The vitals: wounds, Toughness / Minimum Toughness, Will / Minimum Will (rules 135,
    163-165)."""
    vitals: dict[str, int | tuple[int, int]] = {
        "wounds": f.wounds,
        "toughness": (f.toughness, f.min_toughness),
        "will": (f.will, f.min_will),
    }
    return CombatantSummary.of(f, condition(f), vitals)


def still_dying(table: Table, state: SamState) -> None:
    """Issue 31: a fighter still dying when the fight ends is reported as such (rule 166: it
    dies unless someone stabilises it), in the log and the simulator's tally."""
    for f in state.fighters():
        if f.dying and f.status is not Status.DEAD:
            state.tally["dying at the end"] += 1
            if table.observed:
                table.emit(ev.Fell, who=f.name, how="is still dying as the fight ends",
                           rule="it dies unless stabilised (rule 166)")  # fmt: skip
