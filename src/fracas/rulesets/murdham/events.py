"""Murdham events, in the words of the seed. Characters are named by their unique names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event
from fracas.core.events import Revealed as Revealed  # the core event, used here on ambushes


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeHeld(Event):
    faction: str
    drawn: bool
    depth: ClassVar[int] = 0

    def text(self) -> str:
        how = "drawn at random" if self.drawn else "it started the fight"
        return f"{self.faction} hold the initiative ({how})"


@dataclass(frozen=True, slots=True, kw_only=True)
class FactionFirst(Event):
    faction: str

    def text(self) -> str:
        return f"{self.faction} act first this round"


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusRound(Event):
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return "Ambush! Concealed characters play a bonus round (only they act)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Activated(Event):
    faction: str
    who: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"  {self.faction}: {self.who} takes a turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    faction: str
    forced: bool
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"  {self.faction} pass" + (" (nobody left to act)" if self.forced else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPlan(Event):
    who: str
    plan: str

    def text(self) -> str:
        return f"{self.who}: {self.plan}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    who: str
    to: str
    sprint: bool

    def text(self) -> str:
        return f"{self.who} {'sprints' if self.sprint else 'moves'} to zone {self.to}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackDeclared(Event):
    attacker: str
    target: str
    weapon: str
    kind: str  # damage, disarm, shove, grapple, death blow, blast
    note: str = ""

    def text(self) -> str:
        what = {"damage": "attacks", "death blow": "delivers a death blow to"}.get(
            self.kind, f"tries to {self.kind}"
        )
        extra = f" ({self.note})" if self.note else ""
        return f"{self.attacker} {what} {self.target} with {self.weapon}{extra}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SaveRolled(Event):
    """M2: d20 equal to or under the ability passes."""

    who: str
    ability: str
    score: int
    roll: int
    passed: bool
    why: str

    def text(self) -> str:
        result = "pass" if self.passed else "fail"
        return (
            f"{self.who} {self.ability} save ({self.why}): rolled {self.roll} vs {self.score}"
            f" → {result}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Missed(Event):
    attacker: str
    target: str
    why: str

    def text(self) -> str:
        return f"{self.attacker} misses {self.target} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reacted(Event):
    who: str
    reaction: str

    def text(self) -> str:
        return f"{self.who} reacts: {self.reaction}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StuntProposed(Event):
    attacker: str
    target: str
    effect: str
    accepted: bool

    def text(self) -> str:
        answer = "accepts" if self.accepted else "refuses: the attack is resolved as normal"
        return (
            f"{self.attacker} proposes a stunt to {self.target}: {self.effect};"
            f" {self.target} {answer}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRolled(Event):
    """Damage dice as M9 counts them: each die's faces (more than one when it exploded)."""

    who: str
    die: int
    dice: int
    faces: tuple[tuple[int, ...], ...]  # the faces of each die kept, explosions included
    total: int
    note: str

    def text(self) -> str:
        dice = f"{self.dice}d{self.die}" if self.dice != 1 else f"d{self.die}"
        shown = " + ".join(exploded_text(f) for f in self.faces)
        if len(self.faces) > 1 or any(len(f) > 1 for f in self.faces):
            shown += f" = {self.total}"
        note = f" — {self.note}" if self.note else ""
        return f"{self.who} rolls {dice} (exploding): {shown or self.total}{note}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageHalved(Event):
    """Seed "Effects of size": damage against a larger target is halved per size, rounded up."""

    target: str
    before: int
    after: int
    sizes: int

    def text(self) -> str:
        times = "halved" if self.sizes == 1 else f"halved {self.sizes} times"
        return (
            f"{self.target} is larger: damage {times}, rounded up: {self.before} → {self.after}"
            " (Effects of size)"
        )


def exploded_text(faces: tuple[int, ...]) -> str:
    """One exploding die's arithmetic (M9): "6, 6, 3 → 5 + 5 + 3" (each maximum counts one
    less, the last face in full); a die that did not explode is its face."""
    if len(faces) == 1:
        return str(faces[0])
    counted = [str(f - 1) for f in faces[:-1]] + [str(faces[-1])]
    return f"({', '.join(map(str, faces))} → {' + '.join(counted)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Harmed(Event):
    target: str
    damage: int
    armour: int
    direct: bool
    lost: int
    health: int
    max_health: int
    note: str = ""

    def text(self) -> str:
        armour = "direct damage ignores armour" if self.direct else f"armour value {self.armour}"
        note = f"; {self.note}" if self.note else ""
        return (
            f"{self.target} takes {self.damage} ({armour}) → loses {self.lost},"
            f" health {self.health}/{self.max_health}{note}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Incapacitated(Event):
    who: str
    why: str

    def text(self) -> str:
        return f"{self.who} is incapacitated ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dying(Event):
    who: str
    until_round: int

    def text(self) -> str:
        return f"{self.who} is dying: dead at the end of round {self.until_round} unless healed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Killed(Event):
    who: str
    why: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"  {self.who} is killed ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Grabbed(Event):
    who: str
    by: str

    def text(self) -> str:
        return f"{self.who} is grabbed by {self.by}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Freed(Event):
    who: str
    how: str

    def text(self) -> str:
        return f"{self.who} is free ({self.how})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Disarmed(Event):
    who: str
    weapon: str
    taken_by: str | None

    def text(self) -> str:
        taken = f"; {self.taken_by} grabs it" if self.taken_by else ""
        return f"{self.who} drops the {self.weapon}{taken}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoved(Event):
    who: str
    to: str
    hazard: bool

    def text(self) -> str:
        into = " into a hazard" if self.hazard else ""
        return f"{self.who} is shoved to zone {self.to}{into}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MoraleChecked(Event):
    faction: str
    why: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"  Morale check for {self.faction}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Broke(Event):
    """Failed morale: the character surrenders or retreats."""

    who: str
    how: str  # surrenders, retreats

    def text(self) -> str:
        return f"{self.who} {self.how}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResumedFighting(Event):
    who: str

    def text(self) -> str:
        return f"{self.who}, harmed while surrendering, fights on"


@dataclass(frozen=True, slots=True, kw_only=True)
class Escaped(Event):
    who: str
    escaped: bool

    def text(self) -> str:
        return f"{self.who} {'escapes' if self.escaped else 'is caught by the pursuers'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GearWorn(Event):
    who: str
    item: str
    state: str  # damaged or destroyed

    def text(self) -> str:
        return f"{self.who}'s {self.item} is {self.state}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    who: str

    def text(self) -> str:
        return f"{self.who} falls off the moving mount"
