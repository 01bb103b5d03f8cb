"""SemiAutoMagic events of combat geometry: area attacks (rules 71-80), cover as an object
(rules 103-106) and attacks on items (rules 125-130), in the seed's words."""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaRolled(Event):
    """Rules 72, 74 (T-SAM-24, SAM-A21): the attack on a square, and where it lands."""

    attacker: str
    weapon: str
    aimed: str  # the square chosen, in words
    total: int
    target_score: int
    hit: bool
    landed: str  # where the area lands, in words
    rules: str

    def text(self) -> str:
        verdict = "hits" if self.hit else f"misses and scatters to {self.landed}"
        why = f" [{self.rules}]" if self.rules else ""
        return (
            f"{self.attacker} aims the {self.weapon} at {self.aimed}: {self.total} vs Target "
            f"{self.target_score} (the area's, rule 72) — {verdict}{why}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Caught(Event):
    """Rules 73, 76: everyone even partly in the area, friend or foe; one damage roll."""

    weapon: str
    shape: str
    who: tuple[str, ...]
    damage: int

    def text(self) -> str:
        caught = ", ".join(self.who) or "nobody"
        return (
            f"The {self.weapon}'s {self.shape} catches {caught} (friend or foe, rule 73); one "
            f"damage roll for all: {self.damage} (rule 76)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverStruck(Event):
    """Rules 103-106 (SAM-A42, T-SAM-14)."""

    attacker: str
    target: str
    damage: int
    toughness: int
    what: str
    through: bool  # the attack goes on to the target (rules 105-106)
    area: bool = False  # an area attack catching the cover (rule 75, F-SAM-120)

    def text(self) -> str:
        if self.area:
            return (
                f"{self.attacker}'s area catches the cover beside {self.target} (rule 75): "
                f"{self.damage} damage against its Toughness {self.toughness} — {self.what}"
            )
        if not self.toughness:  # beaten away earlier in the same action (F-SAM-63)
            return (
                f"{self.attacker}'s attack would hit the cover in front of {self.target}, "
                f"{self.what} ({self.damage} damage)"
            )
        return (
            f"{self.attacker}'s attack hits the cover in front of {self.target} (rule 103): "
            f"{self.damage} damage against its Toughness {self.toughness} — {self.what}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemStruck(Event):
    """Rules 125-129: a hit on a worn or held item."""

    target: str
    item: str
    damage: int
    toughness: int
    minimum: int
    effect: str

    def text(self) -> str:
        rule = {"wound": " (a wound on it, rule 126)", "destroyed": " (useless, rule 128)"}
        return (
            f"{self.damage} damage to {self.target}'s {self.item} against "
            f"{self.toughness}/{self.minimum} (rule 129): {self.effect}{rule.get(self.effect, '')}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Jammed(Event):
    """Rule 127 (SAM-A31): a wounded firearm jams on an attack die of 1."""

    who: str
    weapon: str

    def text(self) -> str:
        return (
            f"{self.who}'s wounded {self.weapon} jams on a 1 (rule 127): the shot is lost; "
            "clearing it is a reload (SAM-A31)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaDefended(Event):
    """Rule 75 (SAM-A23, T-SAM-26): a block or a dodge against an area attack."""

    who: str
    kind: str
    total: int
    dc: int
    result: str  # "negated (...)", "damage −3", "fails"

    def text(self) -> str:
        return (
            f"{self.who} tries to {self.kind} the area: {self.total} vs DC {self.dc} — "
            f"{self.result}"
        )
