"""Spelljammer events, in the seed's words (Strike Chance, DEF, PROT, segments). Fighters
are named by their unique names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event


def _seg(s: int) -> str:
    return f"{s:+d}" if s < 0 else str(s)


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    who: str
    plan: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} declares: {self.plan}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Initiative(Event):
    who: str
    what: str  # "attack 1", "casting Bolt of Energy"
    die: str
    roll: int
    modifiers: str
    total: int
    segment: int  # where it lands (after the equal-value shift); below −5: lost
    note: str = ""
    depth: ClassVar[int] = 1

    def text(self) -> str:
        mods = f" {self.modifiers}" if self.modifiers else ""
        note = f" — {self.note}" if self.note else ""
        if self.die == "held":  # SJ-U34: no roll
            return f"{self.who}, {self.what}: held → segment {_seg(self.segment)}{note}"
        return (
            f"{self.who}, {self.what}: {self.die} {self.roll}{mods} = {_seg(self.total)}"
            f" → segment {_seg(self.segment)}{note}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Schedule(Event):
    """The count-down as it stands once initiative is rolled: segment → what happens."""

    lines: tuple[str, ...]
    depth: ClassVar[int] = 0

    def text(self) -> str:
        if not self.lines:
            return "Count-down: nothing scheduled"
        return "Count-down:\n" + "\n".join(f"      {line}" for line in self.lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class Segment(Event):
    segment: int
    phase: str  # pre-movement, movement, post-movement
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"-- segment {_seg(self.segment)} ({self.phase})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    who: str
    squares: float
    toward: str
    gap: float
    how: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return (
            f"{self.who} {self.how} {self.squares:.2f} sq toward {self.toward} "
            f"(now {self.gap:.2f} sq apart)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Event):
    attacker: str
    target: str
    number: int
    sc: int
    defence: int
    modified: int
    roll: int
    result: str
    rules: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        why = f" [{self.rules}]" if self.rules else ""
        what = f"attack {self.number}" if self.number else "free attack (withdrawal)"
        return (
            f"{self.attacker} {what} on {self.target}: SC {self.sc} − DEF "
            f"{self.defence} = {self.modified}; d100 {self.roll:02d} → {self.result}{why}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage(Event):
    attacker: str
    target: str
    rolled: int
    doubled: bool
    prot: int
    amount: int
    stuns: bool
    dice: int = 0  # the dice alone, before `mods` (issue 30: every modifier shown)
    mods: str = ""  # e.g. "−2 off hand"
    depth: ClassVar[int] = 2

    def text(self) -> str:
        sum_ = f"{self.dice} {self.mods} = {self.rolled}" if self.mods else f"{self.rolled}"
        how = f"{sum_} ×2, no PROT" if self.doubled else f"{sum_} − PROT {self.prot}"
        stun = f" > stun threshold: {self.target} will be stunned" if self.stuns else ""
        return f"damage {how} = {self.amount} to {self.target}{stun}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GrievousWound(Event):
    target: str
    roll: int
    chance: int
    wound: str
    depth: ClassVar[int] = 2

    def text(self) -> str:
        if not self.wound:
            return f"grievous wound? d100 {self.roll:02d} > {self.chance}%: no wound"
        return (
            f"grievous wound: d100 {self.roll:02d} ≤ {self.chance}%: {self.target} — {self.wound}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ProtLost(Event):
    who: str
    armour: int
    depth: ClassVar[int] = 2

    def text(self) -> str:
        return f"{self.who}'s armour loses 1 PROT until repaired (armour PROT now {self.armour})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded(Event):
    who: str
    amount: int
    hp: int
    max_hp: int
    level: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        level = f", {self.level}" if self.level else ""
        return f"{self.who} takes {self.amount}: {self.hp}/{self.max_hp} hp{level}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stunned(Event):
    who: str
    lost: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        lost = f"; loses {self.lost}" if self.lost else ""
        return f"{self.who} is stunned for the rest of the round{lost}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Down(Event):
    who: str
    hp: int
    dead: bool
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} {'dies' if self.dead else 'goes down'} at {self.hp} hp"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionLost(Event):
    who: str
    what: str
    reason: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who}: {self.what} lost — {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Delayed(Event):
    who: str
    what: str
    segment: int
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who}: {self.what} waits (not yet in reach) → segment {_seg(self.segment)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Retargeted(Event):
    who: str
    was: str
    now: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} turns from {self.was} to {self.now} (the GM's minor adjustment)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Casting(Event):
    who: str
    spell: str
    start: int
    release: int
    note: str
    fits: bool = True  # SJ-U35: False — it would start on `start`, go off on `release`
    next_release: int = 0  # … and next round it goes off on this
    depth: ClassVar[int] = 1

    def text(self) -> str:
        note = f" — {self.note}" if self.note else ""
        if not self.fits:
            return (
                f"{self.who} casts {self.spell}: would start on {_seg(self.start)} and go off"
                f" on {_seg(self.release)}{note}: it starts on 10 next round and goes off on"
                f" {_seg(self.next_release)} (SJ-U35)"
            )
        return (
            f"{self.who} casts {self.spell}: starts on {_seg(self.start)}, goes off on "
            f"{_seg(self.release)}{note}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellReleased(Event):
    who: str
    spell: str
    target: str
    effect: str
    amount: int
    dice: str = ""  # issue 30: a damage spell's dice, total and PROT in the line
    rolled: int = 0
    prot: int = 0
    depth: ClassVar[int] = 1

    def text(self) -> str:
        if self.effect == "heal":
            return f"{self.who}'s {self.spell} goes off: {self.target} regains {self.amount} hp"
        how = f"{self.dice} = {self.rolled} − PROT {self.prot} = " if self.dice else ""
        return f"{self.who}'s {self.spell} goes off at {self.target}: {how}{self.amount} damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class CastChance(Event):
    who: str
    spell: str
    roll: int
    chance: int
    works: bool
    depth: ClassVar[int] = 2

    def text(self) -> str:
        verdict = "it works" if self.works else "the spell energy is lost"
        return f"{self.who}: cast chance d100 {self.roll:02d} vs {self.chance}: {verdict}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AfterAttack(Event):
    """Attack and Move (rules 135–144): when the mover may start moving, and why."""

    who: str
    last: int
    roll: int  # the DEX roll, 0 when none was needed
    band: int
    start: int  # 0: no movement this round
    depth: ClassVar[int] = 1

    def text(self) -> str:
        how = f"DEX roll d100 {self.roll:02d} ({self.band}× DEX)" if self.roll else "no DEX roll"
        if self.start <= 0:
            return f"{self.who}: last attack on {_seg(self.last)}, {how}: cannot move this round"
        return (
            f"{self.who}: last attack on {_seg(self.last)}, {how}: moves from segment {self.start}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class NoMovementBroken(Event):
    """Rules 23–26 (SJ-U38): a no-movement fighter forced to move."""

    who: str
    lost: str
    roll: int
    needed: int
    falls: bool
    depth: ClassVar[int] = 1

    def text(self) -> str:
        lost = f"loses {self.lost}; " if self.lost else ""
        verdict = "falls down" if self.falls else "keeps its feet"
        return (
            f"{self.who} is forced to move under no movement: {lost}2× DEX roll d100 "
            f"{self.roll:02d} vs {self.needed}: {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Pushed(Event):
    """Rules 192–193: a desperate defender forced 10 ft the way its attacker chose."""

    who: str
    by: str
    gap: float
    way: str = "back"
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return (
            f"{self.by} forces {self.who} 10 ft {self.way} (Desperate Defense; now "
            f"{self.gap:.1f} sq from {self.by})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class IntoHazard(Event):
    """Rule 193 (SJ-U28): a push lands a desperate defender in a hazard."""

    who: str
    hazard: str
    amount: int
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} is forced into {self.hazard}: {self.amount} damage (no PROT)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bleeding(Event):
    who: str
    amount: int
    hp: int
    cause: str = "grievous wound"
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} bleeds {self.amount} ({self.cause}): {self.hp} hp"


# --- Stage 2 ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PerRoll(Event):
    """An N× PER roll (ambush, rules 102–110; an unseen foe, rules 166–167)."""

    who: str
    roll: int
    per: int
    band: int
    effect: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        roll = f"PER roll d100 {self.roll:02d} (PER {self.per})"
        return f"{self.who}: {roll} → {self.band}× — {self.effect}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SurpriseRound(Event):
    """Rule 111, SJ-U19: the ambushers' surprise round."""

    by: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"Ambush! {self.by} springs it: the surprise round (SJ-U19)"


@dataclass(frozen=True, slots=True, kw_only=True)
class IntoMelee(Event):
    """Rules 245–256 (SJ-U45): a shot at a foe engaged with the shooter's friends."""

    who: str
    target: str
    friends: int
    foes: int
    roll: int
    bonus: int
    needed: int
    natural: int
    now: str  # the one the shot turns on
    depth: ClassVar[int] = 2

    def text(self) -> str:
        verdict = f"the shot turns on {self.now}" if self.now != self.target else "on target"
        return (
            f"{self.who} shoots into the melee around {self.target} ({self.friends} friend(s), "
            f"{self.foes} foe(s)): d100 {self.roll:02d} {self.bonus:+d} = {self.roll + self.bonus}"
            f" vs {self.needed} or less (natural {self.natural} or less) → {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MissileStuck(Event):
    """Rules 238–243: a penetrating missile stuck in the target."""

    who: str
    missile: str
    dex: int
    bleed: int
    depth: ClassVar[int] = 2

    def text(self) -> str:
        return (
            f"the {self.missile} sticks in {self.who}: {self.dex:+d} DEX, {self.bleed} bleeding a "
            "round until removed (rules 238–243)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstAid(Event):
    """SJ-U46: pulling a stuck missile with First Aid."""

    who: str
    patient: str
    missile: str
    roll: int
    needed: int
    depth: ClassVar[int] = 1

    def text(self) -> str:
        verdict = "pulled out" if self.roll <= self.needed else "it stays in"
        return (
            f"{self.who}: First Aid on {self.patient}'s {self.missile}, d100 {self.roll:02d} vs "
            f"{self.needed}: {verdict}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Handling(Event):
    """Rules 150–159, 199–201: drawing, sheathing, dropping, picking up, shields, potions."""

    who: str
    what: str
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return f"{self.who} {self.what}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LuckSave(Event):
    """P9, P15 option `luck`: a Luck save keeps a spell its caster was hurt while casting."""

    who: str
    roll: int
    bonus: int
    needed: int
    depth: ClassVar[int] = 2

    def text(self) -> str:
        total = self.roll + self.bonus
        verdict = "saves: the spell goes on" if total >= self.needed else "fails"
        return (
            f"{self.who}: Luck save d100 {self.roll:02d} {self.bonus:+d} = {total} vs "
            f"{self.needed}: {verdict}"
        )


# --- Issue 30: sprinting, fleeing ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Winded(Event):
    """P3, P8: a sprinting round's non-lethal damage; down when lethal + NL reach max hp."""

    who: str
    dice: str
    amount: int
    nl: int
    lethal: int
    max_hp: int
    depth: ClassVar[int] = 1

    def text(self) -> str:
        total = self.lethal + self.nl
        out = (
            f"{self.who} is winded by the sprint: {self.dice} = {self.amount} non-lethal "
            f"(NL {self.nl} + lethal {self.lethal} = {total} of {self.max_hp} hp)"
        )
        return out + (": it drops, exhausted (P8)" if total >= self.max_hp else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class Fled(Event):
    """Issue 30: a fleer out of every foe's reach for the next round has left the fight."""

    who: str
    gap: float
    depth: ClassVar[int] = 1

    def text(self) -> str:
        return (
            f"{self.who} has fled: {self.gap:.0f} squares from the nearest foe, beyond any "
            "foe's run and step or missile next round"
        )
