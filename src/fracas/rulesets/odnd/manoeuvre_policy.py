"""Whether a manoeuvre is worth its attack (rules 40, 91, 93; T-ODD-13; ODD-U15, U16; issue 34:
no manoeuvre whose odds are far below a plain attack's). It reads the state, never changes it.

A manoeuvre deals no damage (ODD-U16); what it buys is the foe's next action: a disarmed foe
spends it picking its weapon up (ODD-U16), a foe pulled from the saddle or whipped off its
feet gets up losing an attack (ODD-U15) and, unhorsed, loses the mount's edge for good. So it
is worth the chance it succeeds (the to-hit roll, then the target's save or, for the whip,
the wielder's) times the harm that foe would do in its next round, and it is tried only when
that beats the harm of the plain attack it replaces.
"""

from __future__ import annotations

from fracas.rulesets.odnd import manoeuvres, worth
from fracas.rulesets.odnd.state import Fighter, OdndState


def success_chance(me: Fighter, target: Fighter, kind: str, hit: float) -> float:
    """The to-hit chance `hit` times the save's failure (disarm, dismount: the target saves
    vs Paralysis, T-ODD-13) or success (the whip: the wielder saves, less the target's STR)."""
    if kind == "whip":
        return hit * (manoeuvres.save_faces(me, me.dex_bonus - target.str_bonus) / 20)
    saved = manoeuvres.save_faces(target, manoeuvres.save_bonus(target, me))
    return hit * ((20 - saved) / 20)  # the same float as the Fraction's: k/20, rounded once


def denied(me: Fighter, target: Fighter, kind: str) -> float:
    """The harm the manoeuvre takes away: the foe's next round against its likeliest victim
    (`me`, or the ally it declared against) — all of it for a lost weapon (a disarm, or the
    whip on a weapon that can drop), one attack's share for a fall, and a second round's
    worth when it ends a rider's edge (rule 59)."""
    victim = target.plan_target if target.plan_target is not None else me
    round_harm = worth.harm(target, victim)
    if kind == "disarm" or (kind == "whip" and droppable(target)):
        return round_harm
    lost = round_harm / max(1, target.attacks)
    return lost + round_harm if kind == "dismount" else lost


def most_denied(me: Fighter, target: Fighter, kind: str) -> float:
    """At least `denied(me, target, kind)`, without the target's hit chance worked out (issue
    35: in a duel of equals it settles every disarm): every swing of the target's round at
    its likeliest victim hitting (a hit chance is at most 1, so each rounded product of
    `worth.harm_at` is no larger than this one's; a negative mean harms nothing), twice that
    for a dismount (`denied`'s `lost + round_harm`, `lost` no more than the round's)."""
    victim = target.plan_target if target.plan_target is not None else me
    sweeping = victim.normal_man and target.sweep_attacks > target.attacks  # as `harm_at`
    swings = target.sweep_attacks if sweeping else target.attacks
    most = swings * max(0.0, target.weapons[0].mean_damage)
    return 2 * most if kind == "dismount" else most


def droppable(target: Fighter) -> bool:
    """A weapon in the hand, which a whip can pull away (rule 40; not claws, issue 34)."""
    held = target.primary.data
    return not (held.natural or held.unarmed or target.disarmed)


def manoeuvre_worth(
    state: OdndState,
    me: Fighter,
    target: Fighter,
    kind: str,
    hit: float,
    harm: float,
) -> float:
    """The expected harm the manoeuvre prevents, less the harm of the plain attack it
    replaces: above zero, it pays. `hit` and `harm` are `me`'s `worth.hit_chance` and
    `worth.harm` against `target`, worked out once by the caller (issue 35). One manoeuvre
    a foe a round: a second one declared on the same foe buys something only if the first
    fails."""
    # A manoeuvre needs no weapon that can hurt the target (`hit_chance`'s `weaponless`):
    # the same chance as the weapon's unless the target needs magic or silver (rule 31).
    weaponless = hit if target.needs == "none" else worth.hit_chance(me, target, True)
    if weaponless * most_denied(me, target, kind) <= harm:
        return -1.0  # even the most it could deny does not pay (the same test, below, bounded)
    denial = denied(me, target, kind)
    if weaponless * denial <= harm:
        # Its success is the hit times the odds of the save going its way, at most the
        # hit: even at best it could not pay (a product rounds no higher when a factor is
        # smaller; issue 35: most manoeuvres of a bench battle end here, before the saves
        # and the allies are looked at).
        return -1.0
    for a in state.fighters():  # its allies (issue 35: no list built)
        ally = a.side == me.side and a is not me
        if ally and a.plan_target is target and a.action in manoeuvres.KINDS:
            return -1.0
    return success_chance(me, target, kind, weaponless) * denial - harm
