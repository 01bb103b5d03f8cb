"""The default Murdham tactics, for every faction nobody else controls. It reads the state
and picks among the options the rules offer; it never rolls and never changes the state.

- activate the character with the most valuable plan (it does not pass while it can act: a
  faction that waits for the enemy to commit needs a human's judgement of the enemy);
- strike the able enemy where expected damage through armour, weighted by the chance to hit,
  is best, finishing the nearly-dead first; close in when nothing is in reach;
- react with a counter when it trades well, else dodge when the AGI save is likely; guard
  an ally from a death blow unless the guard would likely fall itself;
- propose a surrender stunt to an enemy who would likely not survive the blow; accept one
  when the blow would likely incapacitate; retreat rather than surrender on a failed morale;
- surrender when the fight is lost: alone, one hit from falling, against two or more.
"""

from __future__ import annotations

from typing import Any, Final

from fracas.core.combatant import Decider, Side
from fracas.core.controllers import Policy, UnknownDecision
from fracas.rulesets.murdham import decisions, harm
from fracas.rulesets.murdham.attack import (
    Counter,
    Dodge,
    Guard,
    Hide,
    NoReaction,
    Stunt,
    max_range,
    net_damage_steps,
    reach,
    wit_save_needed,
)
from fracas.rulesets.murdham.morale import RETREAT
from fracas.rulesets.murdham.round import eligible
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon
from fracas.rulesets.murdham.turn import (
    Advance,
    Blast,
    BreakFree,
    DeathBlow,
    FreeAlly,
    Hold,
    PickUp,
    Strike,
    Surrender,
)

# A lost fight (`_fight_is_lost`): surrender then beats every plan (a strike is 1 + damage).
LOST_FIGHT: Final = 100.0
LAST_HIT: Final = 2  # health at which any hit (a d6's exploding mean is 4.2) likely fells


def shaded_mean(die: int, net: int) -> float:
    """Mean of an exploding die (M9): (die + 1) / 2 · die / (die − 1); impaired/enhanced
    shade it by a third of the die either way (a quick estimate, for tactics only)."""
    if net <= -2:
        return 0.0
    base = (die + 1) / 2 * die / (die - 1) if die > 1 else 1.0
    shaded = base + net * die / 6
    return shaded if shaded > 0.0 else 0.0


# `shaded_mean` of the dice there are (up to d100), impaired, plain and enhanced once, worked
# out once: the policy asks it for every weapon and target it weighs (issue 10).
_MEANS: Final = tuple(tuple(shaded_mean(die, net) for net in (-1, 0, 1)) for die in range(101))


def mean_die(die: int, net: int) -> float:
    """`shaded_mean`, from the table where it has the answer."""
    if 0 <= die < len(_MEANS) and -1 <= net <= 1:
        return _MEANS[die][net + 1]
    return shaded_mean(die, net)


def through(dmg: float, steps: int, blast: bool, av: int, hit: float) -> float:
    """`MurdhamPolicy.expected` from its parts: a die mean `dmg`, doubled per size the
    attacker is larger (`steps`) and halved per size smaller, except for blasts (seed
    "Effects of size"), less the armour value `av`, at least 0.2, by the chance to hit."""
    if steps != 0 and not blast:
        dmg = float(1 << steps) * dmg if steps > 0 else dmg / float(1 << -steps)
    left = dmg - av
    return hit * (left if left > 0.2 else 0.2)


# The decisions a character makes that the policy scores option by option.
_SCORED: Final = (
    decisions.TURN,
    decisions.REACT,
    decisions.GUARD,
    decisions.OPPORTUNITY_ATTACK,
    decisions.STUNT,
    decisions.MORALE,
    decisions.WEAPON_TO_DISARM,
)


def in_reach(
    state: MurdhamState, c: Character, e: Character, w: Weapon, distance: int, half: int
) -> bool:
    """The policy's quick test of a weapon against an enemy `distance` zones away: a ranged
    weapon within its range at a visible target, a melee one within a half move and its reach."""
    if w.data.ranged:
        return distance <= max_range(c, e, w) and state.visible(c, e)
    return distance <= half + reach(c, w)


class MurdhamPolicy(Policy):
    def __init__(self, state: MurdhamState) -> None:
        self.state = state
        # The last full-force strike scored in this decision (`_plan`): a turn offers the same
        # attack again drawing back after it, worth the same expected damage (issue 10).
        self._struck: Character | None = None
        self._with: Weapon | None = None
        self._moving = False
        self._expected = 0.0

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        """The default tactics' answer; the table calls it directly
        (`core.controllers.Policy`)."""
        if isinstance(who, Side):
            if decision == decisions.FIRST_FACTION:
                for i in range(len(options)):  # take the first turn ourselves
                    if options[i] == who.name:
                        return i
                return list(options).index(who.name)  # (not among them: ValueError)
            if decision == decisions.ACTIVATE:
                return self._activate(who.name, list(options))
        elif isinstance(who, Character):
            if decision == decisions.ACCEPT_STUNT:
                return 1 if self._would_fall(who) else 0
            if decision in _SCORED:
                # The best-scored option, the earlier on a tie (`best_index`), scored one by
                # one without a list of scores or a scorer looked up per call (issue 10).
                self._struck = None  # nothing remembered from another decision
                best = 0
                top = self._score(decision, who, options[0])
                for i in range(1, len(options)):
                    score = self._score(decision, who, options[i])
                    if score > top:
                        best, top = i, score
                return best
        raise UnknownDecision(f"the Murdham policy has no answer to {decision!r}")

    def _score(self, decision: str, me: Character, option: object) -> float:
        if decision == decisions.TURN:
            return self._plan(me, option)
        if decision == decisions.REACT:
            return self._react(me, option)
        if decision == decisions.GUARD:
            if option:
                return 1.5 if not self._would_fall(me) else 0.0
            return 1.0
        if decision == decisions.OPPORTUNITY_ATTACK:
            return self._opportunity(me, option)
        if decision == decisions.STUNT:
            return self._stunt(me, option)
        if decision == decisions.MORALE:
            return 1.0 if option == RETREAT else 0.0
        return float(option.data.die) if isinstance(option, Weapon) else 0.0  # to disarm

    # --- whom to activate ----------------------------------------------------------------

    def _activate(self, side: str, options: list[Any]) -> int:
        """The character with the best plan; but when none of ours can strike yet and an
        enemy who has not acted can, pass and let them come to us (to be countered or caught
        by opportunity attacks). Both sides out of reach never both pass: the advance goes on."""
        if len(options) == 2:  # one candidate: only whether its plan is worth 1 matters
            if not self._can_strike(options[1]) and self._enemy_can_strike(side):
                return 0
            return 1
        # The highest value, the earlier on a tie (a loop: `max` with a key function calls
        # back through Python for each candidate; issue 10).
        best, top = 1, self._best_plan(options[1])
        for i in range(2, len(options)):
            value = self._best_plan(options[i])
            if value > top:
                best, top = i, value
        if top < 1.0 and self._enemy_can_strike(side):
            return 0
        return best

    def _enemy_can_strike(self, side: str) -> bool:
        return any(
            e.side != side and eligible(e) and self._can_strike(e) for e in self.state.characters()
        )

    # --- plans --------------------------------------------------------------------------

    def _best_plan(self, c: Character) -> float:
        """A quick estimate of what `c` could do this turn (cheaper than scoring every plan):
        its best expected hit on an able enemy within a half move, else 0.5."""
        if c.grabbed_by is not None:
            return 1.0
        best = 0.5
        state = self.state
        half = max(1, c.speed // 2) if c.speed else 0
        weapons = c.usable_weapons()  # the same for every enemy
        # `expected(c, e, w, moving=False)` taken apart (issue 35): each weapon's die mean
        # depends on `c` and the weapon only, the armour and (for melee) whether a WIT save is
        # needed on the enemy only; worked out once each, then put together by `through`, as
        # `expected` does, so every value is the same float.
        means: list[float] = []
        for w in weapons:
            means.append(mean_die(w.data.die, net_damage_steps(c, w, False)))
        for e in state.characters():
            if e.side == c.side or not e.able or e.hidden:
                continue
            distance = state.range(c, e)
            av = -1  # not read yet: only for a weapon in reach
            unseen = False
            for k in range(len(weapons)):
                w = weapons[k]
                if not in_reach(state, c, e, w, distance, half):
                    continue
                data = w.data
                if av < 0:
                    av = harm.armour_value(e, shield_counts=False, cover_counts=True)
                    unseen = not state.visible(c, e)  # melee: a WIT save (`wit_save_needed`)
                if data.ranged:
                    needs_save = wit_save_needed(state, c, e, w, False) is not None
                else:
                    needs_save = unseen
                hit = 1.0
                if needs_save:
                    wit = c.WIT
                    hit = (wit if wit < 19 else 19) / 20
                value = 1.0 + through(
                    means[k], c.size - e.size, data.blast, 0 if data.direct else av, hit
                )
                if value > best:
                    best = value
        return best

    def _can_strike(self, c: Character) -> bool:
        """Whether `_best_plan(c)` is 1 or more, without working out how much: some hit in
        reach is worth 1 + its expected damage, and that is never below 0 unless a WIT save
        is needed with a WIT below 0 (`expected`: the chance to hit times at least 0.2). The
        activation of a lone candidate, and whether the enemy can strike, ask no more."""
        if c.grabbed_by is not None:
            return True
        state = self.state
        half = max(1, c.speed // 2) if c.speed else 0
        weapons = c.usable_weapons()
        for e in state.characters():
            if e.side == c.side or not e.able or e.hidden:
                continue
            distance = state.range(c, e)
            for w in weapons:
                if in_reach(state, c, e, w, distance, half):
                    if c.WIT >= 0 or wit_save_needed(state, c, e, w, False) is None:
                        return True
                    if 1.0 + self.expected(c, e, w, moving=False) >= 1.0:
                        return True
        return False

    def expected(
        self,
        me: Character,
        target: Character,
        weapon: Weapon,
        moving: bool,
        held_back: bool = False,
    ) -> float:
        """Expected damage through armour, by the chance to hit: the dice doubled per size
        larger, halved per size smaller (seed "Effects of size"; blasts are not). Powers of
        two as shifts and floats compared by hand: `**` and `max` are generic calls compiled
        (issue 10); the arithmetic, and so every score, is the same."""
        data = weapon.data
        dmg = mean_die(data.die, net_damage_steps(me, weapon, held_back))
        av = 0 if data.direct else harm.armour_value(target, shield_counts=False, cover_counts=True)
        hit = 1.0
        if wit_save_needed(self.state, me, target, weapon, moving) is not None:
            wit = me.WIT
            hit = (wit if wit < 19 else 19) / 20
        return through(dmg, me.size - target.size, data.blast, av, hit)

    def _strike_value(self, me: Character, plan: Strike) -> float:
        """`expected` for a strike, remembered for the next with the same target, weapon and
        movement at full force within the same decision (the state does not change while a
        decision's options are scored)."""
        moving = plan.approach > 0
        if plan.target is self._struck and plan.weapon is self._with and moving == self._moving:
            # A blow held back right after the same blow at full force (`turn.plans` lists
            # them so): its expected damage is never more (one more impairment, M11, lowers
            # the shaded mean or leaves it at 0), so neither is its score, and the earlier
            # option wins a tie. Scored as the full blow, it is still never chosen over it,
            # without its damage worked out (issue 35).
            return self._expected
        if plan.held_back:
            return self.expected(me, plan.target, plan.weapon, moving, True)
        value = self.expected(me, plan.target, plan.weapon, moving, False)
        self._struck, self._with, self._moving, self._expected = (
            plan.target,
            plan.weapon,
            moving,
            value,
        )
        return value

    def _plan(self, me: Character, plan: object) -> float:
        state = self.state
        if isinstance(plan, Strike):
            t = plan.target
            kind = plan.kind
            if kind != "damage":
                resist = 0.0 if t.size < me.size else min(t.STR, 19) / 20
                # grapple 0.8, shove 0.2, disarm 0.4 (no table built per option; issue 10)
                worth = 0.8 if kind == "grapple" else 0.2 if kind == "shove" else 0.4
                return worth * (1 - resist)
            value = self._strike_value(me, plan)
            if value * 2 >= t.health:
                value *= 1.5  # likely critical damage: it takes them out
            if plan.withdraw:  # shooters keep their distance; fighters stay in the fray
                value += 0.3 if plan.weapon.data.ranged else -0.3
            return 1.0 + value
        if isinstance(plan, DeathBlow):
            return 0.9 if plan.target.dying_until is None else 0.5
        if isinstance(plan, Blast):
            total = 0.0
            for t in state.in_zone(plan.zone):
                if t is me and not plan.weapon.data.ranged:
                    continue
                gain = self.expected(me, t, plan.weapon, plan.approach > 0)
                total += gain if t.side != me.side else -2 * gain
            return 1.0 + total if total > 0 else 0.0
        if isinstance(plan, Advance):
            return 0.5 / (1 + state.range(me, plan.toward))
        if isinstance(plan, FreeAlly):
            return 1.0 * min(me.STR, 19) / 20
        if isinstance(plan, BreakFree):
            return 1.0
        if isinstance(plan, Hold):
            return 0.01
        if isinstance(plan, PickUp):
            return 0.9
        if isinstance(plan, Surrender):
            return LOST_FIGHT if self._fight_is_lost(me) else 0.0
        return 0.0

    def _fight_is_lost(self, me: Character) -> bool:
        """Seed "Surrendering": one may spend the turn to surrender and "might be spared".
        Worth it when the fight is lost: the last of its faction still able, one hit from
        falling, against two or more able enemies. The fearless (immune to fear, and so to
        morale, seed "Morale") and mounts fight on. A faction that makes no morale checks
        (`morale: false`, as player characters who decide for themselves) may still choose to
        surrender: the choice is the player's, and this is how a player would choose."""
        if me.health > LAST_HIT or me.immune_to_fear or me.is_mount:
            return False
        foes = 0
        for c in self.state.characters():
            if c.able and c is not me:
                if c.side == me.side:
                    return False  # an ally still fights: the fight is not lost yet
                foes += 1
        return foes >= 2

    # --- reactions ------------------------------------------------------------------------

    def _incoming(self, me: Character) -> float:
        return 3.5  # a typical hit (d6 exploding, before armour): tactics need no more

    def _react(self, me: Character, option: object) -> float:
        if isinstance(option, NoReaction):
            return 1.0  # keeping the turn is worth about one attack of one's own
        if isinstance(option, Counter):
            if option.kind != "damage":
                return 0.5
            return 1.2 + 0.1 * option.weapon.data.die
        if isinstance(option, Dodge):
            return 3.0 * min(me.AGI, 19) / 20 * (2.0 if self._would_fall(me) else 1.0)
        if isinstance(option, Guard):
            g = option.guard
            return 1.5 if self._would_fall(me) and g.health > 2 * me.health else 0.0
        if isinstance(option, Hide):
            return 0.0
        return 0.0

    def _opportunity(self, me: Character, option: object) -> float:
        return 2.0 if option is not None else 1.0

    def _stunt(self, me: Character, option: object) -> float:
        """Offer a surrender to a foe at 2 health or less, who would likely not survive the
        blow; otherwise strike."""
        if isinstance(option, Stunt):
            return 2.0 if option.effect == "surrender" and option.target.health <= 2 else 0.0
        return 1.0

    def _would_fall(self, me: Character) -> bool:
        return me.health <= 4
