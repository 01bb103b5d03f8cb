"""The OD&D fight state: fighters with everything the rounds read computed once (derived
to-hit row, AC, damage notation), and the battle's bookkeeping."""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.core.combatant import BattleState, Combatant
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


# Not slots=True while this ruleset is not compiled: an interpreted subclass of the compiled
# Combatant and BattleState must not shadow their fields with slots of its own
# (docs/ARCHITECTURE.md, "The compiled build").
@dataclass(eq=False)
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

    @property
    def primary(self) -> Wielded:
        return self.weapons[0]


@dataclass(eq=False)
class Chase:
    """Rules 134–139, ODD-U27: one pursuer after one fleer on a one-dimensional track; `gap`
    in feet; `caught` once within 10 ft (rule 55); `rounds` run."""

    fleer: Fighter
    pursuer: Fighter
    gap: float
    rounds: int = 0
    caught: bool = False
    direction: tuple[float, float] = (1.0, 0.0)  # on the plane: the way the fleer runs


@dataclass
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

    def fighters(self) -> list[Fighter]:
        out: list[Fighter] = []
        for s in self.sides:
            for c in s.combatants:
                assert isinstance(c, Fighter)
                out.append(c)
        return out


rebuilt_by_constructor(Wielded, Chase)  # copies of a state (core.immutable)
