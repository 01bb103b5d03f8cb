"""The actions of a turn (seed "Actions", "Example Actions"; rules 9-27, 64-67, 81-92, 99,
187; C3, C15, C16; SAM-A1, A4, A10, A16-A19). The rules list what is legal now; the policy
(or a person) chooses; `perform` carries the choice out."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import (
    area,
    attack,
    called,
    data,
    decisions,
    escape,
    falling,
    items,
    mounted,
    moves,
    possession,
    reloading,
    space,
    wander,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import COMBOS, Delayed, Fighter, SamState, Shown, Wielded

SECONDS: Final = 6  # rule 7, rule 155: a body's seconds a round
STRAIGHT_FOR_CHARGE: Final = 6.0  # rule 85, SAM-A18: metres at any scale
WITHDRAW: Final = "withdraw"  # F-SAM-121: a move or a run away
WITHDRAW_RUN: Final = "withdraw_run"


class Action:
    """An option of the `next action` decision: its kind, its seconds, what it is about."""

    __slots__ = ("combo", "goal", "kind", "region", "seconds", "weapon")

    def __init__(
        self,
        kind: str = "",
        seconds: int = 0,
        goal: Fighter | None = None,
        weapon: Wielded | None = None,
        combo: tuple[str, ...] = (),
        region: str = "",
    ) -> None:
        self.kind, self.seconds, self.goal = kind, seconds, goal
        self.weapon, self.combo, self.region = weapon, combo, region

    def __str__(self) -> str:
        w = self.weapon.data.name if self.weapon is not None else ""
        g = self.goal.name if self.goal is not None else ""
        words = {
            "single": f"single attack with {w}",
            "called": f"called shot at the {self.region} with {w}",
            "combo": f"combo [{', '.join(self.combo)}] with {w}",
            "move": f"move toward {g}",
            "escape": "move out of the hazard",
            "run": f"run toward {g}",
            "stagger": f"stagger one square toward {g}",
            "crawl": f"crawl toward {g}",
            "aim": f"aim {w} at {g}",
            "reload": f"reload {w}",
            "help_reload": f"help {g} reload the {w}",
            "draw": f"draw {w}",
            "end": "end the turn",
            "delay": "delay the turn (rule 5)",
            "interrupt": "take the delayed turn now (rule 6)",
            "wait": "keep waiting",
            "possess": f"possess {g}",
            "leave": "leave the body (rule 162)",
            "area": f"area attack with {w}{as_combo(self.combo)}",
            "item": f"attack an enemy's {self.region} with {w}",
            "ram": f"ram {g}",
            WITHDRAW: f"withdraw from {g}",
            WITHDRAW_RUN: f"withdraw at a run from {g}",
        }
        text = words.get(self.kind, self.kind.replace("_", " "))
        if self.kind == "single" and self.weapon is not None and self.weapon.data.kind == "magic":
            text = f"cast {w}"  # rule 17: a magical attack is a spell
        return f"{text} ({self.seconds} s)" if self.kind not in UNTIMED else text


UNTIMED: Final = ("end", "delay", "interrupt", "wait", "leave")


def as_combo(combo: tuple[str, ...]) -> str:
    return f" as combo [{', '.join(combo)}]" if combo else ""


END: Final = Action("end", 0)
DELAY: Final = Action("delay", 0)  # rule 5: skip the turn now, take it later
INTERRUPT: Final = Action("interrupt", 0)  # rule 6: the delayed turn, between two actions
WAIT: Final = Action("wait", 0)


def targets(state: SamState, f: Fighter, w: Wielded, first: bool = False) -> list[Fighter]:
    """Enemies `f` can attack with `w` now: in reach (rules 56-60) or in range (62-63);
    `first`: only the first found (`any_target`)."""
    out: list[Fighter] = []
    melee = w.data.kind == "melee"  # (read once, not once a foe)
    # `space.in_reach`'s band and `squares`' footprint, read once for every foe (issue 35)
    low, high = space.reach_band(state, w.data.reach)
    p, square, body, alternate = f.position, f.square, f.seat or f.square, state.alternate
    for e in state.marks_of(f):
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if melee:
            if not low <= space.squares_at(p.x, p.y, square, e, alternate, body) <= high:
                continue
        elif not in_range(state, f, e, w):
            continue
        out.append(e)
        if first:
            break
    return out


def any_target(state: SamState, f: Fighter, w: Wielded) -> bool:
    """Whether `targets` finds any enemy, stopping at the first (issue 35: an interrupt's
    and a delay's question, "anyone to strike now?", asked at every turn of a waiting
    fighter)."""
    return len(targets(state, f, w, True)) > 0


def in_range(state: SamState, f: Fighter, e: Fighter, w: Wielded) -> bool:
    """Rules 62-63 (C11): a weapon that shoots (not melee) within sixteen increments: the one
    case `attack.situation` answers None, found without its modifiers and notes (issue 35)."""
    d = space.metres(state, f, e)
    return space.range_penalty(d, w.data.increment) != space.OUT_OF_RANGE


def foes(state: SamState, f: Fighter) -> list[Fighter]:
    return [
        e for e in state.marks_of(f)
        if isinstance(e, Fighter) and e.active and e.present
    ]  # fmt: skip


def known_foes(state: SamState, f: Fighter) -> list[Fighter]:
    """The foes whose square `f` knows: not one hidden from it (rules 110-111: it failed to
    spot the hider; issue 31), which it can only guess at when it attacks (SAM-A43). `foes`
    and the hidden filtered in one loop (one list, not two)."""
    out: list[Fighter] = []
    fid = f.id
    for e in state.marks_of(f):
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        # (an empty set: no hash of the id; its size read as a C field, not a generic truth)
        if len(e.unseen_by) == 0 or fid not in e.unseen_by:
            out.append(e)
    return out


def legal(state: SamState, f: Fighter) -> list[Action]:
    """Everything `f` may start now; an action may run past the turn's end (rules 12-13).
    What it found on the way is left for the policy (`Shown`)."""
    out: list[Action] = []  # one list, each kind of option appended to it in turn (issue 35:
    found = strikes_into(out, state, f)  # no list made and extended for each kind)
    known = known_foes(state, f)  # found once for the movements, rams and withdrawals
    preparations_into(out, state, f)
    gaps = movements_into(out, state, f, known)  # each known foe's `squares`, when found
    if not f.mount_id:  # `postures`: a rider stays in the saddle
        out.extend(posture_options(f.posture))
    rams_into(out, state, f, known, gaps)
    withdrawals_into(out, state, f, known, gaps)
    if f.possession is not None:
        out += possessions(state, f)
    if f.possessed_by:  # F-SAM-45: a shared body starts nothing it cannot finish this turn
        left = SECONDS - f.body_seconds - state.second
        out = [a for a in out if a.seconds <= left]
    out.append(END)
    if may_delay(state, f):
        out.append(DELAY)
    state.shown = Shown(out, f, f.wielded, found, known)
    return out


def possessions(state: SamState, f: Fighter) -> list[Action]:
    """Rules 152, 159: possess a creature in range, friend or foe (its entry's seconds,
    F-SAM-42)."""
    assert f.possession is not None
    return [
        Action("possess", f.possession[2], goal=e)
        for e in state.fighters() if e is not f and possession.can_possess(state, f, e)
    ]  # fmt: skip


def may_delay(state: SamState, f: Fighter) -> bool:
    """Rule 5, SAM-A2 (a, d): a turn is delayed whole, at its start (no second spent, nothing
    carried over); a delayed turn cannot itself be delayed."""
    free = not f.rider_id  # rule 134: a ridden mount acts on its rider's count
    return free and state.second == 0 and f.carried is None and state.interrupting != f.id


def strikes(state: SamState, f: Fighter) -> list[Action]:
    """Rules 18-19, 81-92 (C16, SAM-A18): a single attack (4 s) and each combo (4 s) that is
    legal now; Disabled: single attacks with light weapons only (rule 187)."""
    return strikes_found(state, f)[0]


def strikes_found(state: SamState, f: Fighter) -> tuple[list[Action], list[Fighter] | None]:
    """`strikes`, and the enemies the weapon in hand can strike (`targets`) when it looked
    for them (None when it did not: not loaded, jammed, too heavy, an area)."""
    out: list[Action] = []
    found = strikes_into(out, state, f)
    return out, found


def strikes_into(out: list[Action], state: SamState, f: Fighter) -> list[Fighter] | None:
    """`strikes_found`, its options appended to `out` (`legal`'s list); the enemies found."""
    w = f.wielded
    if (w.data.reload and not w.loaded) or w.jammed:  # rules 64, 127
        return None
    if f.disabled and not w.data.light:
        return None
    seconds = state.combo_seconds  # SAM-A1 (C16: a single attack as long as a combo)
    if w.data.area:  # rules 71-80: at a square, alone or in a combo (Charge: rule 85)
        for c in area.combos(state, f, w):
            if "charge" not in c or f.straight >= STRAIGHT_FOR_CHARGE:
                out.append(Action("area", seconds, weapon=w, combo=c))
        return None
    foes_in_reach = targets(state, f, w)
    if not foes_in_reach:
        return foes_in_reach
    kit = offers(state, w, seconds)
    out.extend(kit.plain)  # the single attack, then a called shot at each region (F-SAM-48)
    for i in items.offered(foes_in_reach):  # rules 125-129: a single attack at an item
        out.append(kit.at_item(i))
    for t in foes_in_reach:  # rule 123, SAM-A11: the wings, when some enemy flies
        if t.fly_squares > 0:
            out.append(kit.wings)
            break
    if f.disabled or w.data.reload or w.data.delay:
        return foes_in_reach  # one shot a loading, one spell a cast
    out.extend(kit.combos_of(f))
    return foes_in_reach


class Offers:
    """The strike options of one weapon in one battle (rules 18-19, 81-92, 116-125): built
    once and handed out again each decision the weapon is in hand (issue 35; the lead's
    ruling: immutable option objects may be kept, the options offered stay the same in
    content and order). An `Action` is never changed once made, so sharing one between
    decisions changes nothing a person, the journal or the policy sees."""

    __slots__ = ("charge", "combo_list", "combo_size", "combos", "draw", "items", "plain",
                 "seconds", "weapon", "wings")  # fmt: skip

    def __init__(self, w: Wielded | None = None, seconds: int = 0) -> None:
        """Every argument has a default: compiled, a copy's `__new__` runs it with none."""
        self.weapon, self.seconds = w, seconds
        plain = [Action("single", seconds, weapon=w)]
        for r in called.OFFERED:  # rules 116-124: a called shot is a single attack at a region
            plain.append(Action("called", seconds, weapon=w, region=r))
        self.plain: tuple[Action, ...] = tuple(plain)
        self.wings = Action("called", seconds, weapon=w, region=called.WINGS)
        self.items: dict[str, Action] = {}
        # the combos of the fighter's list `combo_list` (of `combo_size` entries then), with
        # or without a Charge (`charge`: its straight line was long enough, rule 85)
        self.combo_list: list[tuple[str, ...]] | None = None
        self.combo_size = 0
        self.charge = False
        self.combos: tuple[Action, ...] = ()
        self.draw: Action | None = None

    def to_draw(self) -> Action:
        """Rule 25: draw this weapon (the one in hand dropped, rule 27)."""
        if self.draw is None:
            self.draw = Action("draw", data.seconds("draw"), weapon=self.weapon)
        return self.draw

    def at_item(self, item: str) -> Action:
        """Rule 125: a single attack at an enemy's `item`."""
        found = self.items.get(item)
        if found is None:
            found = self.items[item] = Action("item", self.seconds, weapon=self.weapon, region=item)
        return found

    def combos_of(self, f: Fighter) -> tuple[Action, ...]:
        """Rules 81-92 (C16, SAM-A18): each combo `f` knows but the lone attack; a Charge only
        after a straight line of 6 m (rule 85). Kept while `f`'s list of combos is the same
        list of the same length (a possessor's turn puts another list in place, rule 159) and
        the Charge is as allowed as before."""
        charge = f.straight >= STRAIGHT_FOR_CHARGE
        known = f.combos
        if known is self.combo_list and len(known) == self.combo_size and charge == self.charge:
            return self.combos
        out: list[Action] = []
        for combo in known:
            if combo == ("attack",):
                continue  # the same as a single attack
            if "charge" in combo and not charge:
                continue
            out.append(Action("combo", self.seconds, weapon=self.weapon, combo=combo))
        self.combo_list, self.combo_size, self.charge = known, len(known), charge
        self.combos = tuple(out)
        return self.combos


class Toward:
    """The options aimed at one fighter (rules 28-32, 150-151, 187, 220; F-SAM-121): a move,
    a run toward it and a withdrawal from it made with the kit, the rarer (crawl, stagger,
    ram, a withdrawal at a run) the first time each is offered; each offered again after in
    the battle (issue 35, as `Offers`: an `Action` is never changed once made)."""

    __slots__ = ("goal", "made", "move", "run", "withdraw")

    def __init__(self, goal: Fighter | None = None) -> None:
        """Every argument has a default: compiled, a copy's `__new__` runs it with none."""
        self.goal = goal
        self.move = Action("move", TOWARD_SECONDS["move"], goal=goal)
        self.run = Action("run", TOWARD_SECONDS["run"], goal=goal)
        self.withdraw = Action(WITHDRAW, TOWARD_SECONDS[WITHDRAW], goal=goal)
        self.made: dict[str, Action] = {}

    def action(self, kind: str) -> Action:
        """The rarer options, by kind."""
        found = self.made.get(kind)
        if found is None:
            found = self.made[kind] = Action(kind, TOWARD_SECONDS[kind], goal=self.goal)
        return found


# The seconds of each kind of `Toward` option (rules 28, 30, 150, 187, 220)
TOWARD_SECONDS: Final[dict[str, int]] = {
    "move": data.seconds("move"), "run": data.seconds("run"), "crawl": data.seconds("crawl"),
    "stagger": 6, WITHDRAW: data.seconds("move"), WITHDRAW_RUN: data.seconds("run"),
    "ram": data.seconds("move"),
}  # fmt: skip


def toward(state: SamState, goal: Fighter) -> Toward:
    """The options aimed at `goal` (`Toward`), kept in `SamState.towards` by the goal's id
    string, the entry's goal checked by identity (a deep copy of the state maps its entries'
    goals to its own fighters along with everything else)."""
    kit = state.towards.get(goal.id)
    if isinstance(kit, Toward) and kit.goal is goal:
        return kit
    made = Toward(goal)
    state.towards[goal.id] = made
    return made


def offers(state: SamState, w: Wielded, seconds: int) -> Offers:
    """`w`'s `Offers` for this battle (`SamState.offers`: by the weapon object, hashed by
    identity, the entry's weapon checked by identity too)."""
    kit = state.offers.get(w)
    if isinstance(kit, Offers) and kit.weapon is w and kit.seconds == seconds:
        return kit
    made = Offers(w, seconds)
    state.offers[w] = made
    return made


def preparations(state: SamState, f: Fighter) -> list[Action]:
    """Aim (rules 23, 67, C3, SAM-A17: not with spells, rule 69), reload (rules 64-65), draw
    another weapon (rule 25; the one in hand is dropped, a 0-second action, rule 27)."""
    out: list[Action] = []
    preparations_into(out, state, f)
    return out


def preparations_into(out: list[Action], state: SamState, f: Fighter) -> None:
    """`preparations`, appended to `out` (`legal`'s list)."""
    w = f.wielded
    for o in reloading.owners(state, f):  # rule 66 (SAM-A16): an ally's empty weapon
        out.append(Action(reloading.HELP, reloading.share(o.wielded, o), goal=o, weapon=o.wielded))
    if (w.data.reload and not w.loaded) or w.jammed:  # SAM-A31: clearing a jam is a reload
        seconds = reloading.left(w, f) if not w.jammed else reload_seconds(w.data.scale, f.scale, 1)
        out.append(Action("reload", seconds, weapon=w))
    elif w.data.kind in ("ranged", "thrown"):
        for e in targets(state, f, w):
            if (
                f.aimed_at != e.id
                and space.range_penalty(space.metres(state, f, e), w.data.increment) > 0
            ):
                out.append(Action("aim", data.seconds("aim"), goal=e, weapon=w))
    for i in range(1, len(f.weapons)):  # (no slice copied)
        out.append(offers(state, f.weapons[i], state.combo_seconds).to_draw())


def reload_seconds(weapon_scale: int, scale: int, helpers: int) -> int:
    """Rules 64-66 (SAM-A16): 4 s for a weapon of the reloader's scale or smaller, 4 s more
    per scale larger; shared among helpers, each spends ceil(total / helpers) seconds."""
    total = data.seconds("reload") * (1 + max(0, weapon_scale - scale))
    return -(-total // helpers)


def movements(state: SamState, f: Fighter, known: list[Fighter] | None = None) -> list[Action]:
    """Move (rule 28), run (30-32, C15), crawl when prone or Disabled (187, SAM-A10),
    stagger when overloaded (220), toward each enemy it has not reached, when a step can
    bring it nearer; `known` its `known_foes` when the caller has them."""
    out: list[Action] = []
    movements_into(out, state, f, known)
    return out


def movements_into(
    out: list[Action], state: SamState, f: Fighter, known: list[Fighter] | None = None
) -> list[int] | None:
    """`movements`, appended to `out` (`legal`'s list). Returns `space.squares` from `f` to
    each of `known`, in order, read off the approaches when `f` measures for itself (not a
    ridden mount, rule 134), for the rams and the withdrawal; else None."""
    if f.posture == "crouched" or f.mount_id:
        return None  # stand up first; a rider moves with its mount (rule 134)
    if f.move_squares and not f.overloaded and escape.way_out(state, f) is not None:
        out.append(Action(escape.ESCAPE, data.seconds("move")))  # rules 204, 214 (issue 31)
    if known is None:
        known = known_foes(state, f)
    m = moves.measurer(state, f)  # rule 134: the same for every enemy, read once
    reach = moves.band(state, m)
    gaps: list[int] | None = [] if m is f else None
    # `moves.arrived`'s reading, once for every enemy: the measurer's weapon, its footprint
    melee = m.wielded.data.kind == "melee"
    increment = m.wielded.data.increment
    x, y, square, body = f.position.x, f.position.y, m.square, m.seat or m.square
    alternate = state.alternate
    # what does not change from one enemy to the next, read once (issue 35)
    crawling = f.disabled or f.posture == "prone" or f.legs_hit >= 2  # rules 117, 187
    budget = 1 if f.overloaded else f.move_squares
    plain = state.open_ground  # every step its plain price: no `Approach` made (`open_step`)
    for e in known:  # rules 110-111: not toward a square it does not know
        d_now = space.squares_at(x, y, square, e, alternate, body)  # `moves.Approach`'s
        if gaps is not None:
            gaps.append(d_now)  # `squares(state, f, e)`: the measurer is `f` itself
        if melee:  # arrived (`Approach.arrived`): in its band, or in the first increment
            if moves.off_band(d_now, reach) == 0:
                continue
        elif space.range_penalty(space.metres(state, f, e), increment) == 0:
            continue
        if crawling:
            if moves.crawl_steps(state, f, e):  # a crawl that gets nowhere is not offered
                out.append(toward(state, e).action("crawl"))
            continue
        if plain:  # `moves.reachable` on open ground: a step and a run alike
            step = run = moves.open_step_from(state, f, e, budget, m, reach, d_now)
        else:
            at = moves.Approach(state, f, e, m, reach, d_now)  # made only when not arrived
            step, run = moves.reachable(state, f, e, budget, at)
        if not step:
            continue
        if f.overloaded:
            out.append(toward(state, e).action("stagger"))  # rule 220: a square in 6 s
            continue
        kit = toward(state, e)
        out.append(kit.move)
        if run:
            out.append(kit.run)
    return gaps


def withdrawals(state: SamState, f: Fighter, known: list[Fighter] | None = None) -> list[Action]:
    """F-SAM-121 (PROPOSED): a fighter on its own feet may withdraw, a move (rule 28) or a run
    on open ground (rules 30-32, C15) directly away from its nearest known enemy (the way a
    panicked creature flees, rule 184, F-SAM-105); the seed puts no price on leaving a foe's
    reach. Not a rider (its mount carries it, rule 134: a ridden mount withdraws with it), nor
    one that must stand up first or cannot walk (rules 117, 187, 220). `known`: its
    `known_foes`, when the caller has them."""
    out: list[Action] = []
    withdrawals_into(out, state, f, known)
    return out


def withdrawals_into(
    out: list[Action],
    state: SamState,
    f: Fighter,
    known: list[Fighter] | None = None,
    gaps: list[int] | None = None,
) -> None:
    """`withdrawals`, appended to `out` (`legal`'s list); `gaps`: `squares` to each of
    `known` when the caller has them."""
    if f.posture != "standing" or f.mount_id or not f.move_squares:
        return
    if f.disabled or f.overloaded or f.legs_hit >= 2:
        return
    near = nearest_known(state, f, known, gaps)
    if near is None:
        return
    ahead = wander.away(state, f, near)
    if not space.free_step(state, f, ahead):
        return  # a withdrawal that gets nowhere is not offered
    kit = toward(state, near)
    out.append(kit.withdraw)
    if space.terrain_step(state, f, ahead) == 1:
        out.append(kit.action(WITHDRAW_RUN))


def nearest_known(
    state: SamState,
    f: Fighter,
    known: list[Fighter] | None = None,
    gaps: list[int] | None = None,
) -> Fighter | None:
    """The first of the nearest foes whose square `f` knows (`known_foes`, or `known` when
    the caller has them), by reach distance in its squares (SAM-A8, SAM-A13); `gaps`: those
    distances, for each of `known` in order, when the caller has them."""
    near: Fighter | None = None
    least = 0
    foes = known if known is not None else known_foes(state, f)
    for i, e in enumerate(foes):
        d = gaps[i] if gaps is not None and known is not None else space.squares(state, f, e)
        if near is None or d < least:
            near, least = e, d
    return near


def postures(f: Fighter) -> list[Action]:
    return [] if f.mount_id else postures_of(f.posture)  # a rider stays in the saddle


def rams(state: SamState, f: Fighter, known: list[Fighter] | None = None) -> list[Action]:
    """Rules 150-151 (F-SAM-83): a standing fighter moving at speed this turn may ram an
    adjacent enemy (1 s): a collision at the pace it carried in (SAM-A39). `known`: its
    `known_foes`, when the caller has them."""
    out: list[Action] = []
    rams_into(out, state, f, known)
    return out


def rams_into(
    out: list[Action],
    state: SamState,
    f: Fighter,
    known: list[Fighter] | None = None,
    gaps: list[int] | None = None,
) -> None:
    """`rams`, appended to `out` (`legal`'s list); `gaps` as `nearest_known`'s."""
    if f.pace <= 0 or f.posture != "standing" or f.mount_id:
        return
    foes = known if known is not None else known_foes(state, f)
    for i, e in enumerate(foes):
        d = gaps[i] if gaps is not None and known is not None else space.squares(state, f, e)
        if d == 1:
            out.append(toward(state, e).action("ram"))


def postures_of(posture: str) -> list[Action]:
    """Rules 26, 99 (C3): crouch or go prone 1 s, switch 1 s, stand 1 s or 2 s from prone.
    The options are the same for every fighter in a posture and hold no fighter, as `END`:
    made once for the process (`POSTURE_OPTIONS`; issue 35), a fresh list handed out."""
    return list(posture_options(posture))


def posture_options(posture: str) -> tuple[Action, ...]:
    """`postures_of`'s options, the kept tuple itself (`legal` extends its list with it)."""
    made = POSTURE_OPTIONS.get(posture)
    if made is None:
        made = POSTURE_OPTIONS[posture] = tuple(
            Action(name, data.seconds(name)) for name in POSTURE_CHANGES[posture]
        )
    return made


# rules 26, 99: the changes from each posture
POSTURE_CHANGES: Final[dict[str, tuple[str, ...]]] = {
    "standing": ("crouch", "prone"),
    "crouched": ("stand_from_crouch", "crouch_to_prone"),
    "prone": ("stand_from_prone", "prone_to_crouch"),
}


POSTURE_OPTIONS: Final[dict[str, tuple[Action, ...]]] = {}  # `postures_of`, once each


POSTURE_AFTER: Final = {
    "crouch": "crouched", "prone": "prone", "stand_from_crouch": "standing",
    "crouch_to_prone": "prone", "stand_from_prone": "standing", "prone_to_crouch": "crouched",
}  # fmt: skip


def perform(
    table: Table, state: SamState, f: Fighter, act: Action, shown: Shown | None = None
) -> None:
    """Carry out `act`, now that its seconds are spent; `shown`: what `legal` found for the
    decision that chose it, when nothing has happened since but its seconds passing."""
    kind = act.kind
    if kind in ("single", "combo", "called", "item"):
        strike(table, state, f, act, shown)
    elif kind == "area" and act.weapon is not None and act.weapon in f.weapons:
        area.strike(table, state, f, act.weapon, act.combo)
    elif kind in ("move", "run", "stagger", "crawl"):
        move(table, state, f, act)
        return  # movement keeps a Charge's straight line going (SAM-A18)
    elif kind == escape.ESCAPE:
        moved, cost = escape.step_out(state, f)
        f.moved_squares += moved
        mounted.moved(state, f, moved, act.seconds, f.move_squares)
        if table.observed:
            table.emit(ev.Moved, who=f.name, how="move", squares=moved, cost=cost,
                       to=f"{f.position} (out of the hazard)")  # fmt: skip
    elif kind == "ram" and act.goal is not None and act.goal.active:
        falling.ram(table, state, f, act.goal)
    elif kind == "aim" and act.goal is not None:
        f.aimed_at = act.goal.id  # SAM-A17: kept until it changes square
        table.emit(ev.Did, who=f.name, what=f"aims at {act.goal.name} (−1 to the range penalty)")
    elif kind == reloading.HELP and act.goal is not None and act.weapon is not None:
        reloading.helped(table, f, act.goal, act.weapon, act.seconds)
    elif kind == "reload" and act.weapon is not None:
        act.weapon.loaded, act.weapon.jammed = True, False  # rule 64; SAM-A31: the jam
        act.weapon.work = 0
        table.emit(ev.Did, who=f.name, what=f"reloads the {act.weapon.data.name}")
    elif kind == "draw" and act.weapon is not None and act.weapon in f.weapons:
        dropped = f.weapons.pop(0)
        f.weapons.remove(act.weapon)
        f.weapons.insert(0, act.weapon)
        table.emit(ev.Did, who=f.name, what=f"drops the {dropped.data.name} (0 s) and draws "
                   f"the {act.weapon.data.name}")  # fmt: skip
    elif kind == "possess" and act.goal is not None:
        if possession.can_possess(state, f, act.goal):
            possession.attempt(table, state, f, act.goal)
    elif kind in POSTURE_AFTER:
        f.posture = POSTURE_AFTER[kind]
        table.emit(ev.Did, who=f.name, what=f"is now {f.posture}")
    f.straight = 0.0  # SAM-A18: anything but a 0-second action between move and combo


def move(table: Table, state: SamState, f: Fighter, act: Action) -> None:
    goal = act.goal
    if goal is None or not goal.active:
        return
    if act.kind == "crawl":
        moved, cost = moves.crawl(state, f, goal), 1
    elif act.kind == "stagger":
        moved, cost = moves.advance(state, f, goal, 1)  # rule 220: one square per 6 s
    elif act.kind == "run":  # rule 30: triple speed each second, for 3 s
        moved, cost = moves.advance(state, f, goal, f.run_squares * act.seconds, run=True)
    else:
        moved, cost = moves.advance(state, f, goal, f.move_squares)
    f.moved_squares += moved  # rule 113, SAM-A39: squares moved this turn
    per = f.run_squares if act.kind == "run" else f.move_squares if act.kind == "move" else 0
    mounted.moved(state, f, moved, act.seconds, per)  # SAM-A39; a mount carries its rider
    if table.observed:
        table.emit(ev.Moved, who=f.name, how=act.kind, squares=moved, cost=cost,
                   to=str(f.position))  # fmt: skip


def strike(
    table: Table, state: SamState, f: Fighter, act: Action, shown: Shown | None = None
) -> None:
    """Rules 88-91 (SAM-A24): allot each attack to an enemy before any die; a spell with a
    delay is cast now and takes effect later (rule 14). `shown` as `perform`'s."""
    w = act.weapon
    found = allotted(state, f, w, act.region, shown) if w is not None and w in f.weapons else []
    if w is None or not found:
        table.emit(ev.Did, who=f.name, what="finds no one to attack: the attack is lost")
        return
    if act.kind == "item":
        strike_item(table, state, f, w, act.region)
        return
    count = 1 if act.kind != "combo" else attacks_of(act.combo)
    swings: list[attack.Swing] = []
    for i in range(count):  # allotting changes nobody's place: the same enemies each time
        t = table.choose(f, decisions.ALLOT, found if i == 0 else list(found))
        sit = attack.situation(state, f, t, w, use_aim(f, t))
        assert sit is not None  # `targets` offers only enemies in range
        if act.region:  # rule 116: the region's Target modifier
            called.aim(sit, act.region)
        swings.append(attack.Swing(t, sit, act.region))
    if table.observed:
        name = "a single attack" if act.kind != "combo" else f"combo [{', '.join(act.combo)}]"
        name += f" (called shot at the {act.region})" if act.region else ""
        if w.data.kind == "magic":
            name = f"the spell {w.data.name}"
        table.emit(ev.Allotted, who=f.name, combo=name,
                   targets=tuple(s.target.name for s in swings))  # fmt: skip
    state.count(COMBOS, act.kind == "combo")
    if w.data.delay:
        f.delays.append(Delayed(w, swings[0].target, w.data.delay))
        table.emit(ev.Did, who=f.name, what=f"casts {w.data.name} at {swings[0].target.name}: "
                   f"it takes effect in {w.data.delay} s (rule 14)")  # fmt: skip
        return
    attack.resolve(table, state, f, w, swings)


def attacks_of(combo: tuple[str, ...]) -> int:
    """Rules 81-86: the attacks of a combo, its components' summed (`data.components`), worked
    out once for each combo in the process (`COMBO_ATTACKS`; issue 35: `components()` is a
    cached function, a call through the interpreter for each component at every combo)."""
    found = COMBO_ATTACKS.get(combo)
    if found is None:
        rows = data.components()
        found = COMBO_ATTACKS[combo] = sum(rows[c]["attacks"] for c in combo)
    return found


COMBO_ATTACKS: Final[dict[tuple[str, ...], int]] = {}  # `attacks_of`, by combo


def strike_item(table: Table, state: SamState, f: Fighter, w: Wielded, item: str) -> None:
    """Rule 125: a single attack at an enemy's worn or held item, allotted like any attack."""
    having = [t for t in targets(state, f, w) if items.stats(t, item) is not None]
    if not having:
        table.emit(ev.Did, who=f.name, what=f"finds no {item} to attack: the attack is lost")
        return
    t = table.choose(f, items.ALLOT, having)
    sit = attack.situation(state, f, t, w, use_aim(f, t))
    assert sit is not None
    items.aim(sit, t, item)
    if table.observed:
        table.emit(ev.Allotted, who=f.name, combo=f"a single attack at the {item}",
                   targets=(t.name,))  # fmt: skip
    items.resolve(table, state, f, w, attack.Swing(t, sit), item)


def use_aim(f: Fighter, t: Fighter) -> bool:
    """Rule 67 ("between aiming and attacking", issue 31 item 4): an aim at `t` serves the
    one attack it was taken for, and is used up by it."""
    if f.aimed_at != t.id:
        return False
    f.aimed_at = ""
    return True


def allottable(state: SamState, f: Fighter, w: Wielded, region: str) -> list[Fighter]:
    """Rule 90: the enemies an attack may be allotted to; a wing shot only to a flyer."""
    return allotted(state, f, w, region, None)


def allotted(
    state: SamState, f: Fighter, w: Wielded, region: str, shown: Shown | None
) -> list[Fighter]:
    """`allottable`, the enemies read off what `legal` found for the decision that chose
    the attack (`shown`: its `targets` for `f`'s weapon in hand), when the caller has it
    (issue 35: not found again). Sound: `turn.start` hands it over only when nothing but the
    choice and seconds without a delay firing came between (neither moves or fells anyone),
    and `targets` reads only places, statuses and the weapon (the list is shared: read it)."""
    found: list[Fighter] | None = None
    if shown is not None and shown.fighter is f and shown.weapon is w:
        found = shown.targets
    if found is None:
        found = targets(state, f, w)
    if region == called.WINGS:
        found = [t for t in found if t.fly_squares > 0]
    return found


def fire(table: Table, state: SamState, f: Fighter, d: Delayed) -> None:
    """Rule 14 (SAM-A5): a delayed spell takes effect whatever its caster's state; against a
    target gone or out of range it fizzles."""
    t = d.target
    assert isinstance(t, Fighter)
    sit = attack.situation(state, f, t, d.weapon, False) if t.active else None
    if sit is None:
        table.emit(ev.Did, who=f.name, what=f"'s {d.weapon.data.name} fizzles: no target")
        return
    attack.resolve(table, state, f, d.weapon, [attack.Swing(t, sit)])
