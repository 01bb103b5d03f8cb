"""SemiAutoMagic events, in the words of the seed: seconds, Target, DC, Toughness, wounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class Initiative(Event):
    """Rules 1-2, 4: the order, highest first (ties re-rolled among the tied)."""

    order: tuple[tuple[str, int], ...]
    depth: ClassVar[int] = 0

    def text(self) -> str:
        rolls = [r for _, r in self.order]
        tied = " (ties re-rolled among the tied, rule 2)" if len(set(rolls)) < len(rolls) else ""
        return "Initiative: " + ", ".join(f"{n} {r}" for n, r in self.order) + tied


@dataclass(frozen=True, slots=True, kw_only=True)
class Arrived(Event):
    who: str
    initiative: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"{self.who} arrives late and takes initiative {self.initiative} (rule 4)"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    who: str
    seconds: int
    note: str = ""
    depth: ClassVar[int] = 0

    def text(self) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"— {self.who}'s turn: {self.seconds} seconds{note}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Spent(Event):
    """The timeline (rule 8): which seconds of the turn an action takes."""

    who: str
    first: int
    last: int
    action: str
    carried: int = 0  # seconds it runs into the next turn (rules 12-13)
    finishing: bool = False  # the end of an action begun last turn

    def text(self) -> str:
        span = f"s{self.first}" if self.first == self.last else f"s{self.first}–{self.last}"
        if self.first > self.last:
            span = "0 s"
        more = f", {self.carried} s more next turn (rule 13)" if self.carried else ""
        done = " (finishing, begun last turn)" if self.finishing else ""
        return f"[{span}] {self.who}: {self.action}{done}{more}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    who: str
    timeline: str

    def text(self) -> str:
        return f"{self.who}'s seconds: {self.timeline}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lost(Event):
    """Rules 185-186 (SAM-A3): seconds lost to a stun."""

    who: str
    seconds: int
    why: str

    def text(self) -> str:
        return f"{self.who} loses {self.seconds} s ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    who: str
    how: str
    squares: int
    cost: int
    to: str

    def text(self) -> str:
        if self.squares == 0:  # issue 31: never "crawls 0 squares"
            return f"{self.who} cannot {self.how}: no free square that way; stays at {self.to}"
        return f"{self.who} {self.how}s {self.squares} square(s) (cost {self.cost}) to {self.to}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Did(Event):
    """Aim, reload, posture, draw: an action with no roll."""

    who: str
    what: str

    def text(self) -> str:
        return f"{self.who} {self.what}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Allotted(Event):
    """Rule 90: the combo's attacks allotted before any die is rolled."""

    who: str
    combo: str
    targets: tuple[str, ...]

    def text(self) -> str:
        return f"{self.who} uses {self.combo}: attacks on {', '.join(self.targets)} (rule 90)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Located(Event):
    who: str
    target: str
    total: int
    dc: int
    found: bool

    def text(self) -> str:
        verdict = "finds its square" if self.found else "guesses the wrong square: a miss"
        return (
            f"{self.who} listens for invisible {self.target}: Perception {self.total} vs DC "
            f"{self.dc}, {verdict} (SAM-A43)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(Event):
    attacker: str
    target: str
    weapon: str
    total: int
    target_score: int
    hit: bool
    rules: str  # the modifiers applied, in words

    def text(self) -> str:
        verdict = "hits" if self.hit else "misses"
        why = f" [{self.rules}]" if self.rules else ""
        return (
            f"{self.attacker} attacks {self.target} with {self.weapon}: {self.total} vs Target "
            f"{self.target_score} — {verdict}{why}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Defended(Event):
    who: str
    kind: str
    total: int
    dc: int
    success: bool
    rules: str = ""

    def text(self) -> str:
        verdict = "negates the attack" if self.success else "fails"
        why = f" [{self.rules}]" if self.rules else ""
        return f"{self.who} tries to {self.kind}: {self.total} vs DC {self.dc} — {verdict}{why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Struck(Event):
    attacker: str
    target: str
    damage: int
    toughness: int
    minimum: int
    effect: str

    def text(self) -> str:
        return (
            f"{self.damage} damage to {self.target} against {self.toughness}/{self.minimum}: "
            f"{self.effect}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded(Event):
    who: str
    wounds: int
    toughness: int
    minimum: int

    def text(self) -> str:
        return (
            f"{self.who} has {self.wounds} wound(s): Toughness {self.toughness}/{self.minimum} "
            "(rule 165)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    who: str
    how: str
    rule: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"{self.who} {self.how} ({self.rule})"


@dataclass(frozen=True, slots=True, kw_only=True)
class DyingCheck(Event):
    who: str
    total: int
    dc: int
    penalty: int
    passed: bool

    def text(self) -> str:
        verdict = "holds on" if self.passed else "fails: the DC rises"
        cut = f" (after −{self.penalty} for wounds)" if self.penalty else ""
        return f"{self.who}'s dying check: {self.total}{cut} vs DC {self.dc} — {verdict}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hidden(Event):
    """Rule 110 (T-SAM-28): a hider's Stealth against each observer's Perception."""

    who: str
    stealth: int
    unseen_by: tuple[str, ...]

    def text(self) -> str:
        who = ", ".join(self.unseen_by) or "nobody"
        return f"{self.who} hides (Stealth {self.stealth}): invisible to {who}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DelayFired(Event):
    who: str
    what: str
    second: int

    def text(self) -> str:
        return f"[after s{self.second}] {self.who}'s {self.what} takes effect (rule 14)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Experience(Event):
    """Rules 224-229 (SAM-A46): one character's experience for the encounter."""

    who: str
    gained: int
    reasons: str
    level: int
    xp: int
    levelled: bool
    depth: ClassVar[int] = 0

    def text(self) -> str:
        up = f", reaches level {self.level}" if self.levelled else f", level {self.level}"
        return f"{self.who} gains {self.gained} XP ({self.reasons}){up}, {self.xp} XP (rule 224)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Unnerved(Event):
    """Rules 136-140 (F-SAM-102): a hit of morale damage, against the target's Will."""

    attacker: str
    target: str
    damage: int
    kind: str
    will: int
    minimum: int

    def text(self) -> str:
        return (
            f"{self.damage} {self.kind} morale damage to {self.target} against Will "
            f"{self.will}/{self.minimum} (rules 136-140)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Impact(Event):
    """Rules 145-151: damage with no attacker (a fall, a collision) against Toughness."""

    source: str
    target: str
    damage: int
    toughness: int
    minimum: int
    effect: str

    def text(self) -> str:
        return (
            f"{self.source}: {self.damage} damage to {self.target} against "
            f"{self.toughness}/{self.minimum}: {self.effect}"
        )
