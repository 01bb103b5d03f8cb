"""A toy ruleset, tiny but real: the conformance kit's own ruleset, so that the core can be
tested without leaning on any system from the seeds.

Two or more sides of fighters with hit points. Each round the GM secretly rolls the
lurkers' patience; then each side in turn decides its order (a side decision), and each of
its fighters acts: a hidden fighter lurks or strikes from hiding (and is revealed), the
others pick a visible enemy (a combatant decision), roll 1D6 to hit (3+, or 4+ against a
guarding target) and 1D4 damage. At 0 hit points a fighter falls; at minus half its maximum
it dies. The GM may set `hp`, put `guarding` on or off, add a fighter or take one out.

A package rather than a module, so that `importlib.resources` can look in it (the core
looks for `bench/` encounters in every ruleset's package).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field

from fracas.core.audience import GM, side_audience
from fracas.core.combatant import BattleState, Combatant, Side, Status, record_harm, roster
from fracas.core.commands import CommandRules
from fracas.core.controllers import Controller, UnknownDecision, best_index
from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel
from fracas.core.events import CombatantSummary, Event, Revealed
from fracas.core.journal import SetVitals
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset
from fracas.core.table import Table

# --- the encounter schema --------------------------------------------------------------------

TEMPLATES: dict[str, dict[str, Any]] = {"grunt": {"hp": 6}, "brute": {"hp": 9}}


class FighterSheet(StrictModel):
    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=20)
    hp: int = Field(ge=1, le=99)
    hidden: bool = False


class ToyEncounter(EncounterSpec):
    ruleset: Literal["toy"]
    sides: list[SideSpec[FighterSheet]] = Field(min_length=2)


# --- the fight state -------------------------------------------------------------------------


# Not slots=True: an interpreted subclass of the compiled Combatant must not shadow its
# fields with slots of its own (docs/ARCHITECTURE.md, "The compiled build").
@dataclass(eq=False)
class Fighter(Combatant):
    hp: int = 1
    hp_max: int = 1
    guarding: bool = False


def fighters(state: BattleState) -> list[Fighter]:
    out = []
    for c in state.combatants:
        assert isinstance(c, Fighter)
        out.append(c)
    return out


def build(sheet: FighterSheet, name: str, ident: str, side: str) -> Fighter:
    return Fighter(
        id=ident, name=name, side=side, hp=sheet.hp, hp_max=sheet.hp, hidden=sheet.hidden
    )


# --- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Ordered(Event):
    side: str
    order: str

    def text(self) -> str:
        return f"{self.side} act {self.order}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SteppedUp(Event):
    who: str

    def text(self) -> str:
        return f"{self.who} steps up"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lurked(Event):
    """Emitted for everyone on purpose: the core narrows an event naming a hidden fighter to
    its own side, and the kit's leak test checks that it does."""

    who: str

    def text(self) -> str:
        return f"{self.who} lurks unseen"


@dataclass(frozen=True, slots=True, kw_only=True)
class Waited(Event):
    who: str

    def text(self) -> str:
        return f"{self.who} sees nobody to strike"


@dataclass(frozen=True, slots=True, kw_only=True)
class Attacked(Event):
    attacker: str
    target: str
    roll: int
    need: int
    hit: bool

    def text(self) -> str:
        result = "hit" if self.hit else "miss"
        return f"{self.attacker} strikes at {self.target}: {self.roll} ({result})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hurt(Event):
    target: str
    damage: int

    def text(self) -> str:
        return f"{self.target} takes {self.damage}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HitPoints(Event):
    """What a fighter has left: its own side's business (and the GM's)."""

    who: str
    hp: int
    hp_max: int

    def text(self) -> str:
        return f"{self.who} has {self.hp}/{self.hp_max} hp"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    who: str
    dead: bool

    def text(self) -> str:
        return f"{self.who} {'dies' if self.dead else 'falls'}"


# --- the rules -------------------------------------------------------------------------------

ORDER = "order"  # a side: its fighters as listed or reversed
STRIKE = "strike from hiding"  # a hidden fighter: strike now (True) or lurk (False)
TARGET = "target"  # a fighter: which visible enemy to attack
DECISIONS = (ORDER, STRIKE, TARGET)
ORDERS = ("as listed", "reversed")


def play_round(table: Table, state: BattleState) -> None:
    patience = table.roll("1D6", reason="the lurkers' patience", audience=GM)
    for side in state.sides:
        acting = [c for c in side.combatants if c.active]
        if not acting:
            continue
        order = table.choose(side, ORDER, ORDERS)
        table.emit(Ordered, side=side.name, order=order, audience=side.audience)
        if order == "reversed":
            acting.reverse()
        for fighter in acting:
            table.between_actions()
            if fighter.active:
                assert isinstance(fighter, Fighter)
                act(table, state, fighter, patience.total)


def act(table: Table, state: BattleState, me: Fighter, patience: int) -> None:
    table.emit(SteppedUp, who=me.name, audience=me.audience)
    if me.hidden:
        if patience <= 2 or not table.choose(me, STRIKE, (True, False)):
            table.emit(Lurked, who=me.name)
            return
        me.hidden = False
        table.emit(Revealed, who=me.name, why="striking from hiding")
    targets = [e for e in state.enemies_of(me) if e.active and not e.hidden]
    if not targets:
        table.emit(Waited, who=me.name, audience=me.audience)
        return
    target = table.choose(me, TARGET, targets)
    assert isinstance(target, Fighter)
    strike(table, me, target)


def strike(table: Table, me: Fighter, target: Fighter) -> str:
    """One blow: 3+ on 1D6 to hit (4+ against a guarding fighter), then 1D4 damage."""
    need = 4 if target.guarding else 3
    to_hit = table.roll("1D6", by=me, reason="to hit")
    hit = to_hit.total >= need
    table.emit(
        Attacked, attacker=me.name, target=target.name, roll=to_hit.total, need=need, hit=hit
    )
    if not hit:
        return "miss"
    damage = table.roll("1D4", by=me, reason="damage").total
    target.hp -= damage
    record_harm(target, damage, me)
    table.emit(Hurt, target=target.name, damage=damage)
    table.emit(
        HitPoints,
        who=target.name,
        hp=target.hp,
        hp_max=target.hp_max,
        audience=side_audience(target.side),
    )
    fall(table, target)
    return "hit"


def fall(table: Table, f: Fighter) -> None:
    """0 hit points or less: down; minus half the maximum or less: dead."""
    if f.hp > 0 or f.status is Status.DEAD:
        return
    dead = f.hp <= -(f.hp_max // 2)
    if f.active or dead:
        f.status = Status.DEAD if dead else Status.DOWN
        f.went_down = True
        table.emit(Fell, who=f.name, dead=dead)


class ToyPolicy:
    """Strike the weakest visible enemy; let the healthier fighter lead; strike from hiding
    whenever the patience allows."""

    def __init__(self, state: BattleState) -> None:
        self.state = state

    def choose(self, request: ChoiceRequest) -> int:
        options = list(request.options)
        if request.decision == TARGET and isinstance(request.who, Fighter):
            return best_index([-t.hp for t in options])
        if request.decision == ORDER and isinstance(request.who, Side):
            acting = [c for c in request.who.combatants if isinstance(c, Fighter) and c.active]
            return 1 if acting and acting[0].hp < acting[-1].hp else 0
        if request.decision == STRIKE and isinstance(request.who, Fighter):
            return options.index(True)
        raise UnknownDecision(f"the toy policy has no answer for {request.decision!r}")


# --- the GM's commands ------------------------------------------------------------------------


class ToyCommands(CommandRules[BattleState, FighterSheet]):
    """`hp` (at 0 or less a fighter falls; above 0 a fallen one gets up), `guarding` on or
    off, and late arrivals (templates allowed); removing, re-rolling and ending are the
    core's."""

    title = "toy"
    vitals = ("hp",)
    conditions = ("guarding",)

    def sheet_model(self) -> type[FighterSheet]:
        return FighterSheet

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return TEMPLATES

    def set_vitals(self, table: Table, state: BattleState, c: Combatant, command: SetVitals) -> str:
        assert isinstance(c, Fighter)
        c.hp = min(command.vitals["hp"], c.hp_max)
        if c.hp > 0 and c.status is Status.DOWN:
            c.status = Status.ACTIVE
        fall(table, c)
        return f"{c.name}: hp set to {c.hp}/{c.hp_max}"

    def set_condition(
        self, table: Table, state: BattleState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Fighter)
        c.guarding = on
        return f"{c.name}: guarding {'on' if on else 'off'}"

    def join(
        self,
        table: Table,
        state: BattleState,
        side: Side,
        sheet: FighterSheet,
        name: str,
        ident: str,
    ) -> str:
        state.join(side, build(sheet, name, ident, side.name))
        return f"{name} joins {side.name}"


# --- the plugin ------------------------------------------------------------------------------


class Toy(Ruleset[ToyEncounter, BattleState]):
    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    source: ClassVar[str] = "the conformance kit (tests/conformance)"
    version: ClassVar[str] = "1"

    def encounter_model(self) -> type[ToyEncounter]:
        return ToyEncounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return TEMPLATES

    def setup(self, spec: ToyEncounter) -> BattleState:
        members: dict[str, list[Combatant]] = {side.name: [] for side in spec.sides}
        for e in roster(spec.sides):
            members[e.side].append(build(e.sheet, e.name, e.id, e.side))
        return BattleState(sides=[Side(name, group) for name, group in members.items()])

    def play_round(self, table: Table, state: BattleState) -> None:
        play_round(table, state)

    def policy(self, state: BattleState) -> Controller:
        return ToyPolicy(state)

    def summary(self, state: BattleState) -> tuple[CombatantSummary, ...]:
        return tuple(
            CombatantSummary.of(
                f,
                "guarding" if f.guarding and f.active else f.status.value,
                {"hp": (f.hp, f.hp_max)},
            )
            for f in fighters(state)
        )

    def commands(self) -> ToyCommands:
        return ToyCommands()

    def actions(self, state: BattleState, actor: Combatant, target: Combatant) -> list[str]:
        return ["strike"] if actor.active and target.active and actor.side != target.side else []

    def perform(
        self, table: Table, state: BattleState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        return strike(table, actor, target)
