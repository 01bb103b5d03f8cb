"""The OD&D fight state: fighters with everything the rounds read computed once (derived
to-hit row, AC, damage notation), and the battle's bookkeeping."""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, field
from typing import Final

from fracas.core.combatant import BattleState, Combatant, Side, Status, cloned_sides, new_tally
from fracas.core.geometry import Position
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.odnd import data, model


@dataclass(slots=True, eq=False)
class Wielded:
    """A weapon in a fighter's hand, with its damage notation built once (rules 8–20, 41)."""

    data: data.WeaponData
    damage: str  # dice notation with the attribute/magic bonus folded in
    crit_damage: str  # D10: the dice's roll doubled, the bonus not (setup.critical)
    to_hit: int  # attribute and magic bonus to hit (rules 4–7, 12, 13)
    dex_to_hit: int = 0  # the DEX part of `to_hit`, lost when charging (rule 81)
    large_damage: str = ""  # rule 86: the lance against large foes
    large_crit: str = ""
    trained: bool = True  # rule 41: false, attacks as a normal man with the smaller die
    mean_damage: float = 0.0  # the mean of `damage`, for the tactics (set up once, issue 35)


# Where a fighter stands until placed: one shared point (a frozen `Position`; issue 35: the
# dataclass's generated `__init__`, interpreted, cost two builds per fighter and battle).
ORIGIN: Final = Position()


# Each action of a `Plan` as a small integer (`Plan.code`): the policy and `round.adopt` ask
# what a plan is at every declaration, an integer compare where the words were a string
# compare each (issue 35). The specials run GRAPPLE..WHIP (`round.SPECIAL`), the attacks
# ATTACK..WHIP (`round.ATTACKING`), the plans the policy scores as specials GRAPPLE..STRUGGLE.
ATTACK: Final = 1
SWEEP: Final = 2
CHARGE: Final = 3
GRAPPLE: Final = 4
DISARM: Final = 5
DISMOUNT: Final = 6
WHIP: Final = 7
STRUGGLE: Final = 8
PARRY: Final = 9
SET: Final = 10
WITHDRAW: Final = 11
RETREAT: Final = 12
RUN: Final = 13
CAST: Final = 14
ACTION_CODES: Final = {
    "attack": ATTACK, "sweep": SWEEP, "charge": CHARGE, "grapple": GRAPPLE, "disarm": DISARM,
    "dismount": DISMOUNT, "whip": WHIP, "struggle": STRUGGLE, "parry": PARRY, "set": SET,
    "withdraw": WITHDRAW, "retreat": RETREAT, "run": RUN, "cast": CAST,
}  # fmt: skip


class Plan:
    """A declaration (ODD-U23): an action and its target. `attack` (rule 42: after up to half
    a move), `sweep` normal men (ODD-U11), `charge` (77), `run` toward a foe (43), `cast` a
    spell (131), `set` a spear (83), `parry` (92: +2 defence, no attack), `withdraw` (51),
    `retreat` (52); stage 2: `grapple` (104), `disarm` (93), `dismount` (91), `whip` (40),
    `struggle` (held in a grapple, 105)."""

    __slots__ = ("action", "code", "spell", "sweep", "target")

    def __init__(
        self,
        target: Fighter | None,
        sweep: bool,
        action: str = "",
        spell: str = "",
        code: int = -1,
    ) -> None:
        """`code` is `ACTION_CODES[action]` when the caller knows it (the kept plans: no
        dictionary read for each, issue 35); else it is looked up."""
        self.target = target
        self.sweep = sweep
        self.action = action or ("sweep" if sweep else "attack" if target else "parry")
        self.spell = spell
        # `action` as a small int (0: unknown)
        self.code = code if code >= 0 else ACTION_CODES.get(self.action, 0)

    def __str__(self) -> str:
        who = self.target.name if self.target is not None else ""
        return {
            "attack": f"attack {who}",
            "sweep": f"sweep normal men from {who}",
            "charge": f"charge {who}" + (", then sweep normal men" if self.sweep else ""),
            "run": f"run toward {who}",
            "cast": f"cast {self.spell} at {who}",
            "set": "set spear against a charge",
            "parry": "parry (+2 defence, no attack)",
            "withdraw": "fighting withdrawal (half move, +2 defence, -2 to attack)",
            "retreat": "retreat (turn and flee)",
            "grapple": f"grapple {who} (rule 104)",
            "disarm": f"disarm {who} (rule 93)",
            "dismount": f"pull {who} from the saddle (rule 91)",
            "whip": f"entangle {who} with the whip (rule 40)",
            "struggle": "struggle in the grapple (rule 105)",
        }[self.action]


def kept_plan(target: Fighter, action: str) -> Plan:
    """`Plan(target, False, action)` (an attack, a grapple or a manoeuvre on `target`), built
    once a battle and kept on the target (`Fighter.plans_against`; issue 35: built for every
    declaration, the plans were 3 % of a duel with their lists). A plan names no declarer
    and is never changed once listed, so every declarer may be offered the same one."""
    if action == "attack":
        return kept_attack(target)
    if action == "grapple":
        return kept_grapple(target)
    for p in target.plans_against:
        if p.action == action:
            return p
    plan = Plan(target, False, action)
    target.plans_against.append(plan)
    return plan


def kept_attack(target: Fighter) -> Plan:
    """`kept_plan(target, "attack")`, the plan most often listed, in a field of its own
    (`Fighter.attack_plan`; issue 35: no scan of the target's plans for it)."""
    plan = target.attack_plan
    if plan is None:
        plan = target.attack_plan = Plan(target, False, "attack", "", ATTACK)
    return plan


def kept_grapple(target: Fighter) -> Plan:
    """`kept_plan(target, "grapple")`, listed for nearly every declarer in melee, in a field
    of its own (`Fighter.grapple_plan`; issue 35: the scan of the target's plans was 1.5 %
    of a duel); `plans_against` keeps only the manoeuvres."""
    plan = target.grapple_plan
    if plan is None:
        plan = target.grapple_plan = Plan(target, False, "grapple", "", GRAPPLE)
    return plan


def _plan_fields(plan: Plan) -> tuple[type[Plan], tuple[Fighter | None, bool, str, str]]:
    return Plan, (plan.target, plan.sweep, plan.action, plan.spell)


# Not slots=True: the pure build's interpreted subclass of Combatant must not shadow its fields
# with slots of its own (docs/ARCHITECTURE.md, "The compiled build"). Built for every battle
# (copied from the encounter's template, `clone_state`): its own `__init__`, compiled, where
# the dataclass module's generated one stays interpreted (issue 35, "the fast style").
@dataclass(eq=False, init=False)
class Fighter(Combatant):
    kind: str = "monster"
    cls: str = "fighter"
    level: int = 0
    hd: int = 1
    hd_plus: int = 0
    hero: bool = False
    fighter_type: bool = False  # rule 3
    normal_man: bool = False  # rule 23, ODD-U11
    fumble_level: int = 0  # ODD-U13
    needed_at_ac9: int = 10  # D1/D2 row at AC 9 (ODD-U1: linear in AC)
    base_ac: int = 9
    dex_bonus: int = 0
    shield: bool = False
    weapons: list[Wielded] = field(default_factory=list)
    attacks: int = 1
    sweep_attacks: int = 0  # attacks against normal men a round (rules 21, 26); 0: none
    sweep_plus: int = 0  # rule 26 / T-ODD-2: +N on the first sweep attack only
    hp: int = 1
    max_hp: int = 1
    hit_dice: str = ""  # D3: rolled as the first round starts when the sheet gives no hp
    morale: int = 7
    group: str = ""
    needs: str = "none"
    magic_weapon: bool = False  # ODD-U50: its weapons are +N magic
    size: str = "medium"
    range_band: str = "medium"
    elevation: float = 0.0  # rule 61, ODD-U38: feet
    cover: int = 0  # rule 95: % cover against missiles
    mounted: bool = False  # rules 59, 60, 86
    horns: bool = False  # rule 88
    move: int = 12  # rule 152: Turn movement in inches
    hasted: bool = False  # rules 125, 126
    psy_bonus: int = 0  # rule 128: the PSY bonus to the concentration save
    spells: list[str] = field(default_factory=list)  # rule 131, ODD-U32
    leader: bool = False  # ODD-U28 "big upset"
    charged_round: int = -99  # rule 80: the round of its last charge
    charging: bool = False  # rule 81: no DEX to AC until its next action (ODD-U34)
    spear_set: bool = False  # rules 83, 84, ODD-U35: a stance until a charge comes
    hurt_segment: int = -1  # ODD-U32: the segment (of state.segment) it last took damage
    # Round-to-round state.
    surprised: bool = False  # rules 69, 71: cannot act this round, no shield/DEX vs attacks
    disadvantaged: bool = False  # rule 70: the round after, defends at a disadvantage
    advantaged_vs: str = ""  # rule 70: the side this fighter attacks with advantage
    reloading: bool = False  # D-C7: crossbows fire every other round
    lose_attacks: int = 0  # D9: fumbles cost attacks
    off_balance_until: int = 0  # D9 "off balance": AC 2 worse through this round
    attackers_this_round: int = 0  # rules 63, 66
    pending_down: bool = False  # ODD-U31: falls when the slot ends
    dropped_by: Fighter | None = None  # rule 58: who brought it down (a reach strike?)
    struck_while_falling: bool = False  # it struck back in the slot it fell (rule 121)
    plan_target: Fighter | None = None  # ODD-U23: this round's declaration
    parrying: bool = False  # rule 92: +2 defence this round, no attack
    plan_sweep: bool = False  # ODD-U11: sweeping normal men this round
    attacks_left: int = 0
    split: bool = False  # ODD-U10: attacks first and last
    swept: int = 0  # sweep attacks made this round (T-ODD-2: +N on the first)
    declared_against: int = 0  # rules 62, 63, 65: melee attackers declared against it
    joined: set[str] = field(default_factory=set)  # rule 63: undeclared melee attackers struck it
    shield_faced: list[Fighter] = field(default_factory=list)  # ODD-U4: the first two
    followup: bool = False  # rule 70: surprised last round (advantage against it)
    action: str = ""  # ODD-U23: this round's declared action (attack, charge, cast ...)
    plan_spell: str = ""  # ODD-U32: the spell declared this round
    moved: bool = False  # its movement this round is done
    charge_strike: bool = False  # rules 85, 90: the charge's first attack is still to come
    placed: bool = False  # the encounter gave its position
    met: set[str] = field(default_factory=set)  # ODD-U9: foes it has been in melee with
    # Stage 2: facing, backstab (rules 64, 67–73; ODD-U17, U20).
    facing: tuple[float, float] = (0.0, 0.0)  # ODD-U20: a unit vector; (0, 0) not yet set
    back_to_wall: bool = False  # rule 64: no rear places, no gang-up bonus against it
    backstabber: bool = False  # rules 72, 73: a thiefy character (ODD-U17)
    backstab_mult: int = 2  # ODD-U17: ×2, ×3 at 5th–8th …
    round_start: Position = field(default_factory=Position)  # where it stood as it began
    backstab_round: int = -1  # rule 72: the round its backstab was spent (the first attack)
    # Empty hands and subdual (rules 97–103; ODD-U43; D15).
    subdue: bool = False  # rule 101: fights to subdue
    pull_punches: bool = False  # rule 100: all its damage temporary
    temp: int = 0  # rule 97: temporary damage taken
    strong: bool = False  # rule 97: STR 16–18, 2 real points a second hit
    subdual_hits: int = 0  # T-ODD-14's reading: subdual hits taken (every second one is real)
    # Manoeuvres and specials (rules 35, 40, 91, 93; ODD-U14, U15, U16, U48).
    intelligent: bool = True  # rule 137, ODD-U47
    on_roll: tuple[int, str, str] | None = None  # ODD-U14: (at, effect, dice)
    held_by: Fighter | None = None  # ODD-U14: hugged or swallowed by this monster
    squeezed_round: int = -1  # ODD-U14: the round it last squeezed (once a round)
    inside: bool = False  # ODD-U14 swallow, ODD-U48: a tight space
    skeleton: bool = False  # ODD-U48: half damage from edged weapons
    prone: bool = False  # ODD-U15
    disarmed: bool = False  # ODD-U16: its weapon lies at its feet
    str_bonus: int = 0  # ODD-U16: subtracted from the whip's save
    # Grappling (rules 104–106; ODD-U44).
    grappled_by: list[Fighter] = field(default_factory=list)
    grapple: str = ""  # "", "pinned", "struggling"
    new_grapple: bool = False  # grappled in this slot: the contest comes as it ends
    stunned_until: int = 0  # ODD-U44: thrown off, stunned through this round
    # Mass combat (rules 140–146; ODD-U45).
    unit_size: int = 0  # men in the unit; 0: one fighter
    unit_damage: str = ""  # rule 143: d6 × the unit size against another unit
    # Pursuit (rules 54, 55, 134–139; ODD-U26, U27).
    carries: list[str] = field(default_factory=list)  # rule 137: food, treasure
    chasing: bool = False  # in a chase, out of the melee (as fleer or pursuer)
    routing: bool = False  # its group failed morale: it keeps no foe busy (rule 57)
    plans_against: list[Plan] = field(default_factory=list)  # `kept_plan`: plans on it
    attack_plan: Plan | None = None  # `kept_attack`: the plain attack on it
    grapple_plan: Plan | None = None  # `kept_grapple`: the grapple on it

    def __init__(
        self, id: str = "", name: str = "", side: str = "", weapons: list[Wielded] | None = None
    ) -> None:
        """Every field at its default (the sheet's figures are set by `setup.build`), its
        `weapons` given by a copy (`clone_fighter`: no empty list built to be replaced). No
        argument is required: compiled, `__new__` runs it (a copy, `copy_fields`)."""
        self.id, self.name, self.side = id, name, side
        self.position, self.status, self.dice_vars = ORIGIN, Status.ACTIVE, {}
        self.damage_dealt, self.damage_taken, self.went_down, self.hidden = 0, 0, False, False
        self.controller, self.controller_side, self.kind, self.cls = "", "", "monster", "fighter"
        self.level, self.hd, self.hd_plus, self.hero, self.fighter_type = 0, 1, 0, False, False
        self.normal_man, self.fumble_level, self.needed_at_ac9, self.base_ac = False, 0, 10, 9
        self.dex_bonus, self.shield, self.attacks = 0, False, 1
        self.weapons = weapons if weapons is not None else []
        self.sweep_attacks, self.sweep_plus, self.hp, self.max_hp, self.hit_dice = 0, 0, 1, 1, ""
        self.morale, self.group, self.needs, self.magic_weapon = 7, "", "none", False
        self.size, self.range_band, self.elevation, self.cover = "medium", "medium", 0.0, 0
        self.mounted, self.horns, self.move, self.hasted = False, False, 12, False
        self.psy_bonus, self.spells, self.leader, self.charged_round = 0, [], False, -99
        self.charging, self.spear_set, self.hurt_segment, self.surprised = False, False, -1, False
        self.disadvantaged, self.advantaged_vs, self.reloading = False, "", False
        self.lose_attacks, self.off_balance_until, self.attackers_this_round = 0, 0, 0
        self.pending_down, self.dropped_by, self.struck_while_falling = False, None, False
        self.plan_target, self.parrying, self.plan_sweep, self.attacks_left = None, False, False, 0
        self.split, self.swept, self.declared_against, self.joined = False, 0, 0, set()
        self.shield_faced, self.followup, self.action, self.plan_spell = [], False, "", ""
        self.moved, self.charge_strike, self.placed, self.met = False, False, False, set()
        self.facing, self.back_to_wall, self.backstabber = (0.0, 0.0), False, False
        self.backstab_mult, self.round_start, self.backstab_round = 2, ORIGIN, -1
        self.subdue, self.pull_punches, self.temp, self.strong = False, False, 0, False
        self.subdual_hits, self.intelligent, self.on_roll, self.held_by = 0, True, None, None
        self.squeezed_round, self.inside, self.skeleton, self.prone = -1, False, False, False
        self.disarmed, self.str_bonus, self.grappled_by, self.grapple = False, 0, [], ""
        self.new_grapple, self.stunned_until, self.unit_size, self.unit_damage = False, 0, 0, ""
        self.carries, self.chasing, self.routing, self.plans_against = [], False, False, []
        self.attack_plan, self.grapple_plan = None, None

    @property
    def primary(self) -> Wielded:
        """Its first weapon. (The rounds and the tactics read `weapons[0]` where they run
        for every attack or option: a property is a call in compiled code; issue 35.)"""
        return self.weapons[0]


@dataclass(eq=False, init=False)
class Chase:
    """Rules 134–139, ODD-U27: one pursuer after one fleer on a one-dimensional track; `gap`
    in feet; `caught` once within 10 ft (rule 55); `rounds` run."""

    fleer: Fighter
    pursuer: Fighter
    gap: float
    rounds: int = 0
    caught: bool = False
    direction: tuple[float, float] = (1.0, 0.0)  # on the plane: the way the fleer runs

    def __init__(
        self,
        fleer: Fighter,
        pursuer: Fighter,
        gap: float,
        rounds: int = 0,
        caught: bool = False,
        direction: tuple[float, float] = (1.0, 0.0),
    ) -> None:
        """The fields in order (a copy calls it so, `rebuilt_by_constructor`); compiled, where
        the dataclass module's generated `__init__` stays interpreted (issue 35)."""
        self.fleer, self.pursuer, self.gap = fleer, pursuer, gap
        self.rounds, self.caught, self.direction = rounds, caught, direction


@dataclass(init=False)
class OdndState(BattleState):
    conditions: model.Conditions = field(default_factory=model.Conditions)
    options: model.Options = field(default_factory=model.Options)
    surprise_chances: dict[str, tuple[int, int]] = field(default_factory=dict)
    initiative: dict[str, int] = field(default_factory=dict)  # group -> last d6
    group_size: dict[str, int] = field(default_factory=dict)  # ODD-U28: counted at the start
    morale_passes: dict[str, int] = field(default_factory=dict)  # D7: two passes → no more
    checked: dict[str, set[str]] = field(default_factory=dict)  # triggers already used
    first_death: dict[str, bool] = field(default_factory=dict)  # per side
    pending: list[Fighter] = field(default_factory=list)  # ODD-U31
    surprisers: set[str] = field(default_factory=set)  # sides that surprised (rules 69–71)
    first_melee_round: int = 1  # rule 58: reach counts in the first round of melee
    groups: dict[str, list[Fighter]] = field(default_factory=dict)  # ODD-U30
    positional: bool = False  # F-ODD-1: no positions → everyone in one melee
    open_ranks: set[str] = field(default_factory=set)  # ODD-U25: sides whose lines are open
    segment: int = 0  # ODD-U32: which segment of the battle is resolving
    holding: set[str] = field(default_factory=set)  # ODD-U29: sides whose reaction is uncertain
    no_combat: bool = False  # ODD-U29: a friendly reaction, no fight
    carried: dict[str, float] = field(default_factory=dict)  # ODD-U12 `carry`, per fighter
    round_start: int = 0  # ODD-U32: the first segment of this round
    casting: list[Fighter] = field(default_factory=list)  # ODD-U32: spells of this slot
    # Stage 2.
    from_behind: dict[tuple[str, str], int] = field(default_factory=dict)  # rules 69, 70
    reroll_next: bool = False  # rule 106: initiative rolled again after a throw-off
    chases: list[Chase] = field(default_factory=list)  # rules 134–139
    sight: int = 0  # ODD-U27: feet (rolled outdoors)
    route_taken: int = 0  # rules 138, 139: the features of the route used so far
    men_reported: dict[str, int] = field(default_factory=dict)  # rule 145: units' men
    # Rule 108 (issue 29): a sheet's `count` as dice and its copies, rolled as round 1 opens.
    appearing: list[tuple[str, list[Fighter]]] = field(default_factory=list)
    _fighters: list[Fighter] = field(default_factory=list, repr=False)  # see `fighters`
    _units: list[Fighter] = field(default_factory=list, repr=False)  # see `units`
    # The encounter's conditions the rounds read, copied from the frozen model once (issue 35:
    # a pydantic attribute costs a dictionary look-up at each read).
    scale: float = 1.0  # feet per unit of the range tables: 3 outdoors (yards, ODD-U6, D13)
    reroll_initiative: bool = False  # ODD-U30: initiative rolled every round
    route: list[str] = field(default_factory=list)  # rules 138, 139: the features, in order
    # The initiative slots (`round.slots`), kept while no initiative is rolled and no group's
    # standing changes (issue 35: rebuilt every round, 6 % of a duel): each group with a roll,
    # its members and whether any stood when they were worked out. `forget` drops them.
    slot_order: list[tuple[int, list[str]]] = field(default_factory=list, repr=False)
    slot_members: list[list[list[Fighter]]] = field(default_factory=list, repr=False)
    slot_groups: list[list[Fighter]] = field(default_factory=list, repr=False)
    slot_standing: list[bool] = field(default_factory=list, repr=False)
    slots_known: bool = field(default=False, repr=False)
    # Every group has an initiative roll (`round.roll_initiative`: nothing to look at in a
    # round that rolls none); `forget` drops it with the groups that may have changed.
    all_rolled: bool = field(default=False, repr=False)
    # Some fighter was grappled in this slot (`Fighter.new_grapple`): the slot's end looks
    # for the contests only then (`grapple.new_contests`; issue 35).
    new_grapples: bool = field(default=False, repr=False)

    def __init__(
        self,
        sides: list[Side] | None = None,
        conditions: model.Conditions | None = None,
        options: model.Options | None = None,
        template: OdndState | None = None,
    ) -> None:
        """Every field at its default, the sides and the encounter's conditions and options
        given (see `Fighter`). No argument is required: compiled, `__new__` runs it. A
        battle's copy of its `template` (same conditions) takes the template's readings of
        them (issue 35: three pydantic attribute reads a battle), and copies of its sides'
        surprise chances, group sizes and open ranks (no empty ones built first)."""
        self.sides, self.round, self.tally, self._enemies = sides or [], 0, new_tally(), {}
        self.conditions = conditions if conditions is not None else model.Conditions()
        self.options = options if options is not None else model.Options()
        self.initiative, self.morale_passes, self.checked = {}, {}, {}
        self.first_death, self.pending = {}, []
        self.surprisers, self.first_melee_round, self.groups = set(), 1, {}
        self.segment, self.holding = 0, set()
        self.no_combat, self.carried, self.round_start, self.casting = False, {}, 0, []
        self.from_behind, self.reroll_next, self.chases = {}, False, []
        self.route_taken, self.men_reported, self.appearing, self._fighters = 0, {}, [], []
        self._units = []
        self.slot_order, self.slot_groups, self.slot_standing = [], [], []
        self.slot_members = []  # each slot's groups' fighters, beside `slot_order`
        self.slots_known, self.all_rolled, self.new_grapples = False, False, False
        if template is not None:
            self.scale, self.reroll_initiative = template.scale, template.reroll_initiative
            self.route = list(template.route)
            self.surprise_chances = dict(template.surprise_chances)
            self.group_size, self.open_ranks = dict(template.group_size), set(template.open_ranks)
            self.positional, self.sight = template.positional, template.sight
            return
        self.surprise_chances, self.group_size, self.open_ranks = {}, {}, set()
        self.positional, self.sight = False, 0
        self.scale = 3.0 if self.conditions.outdoors else 1.0
        self.reroll_initiative = self.conditions.reroll_initiative
        self.route = list(self.conditions.route)

    def fighters(self) -> list[Fighter]:
        """Every fighter, in encounter order (a shared list: do not change it). Built once:
        the sides change only by `join` and the number appearing, which call `forget`."""
        if not self._fighters:
            out: list[Fighter] = []
            for s in self.sides:
                for c in s.combatants:
                    assert isinstance(c, Fighter)
                    out.append(c)
            self._fighters = out
            self._units = [f for f in out if f.unit_size]
        return self._fighters

    def units(self) -> list[Fighter]:
        """The fighters fought as units (rules 140-146, ODD-U45), in encounter order: most
        battles have none, and the round's unit checks then look at nobody (issue 35)."""
        if not self._fighters:  # (built with `fighters`; no call when built: issue 35)
            self.fighters()
        return self._units

    def forget(self) -> None:
        BattleState.forget(self)  # (no zero-argument super in a compiled dataclass)
        self._fighters = []
        self.slots_known = False  # the groups may have changed with the sides
        self.all_rolled = False


rebuilt_by_constructor(Wielded, Chase)  # copies of a state (core.immutable)
copyreg.pickle(Plan, _plan_fields)  # (a plain class: its constructor's arguments, in order)


def add_to_tally(state: OdndState, key: str, n: int = 1) -> None:
    """`n` more of `key` in the battle's tally, for the simulator's report: read with `get`,
    not `+=`, whose missing key calls the Counter's interpreted `__missing__` (issue 35)."""
    tally = state.tally
    tally[key] = tally.get(key, 0) + n


def let_go(state: OdndState) -> None:
    """A finished battle's fighters forget one another (their declared targets, holders,
    grapplers, the attackers their shields faced): two fighters naming each other are a
    cycle, which would leave the whole state to the cyclic garbage collector rather than
    its reference counts (docs/ARCHITECTURE.md, "No cyclic garbage per battle"; issue 35).
    Only for an unobserved battle: the GM's screen shows the last round's declarations."""
    for f in state.fighters():
        f.plan_target, f.dropped_by, f.held_by = None, None, None
        # (Each kept plan names its target: a cycle.)
        f.plans_against, f.attack_plan, f.grapple_plan = [], None, None
        f.shield_faced.clear()
        f.grappled_by = []


# What `setup` sets on a fighter from its sheet (and the core's fields): what a template's
# copy takes over. Every other field is the round's (`ROUND_FIELDS`), at its default in a
# template, which has fought no round: a copy keeps the defaults `Fighter()` gave it
# (issue 35: copy only what setup sets; tests/odnd/test_template_copy.py checks both lists
# against the dataclass's fields and every example's template).
SHEET_FIELDS: Final = (
    "id", "name", "side", "position", "status", "dice_vars", "hidden", "controller",
    "controller_side", "kind", "cls", "level", "hd", "hd_plus", "hero", "fighter_type",
    "normal_man", "fumble_level", "needed_at_ac9", "base_ac", "dex_bonus", "shield", "weapons",
    "attacks", "sweep_attacks", "sweep_plus", "hp", "max_hp", "hit_dice", "morale", "group",
    "needs", "magic_weapon", "size", "range_band", "elevation", "cover", "mounted", "horns",
    "move", "hasted", "psy_bonus", "spells", "leader", "placed", "facing", "back_to_wall",
    "backstabber", "backstab_mult", "round_start", "subdue", "pull_punches", "strong",
    "intelligent", "on_roll", "skeleton", "str_bonus", "unit_size", "unit_damage", "carries",
)  # fmt: skip


def clone_fighter(f: Fighter) -> Fighter:
    """A copy of a template's fighter as setup left it, for the next battle (issue 35: the
    sheet's arithmetic once per encounter): its `SHEET_FIELDS`, the round's fields left at
    the defaults a template has (no target, holder, grapple or shield faced yet)."""
    n = Fighter(f.id, f.name, f.side, list(f.weapons))
    n.position, n.status = f.position, f.status
    if f.dice_vars:
        n.dice_vars = dict(f.dice_vars)
    n.hidden, n.controller, n.controller_side = f.hidden, f.controller, f.controller_side
    n.kind, n.cls, n.level, n.hd, n.hd_plus = f.kind, f.cls, f.level, f.hd, f.hd_plus
    n.hero, n.fighter_type, n.normal_man = f.hero, f.fighter_type, f.normal_man
    n.fumble_level, n.needed_at_ac9, n.base_ac = f.fumble_level, f.needed_at_ac9, f.base_ac
    n.dex_bonus, n.shield, n.attacks = f.dex_bonus, f.shield, f.attacks
    n.sweep_attacks, n.sweep_plus, n.hp, n.max_hp = f.sweep_attacks, f.sweep_plus, f.hp, f.max_hp
    n.hit_dice, n.morale, n.group, n.needs = f.hit_dice, f.morale, f.group, f.needs
    n.magic_weapon, n.size, n.range_band = f.magic_weapon, f.size, f.range_band
    n.elevation, n.cover, n.mounted, n.horns = f.elevation, f.cover, f.mounted, f.horns
    n.move, n.hasted, n.psy_bonus, n.leader = f.move, f.hasted, f.psy_bonus, f.leader
    if f.spells:
        n.spells = list(f.spells)
    n.placed, n.facing, n.back_to_wall = f.placed, f.facing, f.back_to_wall
    n.backstabber, n.backstab_mult, n.round_start = f.backstabber, f.backstab_mult, f.round_start
    n.subdue, n.pull_punches, n.strong = f.subdue, f.pull_punches, f.strong
    n.intelligent, n.on_roll, n.skeleton = f.intelligent, f.on_roll, f.skeleton
    n.str_bonus, n.unit_size, n.unit_damage = f.str_bonus, f.unit_size, f.unit_damage
    if f.carries:
        n.carries = list(f.carries)
    return n


def clone_state(template: OdndState) -> OdndState:
    """A battle's starting state: the encounter's template (`Odnd.setup`) with its fighters
    copied (`clone_fighter`) and every list of them pointing at the copies. A template has
    fought no round: nothing pending, casting or chasing, no trigger checked."""
    sides = cloned_sides(template.sides, Fighter, clone_fighter)
    copies: dict[int, Fighter] = {}  # each template fighter's copy, by the original's id
    for s, kept in enumerate(template.sides):  # by index: zip's `strict` is a keyword call
        members = sides[s].combatants
        for i, original in enumerate(kept.combatants):
            copy = members[i]
            assert isinstance(copy, Fighter)
            copies[id(original)] = copy
    state = OdndState(sides, template.conditions, template.options, template)
    for name, group in template.groups.items():
        state.groups[name] = [copies[id(f)] for f in group]
    for dice, copied in template.appearing:
        state.appearing.append((dice, [copies[id(f)] for f in copied]))
    return state
