"""Issue 34: the default Murdham policy takes every kind of action the rules offer when it
pays.

The bundled examples are fought with fixed seeds through the public API and every decision
the policy makes is tallied by kind (`policy_choices`). Each kind the rules offer is listed
here: taken somewhere, never paying in a sensible fight (with the reason), or arising in no
bundled example (with the reason).
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from fracas.core.combatant import Side
from fracas.rulesets.murdham import attack, turn
from fracas.rulesets.murdham.attack import Counter, Stunt
from fracas.rulesets.murdham.state import Character, Weapon
from fracas.rulesets.murdham.turn import Strike
from policy_choices import Tally, tally_examples

SEEDS = range(20)


def kind_of(who: Any, decision: str, option: Any) -> str:
    """A name for what an option does (the decision it answers, then the act)."""
    if isinstance(option, Strike):
        if option.kind != "damage":
            return f"{decision}: {option.kind}"
        extra = " held back" if option.held_back else " then draw back" if option.withdraw else ""
        return f"{decision}: strike{extra}"
    if isinstance(option, Counter):
        return f"{decision}: counter" + ("" if option.kind == "damage" else f" ({option.kind})")
    if isinstance(option, Stunt):
        return f"{decision}: propose {'surrender' if option.effect == 'surrender' else 'other'}"
    if isinstance(option, str):
        if isinstance(who, Side):  # the first faction: a faction's name
            return f"{decision}: {'its own' if option == who.name else 'another'}"
        return f"{decision}: {option}"
    if isinstance(option, bool):
        return f"{decision}: {'yes' if option else 'no'}"
    if isinstance(option, Character):
        return f"{decision}: a character"
    if isinstance(option, Weapon):
        return f"{decision}: a weapon"
    if option is None:
        return f"{decision}: none"
    return f"{decision}: {type(option).__name__}"


TAKEN = {
    "first faction: its own",  # seed "Combat procedure": take the first turn
    "activate: a character",
    "activate: none",  # pass: let an enemy who can strike come on (seed "Combat procedure")
    "turn: strike",
    "turn: strike then draw back",  # shooters keep their distance (seed "Taking a turn")
    "turn: Advance",
    "turn: DeathBlow",  # seed "Attacking"
    "turn: Hold",  # keep the turn to react (seed "Reactions")
    "turn: Surrender",  # seed "Surrendering": the fight is lost (examples/cornered.yaml)
    "react: NoReaction",
    "react: counter",
    "react: Dodge",
    "react: Guard",  # seed "Guarding"
    "opportunity attack: a weapon",  # seed "Movement": a free blow at one who leaves
    "stunt: propose surrender",  # seed "Stunts"
    "stunt: none",
    "accept stunt: yes",
    "morale: retreats",  # seed "Morale"
}

NEVER_PAYS = {
    # Seed "Combat procedure": the initiative's faction may hand the first turn to another;
    # acting first strikes before being struck (and a faction that prefers to wait may pass
    # its activation, which the policy does: "activate: none").
    "first faction: another",
    # Seed "Taking a turn": holding back deals impaired damage, for taking a foe alive; the
    # policy fights to win, and a blow at full force is worth more.
    "turn: strike held back",
    # Seed "Grapple", "Shove", "Disarm": a STR save against the target's, worth less than
    # the expected damage of a blow (no manoeuvre whose odds are far below a plain attack's,
    # issue 34); a grapple also ties the grappler up.
    "turn: grapple",
    "turn: shove",
    "turn: disarm",
    "react: counter (grapple)",
    # Seed "Blast attacks": the wyrm's fire breath (d6 to each in a zone, ranged blasts
    # hurting the wyrm too in its own zone) is worth less than its bite (2d8 against the
    # medium, seed "Effects of size") while the party stands apart or next to it. Measured
    # (wyrm example, 300 fights, seed 0): a wyrm that breathes whenever the breath catches a
    # foe won 72.7 % against 74.0 % for the policy's choice.
    "turn: Blast",
    # Seed "Mounts and vehicles": a rider who dismounts gives up the mount's speed and
    # blows; the one chance to mount (a free horse nearby) came once in the examples, when
    # a blow was worth more.
    "turn: Dismount",
    "turn: Mount",
    # Seed "Reactions": hiding behind an ally passes the blow to the ally (the faction takes
    # the same harm); behind a grabbed enemy it would pay, but the policy never grapples.
    "react: Hide",
    # Seed "Movement": an opportunity attack is a free blow; declining it gains nothing.
    "opportunity attack: none",
    # Seed "Stunts": the policy proposes surrender to a foe who would likely not survive the
    # blow; incapacitation "until the end of the stretch" takes them out for less long.
    "stunt: propose other",
    # The policy proposes a stunt only to a foe who would likely fall, who then accepts.
    "accept stunt: no",
    # Seed "Morale": those who fail retreat or surrender; retreat takes the character out
    # alive as surrender does, and a slow one caught in the chase surrenders then (F-MUR-5).
    "morale: surrenders",
}

NOT_IN_EXAMPLES = {
    # Seed "Effects of size": the wyrm spreads its dice only over two smaller foes next to
    # it at its turn; in the wyrm example the party's blows and the wyrm's counters settle
    # the fight before the wyrm takes a turn among them.
    "turn: SplitStrike",
    # Seed "Taking a turn" (pick up), "Grapple" (free an ally, break free; the grabbed have
    # no other plan and so no decision), "Disarm" (the weapon to knock away): they follow a
    # grapple or a disarm, which the policy never tries (above).
    "turn: PickUp",
    "turn: FreeAlly",
    "turn: BreakFree",
    "weapon to disarm: a weapon",
    # Seed "Guarding": asked of an able ally beside a target that cannot react (a death
    # blow); in the examples no ally with its turn or a free reaction left stood beside a
    # fallen one when the death blow came.
    "guard: yes",
    "guard: no",
}


@cache
def tally() -> Tally:
    return tally_examples("murdham", SEEDS, kind_of)


def test_every_kind_the_rules_offer_is_listed() -> None:
    """The plans are `turn.Plan`'s classes and the reactions `attack.Reaction`'s; each has a
    kind above (a new plan or reaction fails this test until it is listed)."""
    listed = TAKEN | NEVER_PAYS | NOT_IN_EXAMPLES
    for cls in typing.get_args(turn.Plan):
        if cls is not Strike:  # (strikes are listed by kind, above)
            assert f"turn: {cls.__name__}" in listed, cls
    for cls in typing.get_args(attack.Reaction):
        if cls is not Counter:
            assert f"react: {cls.__name__}" in listed, cls
    unlisted = tally().unlisted(listed)
    assert not unlisted, f"offered but not listed: {unlisted}"


def test_each_kind_that_pays_is_taken_somewhere() -> None:
    missing = tally().never_taken(TAKEN)
    assert not missing, f"never taken in the bundled examples: {missing}"


def test_kinds_that_never_pay_are_declined() -> None:
    t = tally()
    for kind in NEVER_PAYS | NOT_IN_EXAMPLES:
        assert t.taken[kind] == 0, kind
