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
    action: str = "attack"

    def text(self) -> str:
        special = {
            "charge": f"{self.who} will charge {self.target}",
            "run": f"{self.who} runs toward {self.target}",
            "cast": f"{self.who} is casting at {self.target}",
            "set": f"{self.who} sets a spear against a charge",
            "withdraw": f"{self.who} makes a fighting withdrawal",
            "retreat": f"{self.who} turns to flee",
        }
        if self.action in special:
            return special[self.action]
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
    temporary: int = 0  # rule 97: subdual damage
    how: str = ""  # the roll's multiplier or halving, in words (issue 29, the log)

    def text(self) -> str:
        cut = f" (−{self.penalty}, natural 20 over 20)" if self.penalty else ""
        temp = f" real + {self.temporary} temporary" if self.temporary else ""
        how = f" ({self.how})" if self.how else ""
        return (
            f"{self.weapon}: {self.amount}{temp} damage to {self.target}{how}{cut}; "
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


@dataclass(frozen=True, slots=True, kw_only=True)
class Surrendered(Event):
    who: str
    why: str

    def text(self) -> str:
        return f"{self.who} cannot flee ({self.why}) and surrenders (rule 132)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Distance(Event):
    feet: int
    why: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"The sides are {self.feet} ft apart ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    who: str
    how: str  # "advances", "charges", "runs", "withdraws", "retreats", "moves while casting"
    feet: int
    x: float
    y: float
    around: str = ""  # why the way is not straight (bodies, rules 49, 56)

    def text(self) -> str:
        why = f" ({self.around})" if self.around else ""
        return f"{self.who} {self.how} {self.feet} ft, to ({self.x:g}, {self.y:g}) ft{why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RollOff(Event):
    mover: str
    foe: str
    mover_roll: int
    foe_roll: int
    free_attack: bool
    why: str

    def text(self) -> str:
        verdict = "a free attack at +2" if self.free_attack else "no free attack"
        return (
            f"{self.why}: {self.mover} {self.mover_roll} vs {self.foe} {self.foe_roll} — "
            f"{self.foe} gets {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class IntoMelee(Event):
    shooter: str
    intended: str
    roll: int
    hits_at: str

    def text(self) -> str:
        return (
            f"{self.shooter} fires into the melee around {self.intended}: d6 {self.roll} — "
            f"the shot goes at {self.hits_at} (ODD-U40)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Save(Event):
    who: str
    roll: int
    target: int
    passed: bool
    why: str

    def text(self) -> str:
        verdict = "saves" if self.passed else "fails"
        return (
            f"{self.who}: save vs Paralysis ({self.why}) {self.roll} vs {self.target} — {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Spell(Event):
    caster: str
    spell: str
    target: str
    result: str  # "cast", "lost", "miscast"

    def text(self) -> str:
        if self.result == "lost":
            return f"{self.caster}'s {self.spell} is lost"
        miscast = " (miscast)" if self.result == "miscast" else ""
        return f"{self.caster} casts {self.spell} at {self.target}{miscast}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reaction(Event):
    side: str
    roll: int
    band: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"Reaction: {self.side} roll {self.roll} — {self.band}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Chose(Event):
    side: str
    choice: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"{self.side} choose to {self.choice}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortcutKills(Event):
    who: str
    expected: float
    kills: int

    def text(self) -> str:
        return (
            f"{self.who} sweeps by the averaging shortcut: {self.expected:.2f} → {self.kills} slain"
        )


# --- stage 2 ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(Event):
    who: str
    hp: int
    temporary: int

    def text(self) -> str:
        return (
            f"{self.who} is knocked out ({self.temporary} temporary damage, {self.hp} hp "
            "real; rule 98, ODD-U43)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CameRound(Event):
    who: str
    hp: int
    max_hp: int

    def text(self) -> str:
        return f"{self.who} comes round ({self.hp}/{self.max_hp} hp; rule 99)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Special(Event):
    who: str
    target: str
    effect: str  # hold, swallow, knockdown, breaks free
    amount: int

    def text(self) -> str:
        if self.effect == "knockdown":
            return f"{self.target} is knocked to the ground by {self.who} (ODD-U15)"
        if self.effect == "breaks free":
            return f"{self.who} breaks free of {self.target}'s hold"
        if self.amount:
            return f"{self.who}'s {self.effect}: {self.amount} damage to {self.target} (ODD-U14)"
        verb = "swallows" if self.effect == "swallow" else "seizes in a crushing hug"
        return f"{self.who} {verb} {self.target} (natural roll special, rule 35)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Manoeuvre(Event):
    who: str
    target: str
    kind: str  # disarm, dismount, whip, grapple
    roll: int
    needed: int
    hit: bool
    rules: str = ""

    def text(self) -> str:
        verdict = "hits" if self.hit else "misses"
        why = f" [{self.rules}]" if self.rules else ""
        return (
            f"{self.who} tries to {self.kind} {self.target}: d20 {self.roll} vs "
            f"{self.needed}+ — {verdict}{why}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect(Event):
    who: str
    effect: str

    def text(self) -> str:
        return f"{self.who}: {self.effect}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Contest(Event):
    hero: str
    grapplers: tuple[str, ...]
    hero_roll: int
    grapplers_roll: int
    result: str  # pinned, struggling, thrown off

    def text(self) -> str:
        words = {
            "pinned": "is pinned, helpless",
            "struggling": "struggles on, unable to use a weapon",
            "thrown off": "throws them off: stunned for "
            f"{self.hero_roll - self.grapplers_roll} rounds",
        }[self.result]
        return (
            f"Grapple: {', '.join(self.grapplers)} {self.grapplers_roll} vs {self.hero} "
            f"{self.hero_roll} — {self.hero} {words} (rule 105)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ChaseRound(Event):
    fleer: str
    pursuer: str
    gap: int
    state: str  # running, caught, lost from sight, gave up, stopped, turned

    def text(self) -> str:
        return f"Chase: {self.pursuer} after {self.fleer}, {self.gap} ft apart — {self.state}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Survivors(Event):
    unit: str
    men: int
    size: int
    hp: int
    original: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return (
            f"{self.unit}: {self.men} of {self.size} men left ({self.hp} of {self.original} "
            "hit points; rule 145)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Appears(Event):
    side: str
    entrance: int
    x: float
    y: float
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return (
            f"{self.side} come in by entrance {self.entrance}, at ({self.x:g}, {self.y:g}) ft "
            "(rule 108)"
        )
