"""BRP events: what happened, in the words of seed 002. Combatants are named by their
unique names in the battle; every field is plain data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class IntentDeclared(Event):
    """§5.2 Statement of Intent, in DEX order, highest first."""

    who: str
    dex: int
    intent: str

    def text(self) -> str:
        return f"{self.who} (DEX {self.dex}) intends to {self.intent}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Surprised(Event):
    who: str

    def text(self) -> str:
        return f"{self.who} is caught unaware: no action, no parry or dodge this round"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """§5.3: movement halves or quarters the DEX rank; 30 m leaves only defence."""

    who: str
    metres: float
    x: float
    y: float
    rank: float | None
    note: str

    def text(self) -> str:
        where = f"to ({self.x:g}, {self.y:g})"
        return f"{self.who} moves {self.metres:.1f} m {where}: {self.note}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Acts(Event):
    """§5.4: a fighter acts on its DEX rank."""

    who: str
    rank: float
    simultaneous_with: tuple[str, ...] = ()
    depth: ClassVar[int] = 0

    def text(self) -> str:
        also = (
            f" (simultaneous with {', '.join(self.simultaneous_with)})"
            if self.simultaneous_with
            else ""
        )
        return f"  DEX rank {self.rank:g}: {self.who}{also}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(Event):
    """§5.5: d100 against the attack chance; special at one fifth (B-C1)."""

    attacker: str
    target: str
    weapon: str
    chance: int
    modifiers: tuple[str, ...]
    roll: int
    special_at: int
    level: str

    def text(self) -> str:
        mods = f" [{'; '.join(self.modifiers)}]" if self.modifiers else ""
        return (
            f"{self.attacker} attacks {self.target} with {self.weapon}: {self.chance}%{mods},"
            f" rolled {self.roll:02d} → {level_text(self.level)} (special ≤ {self.special_at:02d})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class NoDefence(Event):
    defender: str
    reason: str

    def text(self) -> str:
        return f"{self.defender} cannot defend: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DefenceRolled(Event):
    """§5.6 parry or §5.7 dodge, rolled like an attack."""

    defender: str
    kind: str  # parry or dodge
    using: str
    chance: int
    modifiers: tuple[str, ...]
    roll: int
    level: str

    def text(self) -> str:
        mods = f" [{'; '.join(self.modifiers)}]" if self.modifiers else ""
        using = f" with {self.using}" if self.kind == "parry" else ""
        return (
            f"{self.defender} tries to {self.kind}{using}: {self.chance}%{mods},"
            f" rolled {self.roll:02d} → {level_text(self.level)}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MatrixApplied(Event):
    """§5.8, the Attack and Defense Matrix row that applies."""

    attack: str
    defence: str
    result: str
    rule: str

    def text(self) -> str:
        return f"Matrix: attack {self.attack} vs defence {self.defence} — {self.rule}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(Event):
    """§5.12: damage less armour comes off hit points; §5.13 special damage."""

    target: str
    attacker: str
    damage: int
    armour: int
    injury: int
    hp: int
    hp_max: int
    special: bool

    def text(self) -> str:
        kind = "special damage" if self.special else "damage"
        return (
            f"{self.target} takes {self.damage} {kind} − {self.armour} armour = {self.injury}"
            f" → {self.hp}/{self.hp_max} HP"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemDamaged(Event):
    """§5.8 matrix: 2 points to the parrying weapon or shield, 1 to the attacker's weapon."""

    owner: str
    item: str
    points: int
    hp: int
    broken: bool

    def text(self) -> str:
        state = "and breaks" if self.broken else f"({self.hp} HP left)"
        return f"{self.owner}'s {self.item} takes {self.points} point(s) {state}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FellUnconscious(Event):
    """§5.12, B-C2: at 1 or 2 hit points a character falls unconscious."""

    who: str
    hp: int

    def text(self) -> str:
        return f"{self.who} falls unconscious at {self.hp} HP"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dying(Event):
    """§5.12: at 0 HP or below, dead at the end of the round unless brought to 1 HP."""

    who: str
    hp: int

    def text(self) -> str:
        return f"{self.who} collapses at {self.hp} HP: dead at the end of the round unless aided"


@dataclass(frozen=True, slots=True, kw_only=True)
class UnconsciousFor(Event):
    """§5.12: unconscious for 1D6 hours or until awakened by another character."""

    who: str
    hours: int

    def text(self) -> str:
        return f"{self.who} will stay unconscious for {self.hours} hour(s) unless awakened"


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Event):
    who: str
    hp: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"  {self.who} is dead ({self.hp} HP at the end of the round)"


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstAidRolled(Event):
    """§5.14: First Aid heals 1D3 for one injury, at most that injury's damage, once."""

    aider: str
    patient: str
    chance: int
    roll: int
    level: str
    injury: int
    healed: int
    hp: int

    def text(self) -> str:
        if self.healed:
            return (
                f"{self.aider} gives First Aid to {self.patient} ({self.chance}%, rolled"
                f" {self.roll:02d} → {self.level}): heals {self.healed} of a {self.injury}-point"
                f" injury → {self.hp} HP"
            )
        return (
            f"{self.aider} gives First Aid to {self.patient} ({self.chance}%, rolled"
            f" {self.roll:02d} → {self.level}): the injury is bandaged but not healed"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Awakened(Event):
    """§5.12: awakened by another character (F-BRP-14), or by First Aid (F-BRP-5)."""

    who: str
    hp: int
    by: str = ""

    def text(self) -> str:
        by = f" by {self.by}" if self.by else ""
        return f"{self.who} is brought round{by} ({self.hp} HP) and can fight again"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reloaded(Event):
    who: str
    weapon: str
    shots: int | None

    def text(self) -> str:
        shots = f" ({self.shots} shots)" if self.shots is not None else ""
        return f"{self.who} reloads the {self.weapon}{shots}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionLost(Event):
    who: str
    reason: str

    def text(self) -> str:
        return f"{self.who} does not act: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class IntentChanged(Event):
    """F-BRP-4: at its DEX rank a fighter may drop its action to tend a dying ally."""

    who: str
    intent: str

    def text(self) -> str:
        return f"{self.who} changes intent: {self.intent}"


def level_text(level: str) -> str:
    """A success level for the log; a fumble says what it does (B6: nothing beyond failing),
    so that nobody at the table waits for a fumble table."""
    return "fumble (it fails; no further effect, B6)" if level == "fumble" else level
