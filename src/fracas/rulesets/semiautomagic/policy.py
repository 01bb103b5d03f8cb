"""The default SemiAutoMagic tactics, for every side nobody else controls. It reads the state
and scores the options the rules offer; it never rolls and never changes the state.

- spend the six seconds: attack whenever someone is in reach or range, with the combo of the
  most attacks; a shooter reloads an empty weapon, aims once at a target beyond its first
  range increment, goes prone behind light cover and crouches behind medium (heavy cover,
  rule 98), and closes in when no shot of its could hit;
- a shooter with an enemy in reach and a melee weapon carried draws it;
- otherwise close in on the nearest enemy: run (three times the speed) when it is further
  than a run's first second, else move; stand up when prone or crouched and out of reach
  (crawl only when Disabled);
- allot each attack to the enemy with the lowest Toughness left, then the nearest;
- defend a hit only when its damage (rolled first, SAM-A24) would wound, with the defence of
  the best bonus;
- an area attack (rules 71-80) when, landing where aimed, it catches more foes than friends,
  aimed at the square with the most foes over friends (`area_policy`); never an attack at an
  item (rules 125-129: a person at a seat may).
- panicked, flee: a run away when the ground allows, else a move (rule 184).
- (issue 31) delay when walking in would give a melee foe the first blow (rules 5-6); a
  called shot at an arm, a leg, a hand or the head when no plain hit could wound (116-120);
- (stage 2) aim at the wings of a flyer aloft (rule 123); a riderless creature larger than
  an adjacent enemy, moving fast enough to add at least 2 to the collision's damage against
  it, rams it (rules 150-151); a mount with a rider never rams (it would stop, and its rider's
  speed damage with it).
- (issue 34) no stand-off at a hazard's edge (`_into_hazard`), out of the gas before striking,
  the shooting weapon drawn back once no enemy is in reach, a shooter needing a six runs a
  range band closer, and each attack goes first to a foe it can hit and wound.
- (issue 34) withdraw (F-SAM-121) when it cannot hurt any enemy from where it stands, is
  wounded and losing three wounds for one by the exact odds, or is struck while staggered
  with no blow of its own landing (`withdraw_policy`); never walk after an enemy who is
  withdrawing (let it go: the fight ends when it is gone); no wait for a staggered foe.
"""

from __future__ import annotations

from typing import Any, Final

from fracas.core.combatant import Decider
from fracas.core.controllers import Policy, UnknownDecision, best_index
from fracas.rulesets.semiautomagic import (
    actions,
    area,
    area_policy,
    attack,
    called,
    data,
    decisions,
    departure,
    escape,
    falling,
    items,
    mind,
    moves,
    possession,
    reloading,
    space,
    turn,
    withdraw_policy,
    withdrawal,
)
from fracas.rulesets.semiautomagic.actions import Action
from fracas.rulesets.semiautomagic.defending import pick_defence
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

STRIKES: Final = ("single", "combo", "called", "area", "item")  # an attack now: no delay
# `STRIKES` as a set: one hashed look-up an option, not five string tests (`_delay_pays`)
STRIKE_KINDS: Final = frozenset(STRIKES)
LIMB_ORDER: Final = ("arm", "leg", "hand", "head", "critical")  # issue 31: a limb shot's preference
# rule 98: a shooter's posture behind light and medium cover (a constant, not a dictionary
# built per option scored)
BEHIND: Final[dict[str, str]] = {"light": "prone", "medium": "crouched"}
# `actions.POSTURE_AFTER` of the two commonest posture changes, read once (no look-up an option)
CROUCHED: Final[str] = actions.POSTURE_AFTER["crouch"]
PRONE: Final[str] = actions.POSTURE_AFTER["prone"]


class SamPolicy(Policy):
    def __init__(self, state: SamState) -> None:
        self.state = state
        # The nearest foe of the decider (`_nearest`), found when an option first asks
        # (issue 35: a decision of strikes alone never does): `_near_for` the decider it was
        # found for this decision (None: not yet), `_known` the foes `legal` found for
        # `_known_for`, the decider.
        self._near: Fighter | None = None
        self._near_for: Fighter | None = None
        self._known: list[Fighter] | None = None
        self._known_for: Fighter | None = None
        # `_mark`'s last answer: the weapon and attacker it was for, cleared each decision
        self._marked: Wielded | None = None
        self._marker: Fighter | None = None
        self._mark_found: Fighter | None = None
        self._mark_useless = False  # (with `_mark_found`: two fields, no tuple a decision)
        # The ACT decision's allotting pick (`_mark`'s `_first_victim`) when it was made on
        # `legal`'s own list of the weapon in hand's targets (`Shown.targets`): that list, its
        # fighter and weapon, the fighter's aim then, and the index (issue 35: the ALLOT that
        # follows worked the same top victim's futility out again). The strike offers that
        # very list to its first ALLOT (`actions.allotted`), and `turn.start` hands it over
        # only when nothing but the choice and its seconds came between (nobody moved, fell
        # or changed; a delay firing ends the handing over): `_first_victim` of the same
        # fighter and list would give the same index. Any other list is another object (a
        # copy for a combo's later attacks, a wing shot's filter, a clone's), and is worked
        # out afresh. Cleared at each ACT decision and once used; it holds the state's own
        # fighters and list, as `_kept_targets` does (no cycle: nothing refers back).
        self._allot_list: list[Fighter] | None = None
        self._allot_by: Fighter | None = None
        self._allot_weapon: Wielded | None = None
        self._allot_aim = ""
        self._allot_index = 0
        self._options: list[Any] = []  # the options of this decision
        # `withdraw_policy.beaten` for each fighter's id, a round: the round times 2, plus 1
        # when beaten (issue 35: an integer, no tuple made and freed a judgement)
        self._judged: dict[str, int] = {}
        # One view of the decision (issue 35): the state does not change while the policy
        # scores a decision's options, so each weapon's targets (by the weapon's id, with its
        # wielder) and the decider's shots (`_worth_a_shot`, by the target's id and the aim)
        # are worked out once a decision, not once an option; no tuple key a call. The shots
        # of the weapon in hand (`withdraw_policy.Sights`), shared with the withdrawal
        # judgement, which works out the same situations.
        self._targets: dict[int, tuple[Fighter, list[Fighter]]] = {}
        # The first weapon asked about in a decision (nearly always the decider's weapon in
        # hand, from `legal`'s `Shown`) is kept in three fields before the dictionary: no
        # boxed id a look-up (issue 35). `_kept_weapon` None: nothing kept this decision.
        self._kept_weapon: Wielded | None = None
        self._kept_wielder: Fighter | None = None
        self._kept_targets: list[Fighter] = []
        # `_judge`'s verdict for this decision (its fighter; None: not judged yet), before
        # `_judged`: the two withdrawal options ask it one after the other.
        self._verdict_of: Fighter | None = None
        self._verdict = False
        self._sights = withdraw_policy.Sights()

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        """The default tactics' answer (options read, never changed: no copy); the table calls
        it directly (`core.controllers.Policy`)."""
        if decision == decisions.DEFEND and isinstance(who, Fighter):
            st = self.state  # first: the commonest, and it reads none of the decision's caches
            return pick_defence(st, who, options, st.incoming, st.incoming_area)
        if self._targets:  # a new decision: the state may have changed since the last
            self._targets.clear()
        self._kept_weapon = self._verdict_of = self._near_for = self._known_for = None
        self._sights.reset(who if isinstance(who, Fighter) else None)
        self._marked = self._marker = None
        if isinstance(who, Fighter):
            if decision == decisions.ACT:
                self._allot_list = None
                known = self._shown(who, options)
                self._known, self._known_for = known, who
                self._sights.known = known  # (the judgement's too: `foes_known`)
                self._options = options
                return self._best_action(who, options)
            if decision in (decisions.ALLOT, items.ALLOT):
                return self._allot(who, options)
            if decision == decisions.INTERRUPT:
                return self._interrupt(who, options)
            if decision == decisions.VETO:
                return self._veto(who, options)
            if decision in (decisions.ALLOW, decisions.FORGO, decisions.TRAP):
                return self._possession(who, decision, options)
            if decision == decisions.COOPERATE:
                return self._cooperate(who, options)
            if decision == area.AIM:
                w = who.wielded
                return best_index(area_policy.scores(self.state, who, w, options))
        raise UnknownDecision(f"the SemiAutoMagic policy has no answer to {decision!r}")

    def _shown(self, who: Fighter, options: list[Any]) -> list[Fighter] | None:
        """What `legal` found for this very list of options (`state.Shown`; issue 35: not
        found again): the weapon in hand's targets go into this decision's `_targets`; the
        foes `who` knows are returned. None when the list is not the one `legal` last made
        (a filtered list, a copy of the state): then the policy finds its own."""
        shown = self.state.shown
        if shown is None:
            return None
        if shown.options is not options or shown.fighter is not who:
            return None
        if shown.targets is not None and shown.weapon is who.wielded:
            self._kept_weapon, self._kept_wielder = shown.weapon, who
            self._kept_targets = shown.targets
        return shown.known

    def _best_action(self, me: Fighter, options: list[Action]) -> int:
        """`best_index` of the options' scores (the first of the highest), scored in order in
        one loop: no list of boxed scores a decision (issue 35)."""
        best, most = 0, 0.0
        for i in range(len(options)):
            score = self._action(me, options[i])
            if i == 0 or score > most:
                best, most = i, score
        return best

    def _targets_of(self, f: Fighter, w: Wielded) -> list[Fighter]:
        """`actions.targets` (rules 56-63), once a decision for each fighter and weapon (the
        list is shared: read it, do not change it)."""
        if w is self._kept_weapon and f is self._kept_wielder:
            return self._kept_targets
        if self._kept_weapon is None:  # the first asked about this decision
            found = actions.targets(self.state, f, w)
            self._kept_weapon, self._kept_wielder, self._kept_targets = w, f, found
            return found
        kept = self._targets.get(id(w))
        if kept is not None and kept[0] is f:
            return kept[1]
        found = actions.targets(self.state, f, w)
        self._targets[id(w)] = (f, found)
        return found

    def _any_target(self, f: Fighter, w: Wielded) -> bool:
        """Whether `actions.targets(f, w)` is not empty: the kept list when this decision has
        it, else `actions.any_target` (no list built, no look-up kept)."""
        if w is self._kept_weapon and f is self._kept_wielder:
            return bool(self._kept_targets)
        return actions.any_target(self.state, f, w)

    def _shot(self, me: Fighter, t: Fighter, aimed: bool) -> attack.Situation | None:
        """`attack.situation` of the decider's weapon in hand at `t` (rules 47, 62-70,
        93-112), once a decision for each target and aim: a shooter's movement, aim and
        posture options all ask `_hittable` (shared: read it, do not change it)."""
        sights = self._sights
        if me is not sights.fighter:  # (the decider always is)
            return attack.situation(self.state, me, t, me.wielded, aimed)
        return sights.at(self.state, t, aimed)

    def _bonus(self, me: Fighter, w: Wielded) -> int:
        """`attack.attack_bonus` of `me`'s `w` (rules 48, 57, 61, 68): kept for the decision
        (`withdraw_policy.Sights.bonus`) when `w` is the decider's weapon in hand."""
        return withdraw_policy.bonus_of(me, w, self._sights)

    def _situation(
        self, me: Fighter, w: Wielded, t: Fighter, aimed: bool
    ) -> attack.Situation | None:
        """`attack.situation` of the decider's `w` at `t`: kept for the decision (`_shot`)
        when `w` is the weapon in hand (the allotting scores and the head shot ask the same
        as the shots; shared: read it, do not change it)."""
        if w is me.wielded:
            return self._shot(me, t, aimed)
        return attack.situation(self.state, me, t, w, aimed)

    def _interrupt(self, me: Fighter, options: list[Action]) -> int:
        """Rule 6: take the delayed turn as soon as an enemy is in reach or range."""
        now = self._any_target(me, me.wielded)
        for i in range(len(options)):  # (a plain loop: no generator object a decision)
            if (options[i].kind == "interrupt") == now:
                return i
        raise ValueError(f"no option to {'interrupt' if now else 'wait'}")  # (never: both are)

    def _veto(self, me: Fighter, options: list[str]) -> int:
        """Rules 157, 160: veto the acting mind's turn when its Will is not more than 1 above
        ours (a fair chance of winning the opposed roll against a morale penalty if not), and
        it is not of our side (rule 159: a partner is let be)."""
        other = next((x for x in self.state.fighters() if x.id == self.state.acting), None)
        veto = (
            other is not None
            and other is not me
            and other.side != me.side
            and me.will >= other.will - 1
        )
        return options.index(possession.VETO if veto else possession.LET)

    def _possession(self, me: Fighter, decision: str, options: list[str]) -> int:
        """Rule 159: let in a possessor of our own side; rule 160: forgo the check only for
        a possessor of our side; rule 162: let a leaving possessor go."""
        acting = next((x for x in self.state.fighters() if x.id == self.state.acting), None)
        friend = acting is not None and acting.side == me.side
        if decision == decisions.ALLOW:
            return options.index(possession.ALLOW if friend else possession.REFUSE)
        if decision == decisions.FORGO:
            return options.index(possession.FORGO if friend else possession.TAKE)
        return options.index(possession.LET)

    def _cooperate(self, me: Fighter, options: list[str]) -> int:
        """Rule 159: work together only with a mind of our own side."""
        other_id = me.inside or me.possessed_by
        other = next((x for x in self.state.fighters() if x.id == other_id), None)
        friend = other is not None and other.side == me.side
        return options.index(possession.TOGETHER if friend else possession.HOSTILE)

    def _victim(self, me: Fighter, t: Fighter) -> float:
        """The lowest Toughness left, then the nearest; (issue 34) first a foe the weapon's
        best roll can hit and its largest damage can wound (rules 37-40, 53), never one
        behind heavy cover it cannot touch while another is there to strike."""
        futile = self._futile(me, t)
        # (a float, not -100.0 x a bool: no generic multiplication; the same scores)
        return (-100.0 if futile else 0.0) - t.toughness - space.squares(self.state, me, t) / 1000

    def _futile(self, me: Fighter, t: Fighter) -> bool:
        """`_victim`'s test: the best roll of the weapon in hand cannot hit `t`, or its
        largest damage cannot wound it (rules 37-40, 53)."""
        w = me.wielded
        return self._useless(w, t) or not self._can_hit_with(me, w, t, me.aimed_at == t.id)

    def _first_victim(self, me: Fighter, victims: list[Fighter]) -> int:
        """`best_index` of the `_victim` scores (the first of the highest; issue 35: whether
        the weapon can hit and wound, the costly part, asked only where it decides). A
        victim's score is its plain one (no futility: 0 - Toughness - squares / 1000) or that
        less 100, never above it (a float subtraction is monotone). So when the first
        victim of the highest plain score is not futile, its score is the plain maximum and
        every earlier victim's is below it: it is the pick. Otherwise every score is
        worked out. `test_policy_shortcuts` compares it with the full form."""
        if len(victims) == 1:
            return 0
        st = self.state
        top, most = 0, 0.0
        for i in range(len(victims)):
            t = victims[i]
            plain = 0.0 - t.toughness - space.squares(st, me, t) / 1000  # as `_victim`'s
            if i == 0 or plain > most:
                top, most = i, plain
        if not self._futile(me, victims[top]):
            return top
        return best_index([self._victim(me, t) for t in victims])

    def _allot(self, me: Fighter, victims: list[Fighter]) -> int:
        """`_first_victim` (rule 90): the ACT decision's answer on this very list when it
        found one (`_allot_list`: the same list object, fighter, weapon in hand and aim), else
        worked out."""
        kept = self._allot_list
        self._allot_list = None  # (once: a combo's later attacks are offered a copy)
        if (
            victims is kept
            and me is self._allot_by
            and me.wielded is self._allot_weapon
            and me.aimed_at == self._allot_aim
        ):
            return self._allot_index
        return self._first_victim(me, victims)

    def _nearest_foe(self, me: Fighter) -> Fighter | None:
        """`_nearest` for the decider, found once a decision when first asked."""
        if me is not self._near_for:
            known = self._known if me is self._known_for else None
            self._near, self._near_for = self._nearest(me, known), me
        return self._near

    def _nearest(self, me: Fighter, known: list[Fighter] | None = None) -> Fighter | None:
        """The first of the nearest foes `me` knows and that is not withdrawing; `known` its
        `actions.known_foes` when the caller has them."""
        st = self.state
        near: Fighter | None = None
        least = 0
        if known is None:
            known = actions.known_foes(st, me)
        for e in known:  # rules 110-111: not a hider it has not seen
            if withdrawal.withdrawing(st, e):
                continue  # (issue 34) nor one going away
            d = space.squares(st, me, e)
            if near is None or d < least:  # the first of the nearest
                near, least = e, d
        return near

    def _action(self, me: Fighter, act: Action) -> float:
        kind = act.kind
        # The commonest kinds first (issue 35: fewer string tests an option; counted over the
        # bench battles): a called shot, going down (crouch, prone: offered to every fighter
        # standing), the end, a withdrawal, a strike, a move, an item shot, another posture
        # change; each branch takes one kind whatever else holds, and no other branch takes
        # it, so the order is free.
        if kind == "called":
            return self._called(me, act)
        if kind == "crouch" or kind == "prone":
            if me.panicked or me.wielded.data.kind == "melee":
                # `_posture_change` without the calls (issue 35: offered to every fighter
                # standing): a panicked fighter only stands up (rule 184), one with a melee
                # weapon only stands to close in (`_posture`); neither goes down
                return -1.0
            return self._posture(me, CROUCHED if kind == "crouch" else PRONE)
        if kind == "end":
            return 0.0
        if kind == actions.WITHDRAW or kind == actions.WITHDRAW_RUN:
            return self._withdraw(me, kind)
        if kind == "single" or kind == "combo":
            return 10.0 + float(len(act.combo))  # (a float sum: no generic addition)
        if kind == "move" or kind == "run":
            return self._movement(me, act)
        if kind == "item":
            return -1.0  # rules 125-129: never (a person at a seat may)
        after = actions.POSTURE_AFTER.get(kind)  # (one look-up: whether, and to what)
        if after is not None:
            return self._posture_change(me, after)
        if kind == "delay":
            return 7.0 if self._delay_pays(me) else -0.5  # rules 5-6 (issue 31)
        if kind in mind.KINDS:  # rule 184: flee as fast as possible, a run first
            return 30.0 if kind == mind.FLEE_RUN else 29.0
        if kind == "possess" and act.goal is not None:
            if self.state.camp(act.goal) == me.side:
                return -1.0  # rule 159: the policy possesses no ally
            return 15.0 - act.goal.will / 100  # rule 152: the weakest Will first
        if kind == "leave":  # rule 162: out before a lost veto breaks it
            rider = departure.controller_of(self.state, me)
            return 40.0 if rider is not None and rider.will <= 2 else -1.0
        if kind == "area" and act.weapon is not None:
            margin = area_policy.worth(self.state, me, act.weapon)
            return 30.0 + len(act.combo) + 2 * margin if margin > 0 else -1.0
        if kind == "reload":
            return 20.0
        if kind == reloading.HELP and act.goal is not None and act.weapon is not None:
            big = reloading.total(act.weapon, act.goal) > data.seconds("reload")
            return 8.0 if big else -1.0  # rule 66: a hand with a larger weapon's load
        if kind == escape.ESCAPE:
            return 12.0  # issue 34: out of gas and radiation first (one second), then strike
        if kind == "draw":
            return self._draw(me, act)
        if kind == "aim":
            goal = act.goal
            if goal is None or goal is not self._nearest_foe(me):
                return -1.0
            return 12.0 if self._worth_a_shot(me, goal, True) else -1.0  # issue 34
        if kind == "ram":
            return self._ram(me, act)
        if kind in withdrawal.KINDS:
            return self._withdraw(me, kind)
        return self._movement(me, act)

    def _withdraw(self, me: Fighter, kind: str) -> float:
        """F-SAM-121 (issue 34): a run away, else a move, when it cannot hurt any enemy or is
        losing by the exact odds (`withdraw_policy`); never in a rage (rule 139: its source
        is its only mark)."""
        if me.raging:
            return -1.0
        if not self._judge(me):
            return -1.0
        if kind == actions.WITHDRAW_RUN:  # a run when its seconds fit this turn (rule 30)
            left = turn.budget(me) - self.state.second
            return 35.0 if left >= data.seconds("run") else -1.0
        return 34.0

    def _judge(self, me: Fighter) -> bool:
        """Whether the fight is lost for `me` (`withdraw_policy.beaten`), judged once a round,
        as its turn starts; once going, it goes on (it decided the fight was lost)."""
        st = self.state
        if withdrawal.withdrawing(st, me):
            return True
        if me is self._verdict_of:  # asked already this decision
            return self._verdict
        judged = self._judged.get(me.id, -1)
        if judged >> 1 != st.round:  # (-1 >> 1 is -1: never judged, no round)
            judged = 2 * st.round + int(withdraw_policy.beaten(st, me, self._sights))
            self._judged[me.id] = judged
        verdict = judged & 1 == 1
        self._verdict_of, self._verdict = me, verdict
        return verdict

    def _delay_pays(self, me: Fighter) -> bool:
        """Rules 5-6 (SAM-A2; issue 31): wait for the foe to come, and strike first by an
        interrupt, when walking in would give it the first blow: a fighter with a melee weapon
        on foot and standing, no enemy in its reach, that cannot close on the nearest enemy
        it knows and still strike this turn (its moves' or runs' seconds and 4 s of attack);
        the foes it knows all wield melee weapons and are free to come (none delaying,
        panicked, Broken, staggered, asleep, nor with an enemy in reach already)."""
        st = self.state
        near = self._nearest_foe(me)
        if near is None or me.mount_id or me.rider_id or me.posture != "standing":
            return False
        if me.wielded.data.kind != "melee" or not me.move_squares:
            return False
        for o in self._options:  # a plain loop over the typed options (no generator)
            if isinstance(o, Action) and o.kind in STRIKE_KINDS:
                return False
        left = turn.budget(me) - st.second - data.seconds("single_attack")
        gap = moves.off_band(space.squares(st, me, near), moves.band(st, me))
        walk = -(-gap // me.move_squares) * data.seconds("move")
        run = -(-gap // max(1, me.run_squares)) * data.seconds("run")
        if walk <= left or (run <= left and moves.can_run(st, me, near)):
            return False  # it can close and strike this turn
        for e in withdraw_policy.foes_known(st, me, self._sights):
            if e.wielded.data.kind != "melee" or e.delaying or e.panicked or e.broken:
                return False
            if e.staggered > 0:
                return False  # rule 186: it loses its seconds each turn (issue 34)
            if e.asleep or self._any_target(e, e.wielded):
                return False
            if self._steps_into_hazard(e, me):
                return False  # issue 34: it will not walk into the gas to come to us
        return True

    def _ram(self, me: Fighter, act: Action) -> float:
        """Rules 150-151: ram a smaller enemy when the speed adds 2 or more to its damage."""
        goal = act.goal
        if goal is None or me.rider_id or me.scale <= goal.scale:
            return -1.0
        return 14.0 if falling.speed_bonus(me.pace, goal.square) >= 2 else -1.0

    def _called(self, me: Fighter, act: Action) -> float:
        """Rules 116, 120: a head shot, in place of a single attack, when even with its +3
        it hits on a 3 or better the enemy it would strike; rule 123: the wings of a flyer
        aloft (easier to hit, and grounding it); another region only when no plain hit can
        wound (`_limb`, issue 31)."""
        if act.region == called.WINGS and act.weapon is not None:
            aloft = actions.allottable(self.state, me, act.weapon, act.region)
            return 10.6 if any(t.altitude > 0 for t in aloft) else -1.0
        if act.weapon is None:
            return -1.0
        t = self._mark(me, act.weapon)
        if t is None:
            return -1.0
        if self._mark_useless:
            return self._limb(me, act, t)
        if act.region != "head":
            return -1.0
        w = act.weapon
        bonus = self._bonus(me, w)
        if bonus < target_floor(t, w.data.kind == "melee"):
            return -1.0  # issue 35: not sure whatever its situation (`target_floor`)
        sit = self._situation(me, w, t, me.aimed_at == t.id)
        if sit is None or sit.auto:
            return -1.0
        sure = 3 + bonus + sit.x >= sit.target + 3
        return 10.5 if sure else -1.0

    def _mark(self, me: Fighter, w: Wielded) -> Fighter | None:
        """The enemy a called shot with `w` would strike (None: none), and in
        `_mark_useless` whether no plain hit of `w` can wound it; found once a decision (the
        five regions ask the same, and a decision's strikes are all with one weapon: the last
        one asked about is kept, no dictionary)."""
        if w is self._marked and me is self._marker:
            return self._mark_found
        found: Fighter | None = None
        victims = self._targets_of(me, w)
        if victims:
            i = self._first_victim(me, victims)  # (one alone needs no score)
            found = victims[i]
            self._mark_useless = self._useless(w, found)
            if victims is self._kept_targets and me is self._kept_wielder:
                # the ALLOT that may follow (`_allot`)
                self._allot_list, self._allot_by, self._allot_index = victims, me, i
                self._allot_weapon, self._allot_aim = me.wielded, me.aimed_at
        self._marked, self._marker, self._mark_found = w, me, found
        return found

    def _useless(self, w: Wielded, t: Fighter) -> bool:
        """No plain hit of `w` can wound `t`: its largest damage is not above `t`'s Minimum
        Toughness (rule 53; at it, with the option `wound_on_equal`, it can)."""
        most = withdraw_policy.largest(w.damage) - w.wounds
        return most < t.min_toughness or (
            most == t.min_toughness and not self.state.wound_on_equal
        )

    def _limb(self, me: Fighter, act: Action, t: Fighter) -> float:
        """Rules 116-120 (issue 31): when no plain hit can wound, the called shot whose
        lowered Toughness the largest damage can beat for a wound (rule 116; a hand or wings
        at Minimum is none, SAM-A28), the easiest to hit first (an arm before a leg: at
        Toughness its weapon falls), and only when the shot can hit at all; above any combo
        of plain hits, which can do nothing."""
        w, region = act.weapon, act.region
        assert w is not None
        if region not in LIMB_ORDER:
            return -1.0
        row = called.row(region)
        most = withdraw_policy.largest(w.damage) - w.wounds
        if region == "hand":  # SAM-A28, C1: a wound only at its Toughness
            can = most >= t.toughness + row["toughness"]
        else:
            can = most > t.min_toughness + row["toughness"]
        if not can:
            return -1.0
        sit = self._situation(me, w, t, me.aimed_at == t.id)
        if sit is None or sit.auto:
            return -1.0
        if 6 + self._bonus(me, w) + sit.x < sit.target + row["target"]:
            return -1.0
        return 20.0 - int(row["target"]) - LIMB_ORDER.index(region) / 10

    def _draw(self, me: Fighter, act: Action) -> float:
        """A shooter caught in reach draws a melee weapon that reaches; (issue 34) a fighter
        with a melee weapon in hand and no enemy in its reach draws back a loaded shooting
        weapon that can hit an enemy in range (rule 25: Odo's bow once the bat is down)."""
        w = act.weapon
        if w is None:
            return -1.0
        if me.wielded.data.kind != "melee":
            if w.data.kind == "melee" and self._targets_of(me, w):
                return 25.0
            return -1.0
        if w.data.kind == "melee" or not w.loaded or w.jammed:
            return -1.0
        if self._targets_of(me, me.wielded):
            return -1.0
        shots = self._targets_of(me, w)
        return 24.0 if any(self._can_hit_with(me, w, t) for t in shots) else -1.0

    def _posture_change(self, me: Fighter, after: str) -> float:
        """A posture change ending in `after`: up when panicked, to flee (rule 184), else as
        `_posture`."""
        if me.panicked:
            return 4.0 if after == "standing" else -1.0
        return self._posture(me, after)

    def _posture(self, me: Fighter, after: str) -> float:
        """A shooter goes down behind cover until it is heavy (rule 98: prone behind light,
        crouched behind medium); anyone else stands up to close in. `after`: the posture
        the option ends in (`actions.POSTURE_AFTER`)."""
        if me.wielded.data.kind == "melee":  # (no cover looked up: it is only a shooter's)
            return 4.0 if after == "standing" else -1.0
        behind = BEHIND.get(me.cover)
        if behind is not None and me.posture != behind:
            return 13.0 if after == behind else -1.0
        if after == "standing" and (me.cover == "none" or self._closing(me)):
            return 4.0  # up again to close in
        return -1.0

    def _hittable(self, me: Fighter) -> bool:
        """Some enemy in range worth a shot from here (`_worth_a_shot`), aimed when the
        weapon can aim (rules 23, 67: the aim is taken before the shot)."""
        aims = me.wielded.data.kind in ("ranged", "thrown")
        return any(
            self._worth_a_shot(me, t, aims or me.aimed_at == t.id)
            for t in self._targets_of(me, me.wielded)
        )

    def _worth_a_shot(self, me: Fighter, t: Fighter, aimed: bool) -> bool:
        """The shot hits on a 5 or better (rules 37-40), or on a six where no nearer place
        lowers the range penalty (rules 62-63): a shooter who needs a six and could come a
        range band closer runs in rather than trade misses to the round cap (issue 34)."""
        w = me.wielded
        sit = self._shot(me, t, aimed)
        if sit is None:
            return False
        needed = sit.target - self._bonus(me, w) - sit.x
        if sit.auto or needed <= 5:
            return True
        metres = space.metres(self.state, me, t)
        return needed <= 6 and space.range_penalty(metres, w.data.increment) == 0

    def _can_hit(self, me: Fighter, t: Fighter, aimed: bool) -> bool:
        return self._can_hit_with(me, me.wielded, t, aimed)

    def _can_hit_with(self, me: Fighter, w: Wielded, t: Fighter, aimed: bool = False) -> bool:
        """The best roll of `w` (a six) hits `t` (rules 37-40, 62)."""
        sit = self._situation(me, w, t, aimed)
        return sit is not None and (
            sit.auto or 6 + self._bonus(me, w) + sit.x >= sit.target
        )

    def _into_hazard(self, me: Fighter, goal: Fighter) -> bool:
        """Its next step toward `goal` would take it from clean air into a hazard, and waiting
        outside can end the fight: `goal` is a melee fighter who will come (issue 34: not a
        shooter, who only shoots from afar, nor one waiting for it, delaying, nor a staggered
        one, nor one held back by a hazard too: each waiting for the other is a stand-off to
        the round cap)."""
        if not self._steps_into_hazard(me, goal):
            return False
        if goal.wielded.data.kind != "melee" or goal.delaying or goal.staggered > 0:
            return False  # rule 186: a staggered foe loses its seconds, and may never come
        return not self._steps_into_hazard(goal, me)

    def _steps_into_hazard(self, me: Fighter, goal: Fighter) -> bool:
        """Its next step toward `goal` would take it from clean air into a hazard."""
        st = self.state
        if not st.clouded:  # no gas, no radiation (`conditions`, read once)
            return False
        if escape.inside(st, me, me.position):
            return False
        step = moves.next_step(st, me, goal, me.move_squares, 0, None, False)
        return step is not None and escape.inside(st, me, space.shifted(me, step[2]))

    def _closing(self, me: Fighter) -> bool:
        return me.wielded.loaded and not self._hittable(me)

    def _movement(self, me: Fighter, act: Action) -> float:
        goal = act.goal
        if goal is None or goal is not self._nearest_foe(me):
            return -1.0
        if me.wielded.data.kind != "melee":  # closer, when no shot can hit; a run first
            if self._hittable(me):
                return 1.0
            return 11.5 if act.kind == "run" else 11.0
        if act.kind == "crawl" and not me.disabled:
            return -1.0  # stand up (2 s) rather than crawl (4 s a square)
        if self._into_hazard(me, goal):
            return -1.0  # issue 31: not back into the gas or radiation it has left
        gap = space.squares(self.state, me, goal)
        left = turn.budget(me) - self.state.second
        if act.kind == "run":
            return 6.0 if gap > me.run_squares and left >= data.seconds("run") else -1.0
        return 5.0


def target_floor(t: Fighter, melee: bool) -> int:
    """A floor under the Target `attack.situation` finds at `t` (issue 35: the head shot's
    bound), by attribute reads: 4 less its scale (rule 47) and its high speed (rule 113), as
    there; a posture lowers it only against melee, by its step (rule 97); cover (rule 98),
    concealment and invisibility (rules 93, 112) only raise it. `situation`'s +X is never
    above 0 (a range penalty; no technique's `extra` in the policy's shots), so a shot whose
    bonus is below this floor never hits on a 3 (rule 120's head shot is not sure), and its
    situation need not be worked out (tests/semiautomagic/test_policy_shortcuts.py holds the
    floor to `situation`)."""
    floor = 4 - t.scale + attack.high_speed(t.moved_squares)
    if melee and t.posture != "standing":
        floor -= attack.POSTURE_STEP[t.posture]
    return floor
