"""The default OD&D tactics, for every side nobody else controls. It reads the state and
scores the options the rules offer; it never rolls and never changes the state.

- declare against the enemy where the expected damage a round, weighed against the hit
  points left (the chance of a kill), is best; sweep normal men when the sweep's expected
  kills beat a single attack (ODD-U11);
- charge (rule 77) when a foe is beyond half a move but within a full one (the charge's +2
  and double damage), unless it stands behind a set spear; run toward foes out of reach;
- set a spear (rule 83) when an unengaged foe could charge it; cast a damaging spell when
  it beats an attack, haste on an ally not yet hasted; stand ready (parry) rather than run
  at a foe who can reach it this round;
- parry (rule 92) only when down to a quarter of its hit points and some foe in reach is not
  (no parry stalemates, issue 29); a shooter caught in a melee withdraws (rule 51); never
  swing at a foe its weapon cannot hurt (rule 31, issue 34: another target, or a parry);
  a character whose side cannot win (`worth.fight_lost`: it cannot hurt the foes left, or
  they would take it out in under half the rounds it needs) turns and flees by the Retreat
  (rule 52, issue 34), a monster only from foes its side cannot hurt (else morale decides
  flight, ODD-U28); the players' side chooses to fight (rule 118), or to flee when chases
  are played and the monsters' hit dice are twice its levels;
- pick each sweep victim, or a new target, by the same measure: the weakest able enemy
  first, the lowest hit points, then the earliest in the roster (ODD-U12's pinned targeting);
- stage 2, by the odds (issue 34): grapple when the gang in melee with a foe they would
  not fell this round is likely to pin it (`grapple_policy`, rules 104–105); disarm,
  dismount or whip when what it denies the foe beats the plain attack's harm
  (`manoeuvre_policy`, rules 40, 91, 93); whip a weapon in the hand away (its pick-up
  costs a whole action, ODD-U16), else the feet; ODD-U47: an intelligent monster side that
  surprised a party whose levels are twice its hit dice holds in the free round;
- fleeing (rules 137–139): drop what the pursuer stops for, else take a turning of the route,
  else run on; turn and fight only when it cannot outrun the pursuer and is not outmatched;
  pursue the nearest quarry; a character gives chase when not nearly dead and not slower
  than the routing foes (issue 29: pursuit is the pursuer's choice).
"""

from __future__ import annotations

from typing import Any

from fracas.core.combatant import Decider, Side
from fracas.core.controllers import Policy, UnknownDecision, best_index
from fracas.rulesets.odnd import (
    data,
    decisions,
    facing,
    grapple_policy,
    manoeuvre_policy,
    moves,
    pursuit_policy,
    shortcut,
    space,
    worth,
)
from fracas.rulesets.odnd import state as codes  # (`Plan.code`'s names)
from fracas.rulesets.odnd.round import Plan
from fracas.rulesets.odnd.state import Fighter, OdndState


def value(attacker: Fighter, target: Fighter, attacks: int) -> float:
    """Expected hits, each worth more the likelier it kills (low hit points first)."""
    return worth.attack_value(target, attacks, worth.hit_chance(attacker, target))


def nearly_dead(f: Fighter) -> bool:
    """A quarter of its hit points or less."""
    return 4 * f.hp <= f.max_hp


class OdndPolicy(Policy):
    def __init__(self, state: OdndState) -> None:
        self.state = state
        # Each side's readings of this round (`_lost`), by side: emptied as a round begins.
        self._round = -1
        self._hopeless: dict[str, bool] = {}
        self._lost_by_side: dict[str, bool] = {}
        # `me`'s hit chances of the declaration being scored (`_hit`): the first `_kept`
        # targets and their chances, two short lists scanned by identity (issue 35: a dict
        # keyed by a compiled fighter cost as much as the chance itself). The policy reads
        # the state and never changes it, so a declaration's chances stay true through it.
        self._kept = 0
        self._kept_targets: list[Fighter] = []
        self._kept_hits: list[float] = []

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        """The default tactics' answer (options read only); the table calls it directly
        (`core.controllers.Policy`)."""
        # (The decision's word first, and a fighter told by its exact type first: `isinstance`
        # of a class open to interpreted subclasses walks the type's bases; issue 35.)
        if decision == decisions.PLAYERS and isinstance(who, Side):
            return options.index(self._players(who))  # rule 118
        if isinstance(who, Fighter) and (type(who) is Fighter or not isinstance(who, Side)):
            if decision == decisions.DECLARE:
                return self._declare(who, options)
            if decision == decisions.VICTIM:
                return best_index([self._victim(who, o) for o in options])
            if decision == decisions.WHIP_AREA:  # a lost weapon costs a whole action
                target = who.plan_target
                armed = target is not None and manoeuvre_policy.droppable(target)
                return options.index("weapon" if armed else "feet")
            if decision == decisions.GIVE_CHASE:  # issue 29: the pursuer's choice
                return options.index(self._give_chase(who))
            if decision in (decisions.FLEE, decisions.PURSUE):
                return pursuit_policy.choose(self.state, who, decision, options)
        raise UnknownDecision(f"the OD&D policy has no answer to {decision!r}")

    def _players(self, side: Side) -> str:
        """Rule 118: fight, unless the monsters' hit dice are at least twice the party's
        levels (and a chase is possible): then flee."""
        ours = sum(max(1, c.level) for c in side.active() if isinstance(c, Fighter))
        theirs = sum(
            max(1, c.hd) for c in self.state.fighters() if c.side != side.name and c.active
        )
        flee = self.state.conditions.pursuit and theirs >= 2 * ours
        return "flee" if flee else "fight"

    def _declare(self, me: Fighter, plans: list[Plan]) -> int:
        """The best plan, the earlier on a tie (`best_index`), each scored by `_score`."""
        back = self._holds_back(me)
        self._kept = 0  # a new declaration: the state may have changed since the last
        best, top = 0, 0.0
        for i in range(len(plans)):
            score = self._score(me, plans[i], back)
            if i == 0 or score > top:
                best, top = i, score
        return best

    def _plan(self, me: Fighter, plan: Plan) -> float:
        """One plan's score, on its own (what `_declare` gives it)."""
        self._kept = 0
        return self._score(me, plan, self._holds_back(me))

    def _hit(self, me: Fighter, target: Fighter) -> float:
        """`worth.hit_chance(me, target)` for the declaration being scored (`me` is its
        declarer): worked out once a target, then read from the short lists (`_kept`)."""
        targets = self._kept_targets
        n = self._kept
        for i in range(n):
            if targets[i] is target:
                return self._kept_hits[i]
        hit = worth.hit_chance(me, target)
        if n < len(targets):
            targets[n] = target
            self._kept_hits[n] = hit
        else:
            targets.append(target)
            self._kept_hits.append(hit)
        self._kept = n + 1
        return hit

    def _value(self, me: Fighter, target: Fighter, attacks: int) -> float:
        """`value` with the kept hit chance (the same arithmetic, the same float)."""
        return worth.attack_value(target, attacks, self._hit(me, target))

    def _score(self, me: Fighter, plan: Plan, back: bool) -> float:
        if back:  # ODD-U47: the prey is obviously too strong
            return 1.0 if plan.action == "parry" else -1.0
        target = plan.target
        code = plan.code  # (what the plan is, an integer: `state.ACTION_CODES`; issue 35)
        if code == codes.ATTACK and target is not None and not plan.sweep:
            # The plain attack, most of the options (issue 35): what the checks below come
            # to for it, without comparing its action with every other's first.
            hit = self._hit(me, target)
            if hit == 0.0:
                return -0.5  # rule 31 (issue 34): never a swing at a foe it cannot hurt
            plain = worth.attack_value(target, me.attacks, hit)
            if facing.can_backstab(self.state, me, target):  # rules 72, 73: worth more
                return plain * me.backstab_mult
            return plain
        if codes.GRAPPLE <= code <= codes.STRUGGLE:  # grapple, the manoeuvres, struggle
            return self._special(me, plan)
        if code == codes.PARRY:  # only when nearly dead, against a foe who will attack
            return 0.6 if nearly_dead(me) and self._will_be_attacked(me) else 0.0
        if code == codes.SET:  # against a foe who could charge and has not set its own
            threats = [
                e for e in self.state.enemies_of(me)
                if isinstance(e, Fighter) and e.active and not e.spear_set
                and moves.can_charge(self.state, e, me)
            ]  # fmt: skip
            return max((3 * self._value(me, e, 1) for e in threats), default=-1.0)
        if code == codes.RETREAT and self._lost(me):
            return 10.0  # issue 34: a side that cannot win leaves by the Retreat (rule 52)
        if code == codes.WITHDRAW and me.weapons[0].data.ranged:
            return 0.5  # a shooter caught in a melee backs out to shoot again (ODD-U40)
        if plan.target is None:  # withdraw, retreat
            return -1.0
        if code != codes.CAST and self._hit(me, plan.target) == 0.0:
            return -0.5  # rule 31 (issue 34): never a swing at a foe it cannot hurt
        if code == codes.RUN:  # run at them unless they can come to it (then stand ready)
            return -0.5 if self._threatened(me) else 0.01
        if code == codes.CAST:
            return self._spell(me, plan)
        if code == codes.CHARGE:  # +2 to hit, double damage (rule 85)
            return 0.1 if plan.target.spear_set else 2.5 * self._value(me, plan.target, 1)
        if plan.sweep:
            victims = sum(
                1
                for e in self.state.enemies_of(me)
                if e.active and isinstance(e, Fighter) and e.normal_man
            )
            return self._value(me, plan.target, min(me.sweep_attacks, max(1, victims)))
        if facing.can_backstab(self.state, me, plan.target):  # rules 72, 73: worth more
            return self._value(me, plan.target, me.attacks) * me.backstab_mult
        return self._value(me, plan.target, me.attacks)

    def _special(self, me: Fighter, plan: Plan) -> float:
        """Rules 40, 91, 93, 104, 105 by their odds (issue 34): a grapple when the gang's hold
        is likely (`grapple_policy`), a manoeuvre when what it denies the foe beats the harm
        of the plain attack it replaces (`manoeuvre_policy`)."""
        target = plan.target
        if target is None:  # struggling: the only choice
            return 0.0
        # (The plain attack's score, which scales a special plan's, is worked out only for a
        # plan that pays: most do not; issue 35.)
        if plan.code == codes.GRAPPLE:
            return grapple_policy.grapple_worth(self.state, me, target, self._hit(me, target))
        hit = self._hit(me, target)
        harm = worth.harm_at(me, target, hit)
        gain = manoeuvre_policy.manoeuvre_worth(self.state, me, target, plan.action, hit, harm)
        if gain <= 0.0:
            return -1.0
        plain = self._value(me, target, me.attacks)
        return max(plain, 0.1) * (1.0 + gain / max(0.1, harm))

    def _lost(self, me: Fighter) -> bool:
        """Issue 34: a character leaves a fight its side cannot hurt, or, once down to half
        its hit points, one its side cannot win (`worth.fight_lost`; earlier, the Retreat's
        free attacks at +2, rule 52, cost more than a round of fighting); a monster leaves
        only one its side cannot hurt (else morale decides, ODD-U28)."""
        if self._round != self.state.round:  # one reading a side a round (the mass battles)
            self._round = self.state.round
            if self._hopeless:  # (most rounds: nothing kept, no call; issue 35)
                self._hopeless.clear()
            if self._lost_by_side:
                self._lost_by_side.clear()
        key = me.side
        if worth.surely_hurts(self.state, me):  # (most fights: no dictionary read; issue 35)
            hopeless = False
        else:
            kept = self._hopeless.get(key)
            if kept is None:
                kept = self._hopeless[key] = worth.cannot_hurt_any(self.state, me)
            hopeless = kept
        if hopeless or me.kind != "character" or 2 * me.hp > me.max_hp:
            return hopeless  # unhurt, the Retreat's parting shots cost more
        lost = self._lost_by_side.get(key)
        if lost is None:
            lost = self._lost_by_side[key] = worth.fight_lost(self.state, me)
        return lost

    def _holds_back(self, me: Fighter) -> bool:
        """ODD-U47: an intelligent monster side with the free round of a surprise, facing a
        party whose total levels are at least twice its total hit dice."""
        if me.kind != "monster" or not me.intelligent or me.side not in self.state.surprisers:
            return False
        if self.state.round != 1:
            return False
        foes = [e for e in self.state.enemies_of(me) if isinstance(e, Fighter) and e.active]
        if not any(e.surprised for e in foes):
            return False
        ours = sum(max(1, f.hd) for f in self.state.fighters() if f.side == me.side and f.active)
        return sum(f.level for f in foes) >= 2 * ours

    def _give_chase(self, me: Fighter) -> str:
        """Rule 54 for characters: give chase when not nearly dead and at least as fast as
        the fleeing foes (else the chase is lost before it begins, F-ODD-56)."""
        slowest, first = 0, True  # (a loop: `min` with a default is a generic call; issue 35)
        for e in self.state.enemies_of(me):
            if isinstance(e, Fighter) and e.routing and (first or e.move < slowest):
                slowest, first = e.move, False
        keen = not nearly_dead(me) and me.move >= slowest
        return decisions.CHASE_OPTIONS[0] if keen else decisions.CHASE_OPTIONS[1]

    def _will_be_attacked(self, me: Fighter) -> bool:
        """Issue 29, no parry stalemates: some foe able to reach `me` is not itself nearly
        dead (so would attack rather than parry)."""
        return any(
            isinstance(e, Fighter) and e.active and not nearly_dead(e)
            and (not self.state.positional or space.in_melee(self.state, e, me))
            for e in self.state.enemies_of(me)
        )  # fmt: skip

    def _threatened(self, me: Fighter) -> bool:
        """Some foe can reach `me` this round (rules 42, 77)."""
        return any(
            isinstance(e, Fighter) and e.active and not e.weapons[0].data.ranged
            and space.gap(self.state, e, me) <= space.turn_move(self.state, e)
            for e in self.state.enemies_of(me)
        )  # fmt: skip

    def _spell(self, me: Fighter, plan: Plan) -> float:
        row = data.spells()[plan.spell]
        assert plan.target is not None
        if row.effect == "haste":
            return -1.0 if plan.target.hasted else 1.0
        hurt = shortcut.mean(row.damage) if row.damage else 0.0
        return hurt / max(1, plan.target.hp) + 0.2 * hurt

    def _victim(self, me: Fighter, target: Fighter) -> float:
        return value(me, target, 1)
