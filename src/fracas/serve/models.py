"""The HTTP API's typed bodies (issue 12): what a client sends and what it gets back."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Body):
    decides: Literal["person", "policy"] = "person"
    dice: Literal["digital", "physical"] = "digital"


class NewTable(Body):
    """A table from uploaded encounter text, a bundled example, or a save to resume."""

    encounter: str | None = Field(None, description="the encounter file's YAML (or TOML) text")
    format: Literal["yaml", "toml"] = "yaml"
    example: str | None = Field(None, description="a bundled example, e.g. brp/duel")
    save: dict[str, Any] | None = Field(None, description="a saved battle to resume")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63)
    seats: dict[str, SeatSpec] = Field(
        default_factory=dict, description="seats by side or combatant name"
    )


class NewSeat(Body):
    name: str = Field(description="the side or combatant this seat plays", min_length=1)
    decides: Literal["person", "policy"] = "person"
    dice: Literal["digital", "physical"] = "digital"


class SeatCreated(BaseModel):
    seat: str
    token: str | None = Field(description="the seat's token (none when the policy decides)")
    link: str | None


class TableCreated(BaseModel):
    id: str
    gm_token: str
    gm_link: str
    seats: list[SeatCreated]
    started: bool


class AnswerBody(Body):
    question: str = Field(description="the open question's id")
    value: StrictInt | list[StrictInt] = Field(
        description="an option's index for a choice, one face per die for a roll"
    )


class UndoBody(Body):
    answers: StrictInt = Field(1, ge=1, description="how many people's answers to take back")


class You(BaseModel):
    seat: str
    gm: bool
    side: str | None


class TableView(BaseModel):
    """A table as one token may see it."""

    id: str
    title: str
    ruleset: str
    started: bool
    finished: bool
    position: int = Field(description="the number of changes made to the table so far")
    round: int
    you: You
    combatants: list[dict[str, Any]]
    order: dict[str, Any] | None
    question: dict[str, Any] | None = Field(
        description="the open question, if this token may see it; a roll's `needs` says what"
        " it needs in words ('55 or less to hit; 11 or less special'), null when the rules"
        " give none",
    )
    map: dict[str, Any] | None = Field(
        None,
        description="the battle map as this token may see it, ready to draw (issue 33): areas,"
        " tokens by side and status, the open question's actor and what each option picks",
    )
    events: int = Field(description="how many events this token may see so far")
    outcome: dict[str, Any] | None
    seats: list[dict[str, Any]]
    waiting: list[str] = Field(
        default_factory=list,
        description="the GM's commands given while an action is under way: they take effect"
        " when it ends (the GM's token only)",
    )


class EventPage(BaseModel):
    position: int
    events: list[dict[str, Any]]


class Problem(BaseModel):
    """Every error: its status and what went wrong, in words."""

    status: int
    error: str
    detail: Any = None
