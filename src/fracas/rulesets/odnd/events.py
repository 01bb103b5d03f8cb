"""OD&D events, in the words of the seed. Fighters are named by their unique names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class SurpriseRolled(Event):
    side: str
    roll: int
    chance: int
    surprised: bool
    depth: ClassVar[int] = 0

    def text(self) -> str:
        verdict = "surprised!" if self.surprised else "not surprised"
        return f"Surprise: {self.side} roll {self.roll} (surprised on 1-{self.chance}): {verdict}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SurpriseCancelled(Event):
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return "Both sides are surprised: it cancels out (T-ODD-6)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Initiative(Event):
    group: str
    roll: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"Initiative: {self.group} {self.roll}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Segment(Event):
    name: str
    groups: tuple[str, ...] = ()
    depth: ClassVar[int] = 0

    def text(self) -> str:
        who = f": {', '.join(self.groups)}" if self.groups else ""
        return f"-- {self.name}{who}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    who: str
    target: str
    sweep: bool

    def text(self) -> str:
        if not self.target:
            return f"{self.who} parries (+2 defence, no attack)"
        how = "sweeps through normal men, starting with" if self.sweep else "attacks"
        return f"{self.who} {how} {self.target}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Event):
    attacker: str
    target: str
    roll: int
    needed: int
    hit: bool
    natural: str  # "", "natural 1", "natural 20"
    critical: bool
    rules: str  # the modifiers applied, in words

    def text(self) -> str:
        verdict = "hits" if self.hit else "misses"
        crit = ", critical hit" if self.critical else ""
        nat = f" ({self.natural})" if self.natural else ""
        why = f" [{self.rules}]" if self.rules else ""
        return (
            f"{self.attacker} attacks {self.target}: d20 {self.roll}{nat} vs {self.needed}+ "
            f"— {verdict}{crit}{why}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage(Event):
    attacker: str
    target: str
    amount: int
    penalty: int
    weapon: str
    hp: int
    max_hp: int

    def text(self) -> str:
        cut = f" (−{self.penalty}, natural 20 over 20)" if self.penalty else ""
        return (
            f"{self.weapon}: {self.amount} damage to {self.target}{cut}; "
            f"{self.target} has {self.hp}/{self.max_hp} hp"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Fumble(Event):
    who: str
    roll: int
    level: int
    effect: str

    def text(self) -> str:
        if not self.effect:
            return f"{self.who}: fumble check d20 {self.roll} ≤ level {self.level}: a plain miss"
        return f"{self.who}: d20 {self.roll} > level {self.level}: critical fumble — {self.effect}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    who: str
    simultaneous: bool

    def text(self) -> str:
        late = (
            " (struck in the same initiative slot: it still struck back)"
            if self.simultaneous
            else ""
        )
        return f"{self.who} is slain{late}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CannotAct(Event):
    who: str
    why: str

    def text(self) -> str:
        return f"{self.who} cannot act: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MoraleCheck(Event):
    group: str
    trigger: str
    roll: int
    morale: int
    passed: bool
    depth: ClassVar[int] = 0

    def text(self) -> str:
        verdict = "stands" if self.passed else "breaks and flees"
        return (
            f"Morale ({self.trigger}): {self.group} roll {self.roll} vs {self.morale} — {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Fled(Event):
    who: str

    def text(self) -> str:
        return f"{self.who} flees the fight"
