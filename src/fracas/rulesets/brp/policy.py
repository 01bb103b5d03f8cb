"""The default BRP tactics: decides for every side that no person or script controls.

It only reads the state and picks among the options the rules offer (`actions.py`,
`combat.py`); it never changes the state and never rolls. Heuristics, not rules:
- attack the able enemy where hit chance × expected damage through armour is best, finishing
  the nearly-dead first and preferring blows that need less running (a better DEX rank);
- never waste blows on the helpless while others still fight;
- parry or dodge, whichever has the better chance;
- reload when nothing better is in reach; run toward the nearest enemy when none is;
- tend a dying ally when the First Aid has a real chance to save them, and bring round an
  unconscious one (First Aid, or waking them) when no enemy is at hand;
- never strike the helpless while others still fight: holding the blow scores higher.
"""

from __future__ import annotations

from typing import Any, Final

from fracas.core.combatant import Decider
from fracas.core.controllers import Policy, UnknownDecision
from fracas.rulesets.brp import combat, decisions, odds
from fracas.rulesets.brp.actions import (
    MAX_WITH_ACTION,
    Advance,
    Attack,
    Awaken,
    Defend,
    FirstAid,
    Kneel,
    Reload,
    gap,
    in_range,
)
from fracas.rulesets.brp.profile import Worth
from fracas.rulesets.brp.state import (
    BRPState,
    Fighter,
    Injury,
    Record,
    Weapon,
    metres_between,
)

SAVE_WORTH_TRYING: Final = 0.15  # chance to save a dying ally above which tending beats striking
HELPLESS: Final = -1.0  # a blow at the helpless: below holding (0), defending or moving on


def heal_chance(aider: Fighter, patient: Fighter, needed: int) -> float:
    """P(First Aid raises the patient by at least `needed`): skill × P(min(1D3, injury) ≥ n)."""
    # The largest untreated injury, by a loop: compiled, the builtins `max` and `min` over a
    # list built for them were generic calls, 2,000 instructions an option (issue 35).
    largest = -1  # (no untreated injury)
    for i in patient.injuries:
        if not i.aided and i.damage > largest:
            largest = i.damage
    if largest < 0 or needed > (3 if largest > 3 else largest):
        return 0.0
    # P(1D3 ≥ n) = (4 − n) / 3; a float division is the float of that fraction, as exact
    # (a `Fraction` is interpreted Python: a 4v4's wounded made it a twentieth of the battle)
    at_least = needed if needed > 1 else 1
    p_heal = (4 - at_least if at_least < 4 else 0) / 3
    skill = aider.first_aid if aider.first_aid < 95 else 95
    return skill / 100 * p_heal


def _after_moving(value: float, move: float) -> float:
    """A blow's worth after the move it needs (a better DEX rank for less running, §5.3)."""
    if move > 15:
        value *= 0.7
    elif move > 5:
        value *= 0.85
    return 0.02 + value  # a blow that cannot hurt still beats standing idle


def _remembered(rec: Record, options: list[Any] | None, pick: int) -> None:
    """Remember the pick from `options`, a list `actions.intents` handed out (None: nothing
    remembered). `intents` hands the same list out again only while the places, gear and
    standing of the fighter, its enemies and its allies are as when it was listed
    (`actions._unchanged`); a blow's, a run's, a reload's or a waking's score reads nothing
    else of the fighters but the enemies' hit points (`_attack_value`: the injury that drops
    the target), kept here and compared (`_same_hit_points`). Defending scores a constant.
    First Aid (the patient's injuries) and kneeling (the enemies' missile weapons) read more:
    a list with either is weighed afresh each time. Kept in the fighter's record on the
    state: a copy of the state starts with a blank one (`state.Record`)."""
    rec.scored, rec.pick = options, pick
    if options is None:
        return
    hps = rec.hps
    enemies = rec.enemies
    if len(hps) != len(enemies):
        hps = rec.hps = [0] * len(enemies)
    for i in range(len(enemies)):
        e = enemies[i]
        hps[i] = e.hp if isinstance(e, Fighter) else 0


def _same_hit_points(rec: Record) -> bool:
    """Whether each enemy's hit points are those `_remembered` kept."""
    hps = rec.hps
    enemies = rec.enemies
    for i in range(len(enemies)):
        e = enemies[i]
        if isinstance(e, Fighter) and e.hp != hps[i]:
            return False
    return True


class BRPPolicy(Policy):
    """A controller for BRP: a core `Policy`, which the table asks directly (`pick`), and
    everyone else through the `Controller` protocol (`choose`)."""

    def __init__(self, state: BRPState) -> None:
        self.state = state

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        """The best-scored option, the earlier on a tie (`core.controllers.best_index`),
        scored one by one without building the list of scores."""
        if isinstance(who, Fighter):  # (the two asked most first: no search of `ALL`)
            if decision == decisions.INTENT:
                return self._pick_intent(who, options)
            if decision == decisions.DEFEND:  # (asked at every attack: no dispatch per option)
                return self._pick_defence(who, options)
        if decision not in decisions.ALL or not isinstance(who, Fighter):  # BRP asks fighters
            raise UnknownDecision(f"the BRP policy has no answer for {decision!r}")
        best = 0
        top = self._score(decision, who, options[0])
        for i in range(1, len(options)):
            score = self._score(decision, who, options[i])
            if score > top:
                best, top = i, score
        return best

    def _pick_intent(self, me: Fighter, options: list[Any]) -> int:
        """`pick` for the statement of intent: a blow's worth is read from the weapon's table
        of worths (`_worth`), no score kept per option (issue 35). The pick from a list
        `actions.intents` handed out again is remembered, while the enemies' hit points are
        as they were (`_remembered`)."""
        rec = self.state.record(me)
        if options is rec.scored and _same_hit_points(rec):
            return rec.pick
        best = 0
        top = 0.0
        known = True  # every score read only what `_remembered` says
        for i in range(len(options)):
            option = options[i]
            if isinstance(option, Attack):
                score = self._attack_value(me, option)
            else:
                known = known and isinstance(option, (Defend, Advance, Reload, Awaken))
                score = self._intent(me, option)
            if i == 0 or score > top:
                best, top = i, score
        if options is rec.listed:  # (another list, a caller's own: nothing to remember)
            _remembered(rec, options if known else None, best)
        return best

    def _pick_defence(self, me: Fighter, options: list[Any]) -> int:
        best = 0
        top = self._defend(me, options[0])
        for i in range(1, len(options)):
            score = self._defend(me, options[i])
            if score > top:
                best, top = i, score
        return best

    def _score(self, decision: str, me: Fighter, option: object) -> float:
        if decision == decisions.INTENT:
            return self._intent(me, option)
        if decision == decisions.DEFEND:
            return self._defend(me, option)
        if decision == decisions.TEND_DYING_ALLY:
            return self._tend(me, option)
        if decision == decisions.NEW_TARGET:
            return self._new_target(me, option)
        return self._injury(me, option)

    # --- statement of intent ----------------------------------------------------------------

    def _intent(self, me: Fighter, option: object) -> float:
        state = self.state
        if isinstance(option, Attack):
            return self._attack_value(me, option)
        if isinstance(option, FirstAid):
            patient = option.patient
            if patient.active:
                return 0.0  # bandaging the walking wounded can wait for the fight's end
            threatened = any(
                isinstance(e, Fighter) and e.active and gap(state, me, e) <= 0
                for e in state.enemies_of(me)
            )
            return 8 * heal_chance(me, patient, 3 - patient.hp) * (0.5 if threatened else 1.0)
        if isinstance(option, Awaken):
            return self._awaken_value(option.patient)
        if isinstance(option, Reload):
            return 0.6 * self._weapon_value(me, option.weapon)
        if isinstance(option, Advance):
            return 0.1 + 0.1 / (1 + metres_between(me, option.toward))
        if isinstance(option, Kneel):
            shooters = any(
                w.data.missile and not w.data.high_velocity and w.ready
                for e in state.enemies_of(me)
                if isinstance(e, Fighter) and e.active
                for w in e.weapons
            )
            return 0.05 if shooters else 0.0
        if isinstance(option, Defend):
            return 0.01
        return 0.0

    def _awaken_value(self, patient: Fighter) -> float:
        """Bring round an unconscious ally when no enemy could reach them this round: awake
        at 1–2 HP in an enemy's reach, they are only a target (worth no more than defending)."""
        exposed = any(
            isinstance(e, Fighter) and e.active and gap(self.state, e, patient) <= MAX_WITH_ACTION
            for e in self.state.enemies_of(patient)
        )
        return 0.005 if exposed else 0.5

    def _attack_value(self, me: Fighter, option: Attack) -> float:
        if not option.target.active:
            return HELPLESS  # the helpless are not worth a blow while anyone else fights
        return _after_moving(self._blow_value(me, option), option.move)

    def _blow_value(self, me: Fighter, option: Attack) -> float:
        """What a blow at a standing target is worth before the move it needs: its expected
        injury, more if it may drop the target (to 2 HP or less): `Worth.at`, with k the
        injury that drops it."""
        target = option.target
        chance = combat.attack_chance(self.state, me, target, option.weapon, option.within)
        k = target.hp - 2
        return self._worth(me, option.weapon, target, chance).at(k if k > 1 else 1)

    def _worth(self, me: Fighter, weapon: Weapon, target: Fighter, chance: int) -> Worth:
        """The odds of a blow and their worth (`profile.Worth`), kept with the weapon by chance
        and armour (`Weapon.odds`): a weapon is its holder's, so its damage and damage bonus
        are fixed; worked out once for all the battles of an encounter (`odds.profile`'s own
        cache hashes five values, strings among them). Both are small integers, never
        negative (were one, nothing would be kept)."""
        armour = combat.armour_against(target, weapon)
        kept = weapon.odds
        by_armour = kept[chance] if 0 <= chance < len(kept) else None
        if by_armour is not None and 0 <= armour < len(by_armour):
            found = by_armour[armour]
            if found is not None:
                return found
        worth = Worth(
            odds.profile(
                chance,
                weapon.data.damage,
                combat.damage_notation(weapon, special=True),
                me.db,
                armour,
            )
        )
        if chance >= 0 and armour >= 0:
            while len(kept) <= chance:
                kept.append(None)
            if by_armour is None:
                by_armour = kept[chance] = []
            while len(by_armour) <= armour:
                by_armour.append(None)
            by_armour[armour] = worth
        return worth

    def _weapon_value(self, me: Fighter, weapon: Weapon) -> float:
        """What a reloaded missile weapon would be worth against the best foe in range."""
        foes = [
            e
            for e in self.state.enemies_of(me)
            if isinstance(e, Fighter) and e.active and in_range(weapon, metres_between(me, e))
        ]
        return max(
            (self._worth(me, weapon, e, weapon.chance).mean for e in foes),
            default=0.0,
        )

    # --- during the round -------------------------------------------------------------------

    def _defend(self, me: Fighter, option: object) -> float:
        if isinstance(option, combat.Parry):
            return option.chance
        if isinstance(option, combat.Dodge):
            return option.chance + 0.5  # on a tie, dodge: it risks no weapon (§5.8)
        return 0.0

    def _tend(self, me: Fighter, option: object) -> float:
        if isinstance(option, FirstAid):
            p = heal_chance(me, option.patient, 1 - option.patient.hp)
            return p if p >= SAVE_WORTH_TRYING else -1.0
        return 0.0

    def _new_target(self, me: Fighter, option: object) -> float:
        if isinstance(option, Fighter):
            return 100.0 - option.hp if option.active else HELPLESS
        return 0.0  # hold the blow

    def _injury(self, me: Fighter, option: object) -> float:
        return float(option.damage) if isinstance(option, Injury) else 0.0
