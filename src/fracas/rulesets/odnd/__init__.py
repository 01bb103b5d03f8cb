"""OD&D house rules (seed 003, RULINGS.md §4, checklist odnd.md): the skirmish game (stage 1)
and the rest of the chapter (stage 2: facing, manoeuvres, subdual, grappling, pursuit, mass
combat).

Module map: `model` (encounter schema), `data` (tables), `setup` (stat block → fighter),
`state`, `space` (feet on the plane), `attack` (one attack: matrix, naturals, fumble, crit,
damage), `strikes` (an attack's situation), `moves` (movement, charges, retreat), `magic`
(spells, saves), `opening` (distance, reaction), `round` (surprise, initiative,
declarations, segments and slots, morale), `shortcut` (the averaging shortcut), `commands`
(the GM's commands), `policy` (default tactics), `decisions`, `events`, `odds` (the exact
odds of one attack). Stage 2: `facing` (flank, rear, backstab), `manoeuvres` (disarm,
dismount, whip), `specials` and `holds` (monsters' specials, tight spaces), `subdual` (empty
hands, temporary damage), `grapple`, `pursuit` and `pursuit_policy` (evasion and pursuit),
`mass` (units).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from fracas.core.combatant import Combatant, Entry, Side, Status, name_and_id, roster
from fracas.core.events import CombatantSummary
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.odnd import data, decisions, mass, model, odds
from fracas.rulesets.odnd import round as odnd_round
from fracas.rulesets.odnd.commands import OdndCommands
from fracas.rulesets.odnd.map import battle_map as draw_map
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import Plan, able, play_round, special_plans
from fracas.rulesets.odnd.setup import arrange, build, place
from fracas.rulesets.odnd.space import where
from fracas.rulesets.odnd.state import Fighter, OdndState, clone_state

# The endings' reasons (`round.verdict`), by their old names here too.
ROUT, NO_COMBAT = odnd_round.ROUT, odnd_round.NO_COMBAT


class Odnd(Ruleset[model.Encounter, OdndState]):
    id = "odnd"
    title = "OD&D house rules"
    source = "OD&D house rules, combat (seed 003): the whole chapter"
    version = "2"  # stage 2 (facing by default) plays stage-1 saves differently

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {"weapons": list(data.weapons())}

    # The last encounter set up, and its state as built: a simulation sets up the same
    # encounter once per battle, and copying the fighters is cheaper than building them again
    # (issue 35; BRP's and Murdham's templates likewise).
    _template: tuple[model.Encounter, OdndState] | None = None

    def setup(self, spec: model.Encounter) -> OdndState:
        template = self._template
        if template is None or template[0] is not spec:
            template = (spec, self.build_state(spec))
            self._template = template
        return clone_state(template[1])

    def build_state(self, spec: model.Encounter) -> OdndState:
        """The encounter's fighters built from their sheets, placed and grouped (rules 108,
        140, ODD-U30): the template each battle copies."""
        members: dict[str, list[Fighter]] = {side.name: [] for side in spec.sides}
        groups: dict[str, list[Fighter]] = {}
        used: set[str] = set()
        appearing: dict[int, tuple[str, list[Fighter]]] = {}  # rule 108: counts as dice
        for e in roster(spec.sides):
            if e.sheet.unit and e.copy % e.sheet.unit:
                continue  # rule 140: the unit's other men
            f = build(e.sheet, *unique_name(e, used), e.side, spec.options)
            place(f, e.sheet, e.copy // max(1, e.sheet.unit))
            if e.sheet.unit:  # rules 140-146, ODD-U45: a unit fought as one man
                mass.make_unit(f, min(e.sheet.unit, e.sheet.count - e.copy))
            # ODD-U30: a die per PC, one per monster group (its sheet, or `group:`); the
            # party's one die as an option; hirelings (normal men) roll as a group (issue 29
            # item 21).
            if f.kind == "character" and not f.unit_size and not f.normal_man:
                f.group = f"{e.side} (party)" if spec.conditions.party_die else f.name
            else:  # ODD-U45: each unit is an initiative group of its own
                f.group = f.name if f.unit_size else e.sheet.group or e.sheet.name
            members[e.side].append(f)
            groups.setdefault(f.group, []).append(f)
            if e.sheet.appearing:
                appearing.setdefault(id(e.sheet), (e.sheet.appearing, []))[1].append(f)
        sides = [Side(name, list(group)) for name, group in members.items()]
        state = OdndState(sides, spec.conditions, spec.options)
        state.surprise_chances = {s.name: (s.surprises_on, s.surprised_on) for s in spec.sides}
        state.open_ranks = {s.name for s in spec.sides if s.open_ranks}
        state.groups = groups
        state.group_size = {g: len(m) for g, m in groups.items()}
        state.appearing = list(appearing.values())
        arrange(state, spec)
        return state

    # The round and the end of the fight are compiled functions, called as they are: a
    # method wrapping each would add an interpreted call per round (issue 35).
    play_round = staticmethod(play_round)
    outcome = staticmethod(odnd_round.verdict)

    # Compiled, called as they are (issue 35, as BRP's): a simulated battle's fighters let
    # go of one another (`round.after_battle`), and the default tactics built for each
    # battle; a method wrapping each was an interpreted call per battle.
    after_battle = staticmethod(odnd_round.after_battle)
    policy = staticmethod(OdndPolicy)

    battle_map = staticmethod(draw_map)  # the GM screen's map (issue 33)

    def summary(self, state: OdndState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(c) for c in state.fighters())

    def commands(self) -> OdndCommands:
        return OdndCommands()

    def order_of_play(self, state: OdndState) -> dict[str, Any]:
        """Rules 118–127 (ODD-U30, U31): a d6 per PC and per monster group, high first;
        groups with the same roll share a slot and strike simultaneously. Entries in slot
        order (groups not yet rolled for last), each with its group, its roll and this
        round's declaration."""
        rolls = state.initiative
        ordered = sorted(
            (f for members in state.groups.values() for f in members),
            key=lambda f: -rolls.get(f.group, 0),
        )
        return {
            "kind": "group initiative",
            "round": state.round,
            "entries": [
                order_entry(
                    f,
                    group=f.group,
                    initiative=rolls.get(f.group),
                    surprised=f.surprised,
                    target=f.plan_target.name if f.plan_target is not None else None,
                    parrying=f.parrying,
                    action=f.action or None,  # ODD-U23: this round's declared action
                    condition=condition(f) or None,  # stage 2: held, prone, stunned …
                )
                for f in ordered
            ],
        }

    def card(self, state: OdndState, combatant: Combatant) -> dict[str, Any]:
        """Its armour class (descending, with shield and DEX, rules 1–2) and weapons."""
        f = cast(Fighter, combatant)
        gear = [
            {"name": w.data.name, "state": f"{w.damage}, {w.to_hit:+d} to hit"} for w in f.weapons
        ]
        shield = " with shield" if f.shield else ""
        gear.append({"name": "armour class", "state": f"AC {f.base_ac}{shield}"})
        card: dict[str, Any] = {"where": where(state, f), "gear": gear}
        if f.unit_size:  # rules 140, 145: a unit's men
            card["men"] = f"{mass.survivors(f, f.hp)} of {f.unit_size}"
        if f.temp:  # rule 97
            card["temporary damage"] = f.temp
        if condition(f):
            card["condition"] = condition(f)
        return card

    # --- exact odds (issue 11): one attack (seed "COMBAT"; rules 27–33, ODD-U2) ------------
    # No defender's choice: the target meets an attack with its AC (a parry is declared for
    # the round, rule 92, and is in the state), so `defence_decisions` stays empty.

    def actions(self, state: OdndState, actor: Combatant, target: Combatant) -> list[str]:
        """The attack of `actor`'s weapon in hand on `target` and, against a normal man, the
        first attack of a sweep (rules 21, 26, ODD-U11) — none when `actor` cannot attack
        this round: surprised (rules 69, 71), parrying (92), reloading a crossbow (D-C7)."""
        if not isinstance(actor, Fighter) or not isinstance(target, Fighter):
            return []
        if not actor.active or actor.side == target.side or not able(target):
            return []
        if actor.surprised or actor.parrying:
            return []
        if actor.weapons[0].data.kind in data.RELOADING and actor.reloading:
            return []
        name = odds.attack_name(actor)
        names = [name]
        if actor.sweep_attacks > actor.attacks and target.normal_man:
            names.append(name + odds.SWEEP)
        return names + special_actions(state, actor, target)

    def option_action(
        self, state: OdndState, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """ODD-U23: a declaration against a target is an attack on it (a sweep's first attack
        when sweeping, ODD-U11); ODD-U11: a sweep's next victim is an attack on it. A parry,
        a run, a spell, a set spear, a withdrawal or a retreat is no attack as things stand,
        nor is a charge (its +2 and double damage come with the move, rules 85, 90)."""
        who = request.who
        if not isinstance(who, Fighter):
            return None
        name = odds.attack_name(who)
        if request.decision == decisions.DECLARE and isinstance(option, Plan):
            if option.target is not None and option.action in odds.MANOEUVRES:
                return who, option.target, option.action  # rules 40, 91, 93, 104
            if option.target is None or option.action not in ("attack", "sweep"):
                return None
            return who, option.target, name + (odds.SWEEP if option.sweep else "")
        if request.decision == decisions.VICTIM and isinstance(option, Fighter):
            return who, option, name
        return None

    def perform(
        self, table: Table, state: OdndState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        """One attack by the rules (`round.strike`): fumble, miss, no effect, hit or critical."""
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        kind = action if action in odds.MANOEUVRES else ""
        return odds.perform(table, state, actor, target, action.endswith(odds.SWEEP), kind)

    def calculate(
        self,
        state: OdndState,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> dict[tuple[str, int, bool], Fraction] | None:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        if not odds.calculable(state, actor, target, action):
            return None  # astray shots, subdual, the whip: `fracas odds` enumerates the rules
        if action in odds.MANOEUVRES:
            return odds.manoeuvre_outcomes(state, actor, target, action)
        sweep = actor.plan_sweep or action.endswith(odds.SWEEP)
        return odds.attack_outcomes(state, actor, target, sweep)


def condition(f: Fighter) -> str:
    """Its stage-2 condition in the seed's words: pinned or struggling in a grapple (105),
    stunned, prone (ODD-U15), disarmed (ODD-U16), held or swallowed (ODD-U14), in a chase."""
    words = []
    if f.grapple:
        words.append(f.grapple)
    if f.stunned_until:
        words.append(f"stunned through round {f.stunned_until}")
    if f.prone:
        words.append("prone")
    if f.disarmed:
        words.append("disarmed")
    if f.held_by is not None:
        words.append(f"{'swallowed' if f.inside else 'held'} by {f.held_by.name}")
    if f.chasing:
        words.append("in a chase")
    return ", ".join(words)


def special_actions(state: OdndState, actor: Fighter, target: Fighter) -> list[str]:
    """Rules 40, 91, 93, 104: the grapple and the manoeuvres `actor` may try on a foe in
    melee with it (`round.special_plans`)."""
    return [p.action for p in special_plans(state, actor, [target])]


def unique_name(e: Entry, used: set[str]) -> tuple[str, str]:
    """The roster's name, or for a unit (rule 140) its men's numbers: "Bandit 1-10"."""
    if not e.sheet.unit:
        return name_and_id(e.name, used)
    last = min(e.sheet.count, e.copy + e.sheet.unit)
    return name_and_id(f"{e.sheet.name} {e.copy + 1}-{last}", used)


def summarize(c: Fighter) -> CombatantSummary:
    word = "fighting" if c.status is Status.ACTIVE else c.status.value
    if c.status is Status.DOWN:
        word = "knocked out"  # rule 98, ODD-U43
    vitals: dict[str, int | tuple[int, int]] = {"hp": (c.hp, c.max_hp)}
    if c.temp:
        vitals["temporary"] = c.temp  # rule 97
    if c.unit_size:  # rule 145: the men left
        vitals["men"] = (mass.survivors(c, c.hp), c.unit_size)
    return CombatantSummary.of(c, word, vitals)
