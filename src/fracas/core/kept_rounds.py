"""The rounds a live battle need not observe again (issue 35).

A `Battle` answered through `answer` is rebuilt by replaying its journal from the start
(DESIGN.md §2): each answer replays every round before it, and builds every event of them
again. The rules are deterministic in the journal, so a round that started after the same
journal entries as in the last run (and the one after them: a re-roll is seen one entry
ahead), and every round before it, tells the same events again.
`KeptRounds` remembers, from one observed run, the journal it used and where each round
started (the entries consumed, and its `RoundStarted` event's place); the next run replays
those rounds unobserved, as a simulation does (no event built, `table.observed` false, which
the kit holds to the same battle: tests/conformance), keeps their events from the last run,
and observes again from the first round that may differ.

Only whole rounds are kept: a round's rules hold what they computed for the log in local
variables (`if table.observed:` blocks), so observing may only start between rounds.
"""

from __future__ import annotations

from fracas.core.events import Event
from fracas.core.journal import Entry


class KeptRounds:
    """What one observed run saw: its journal and authors as it ended, its events, and for
    each round started, the journal entries consumed by then and its first event's index."""

    def __init__(
        self,
        journal: list[Entry],
        authors: dict[int, str],
        events: list[Event],
        starts: list[tuple[int, int]],
    ) -> None:
        self.journal = journal
        self.authors = authors
        self.events = events
        self.starts = (
            starts  # round r + 1 started after starts[r][0] entries, at event starts[r][1]
        )

    def shared(self, journal: list[Entry], authors: dict[int, str]) -> int:
        """How many entries at the start of `journal` are the same as this run's, answered
        by the same seats."""
        old = self.journal
        n = min(len(old), len(journal))
        same = n if journal[:n] == old[:n] else next(i for i in range(n) if journal[i] != old[i])
        answered = [i for i in authors.keys() | self.authors.keys() if i < same]
        for i in sorted(answered):
            if authors.get(i) != self.authors.get(i):
                return i
        return same

    def resumable(self, journal: list[Entry], authors: dict[int, str]) -> int:
        """The last round a run on `journal` may start observing at with the earlier rounds'
        events kept, or 0 when no round is worth keeping (the first round: a run observes
        from the start anyway)."""
        shared = self.shared(journal, authors)
        resume = 0
        for r, (consumed, _) in enumerate(self.starts):
            # The table looks one entry past the last roll it consumed (a GM's re-roll voids
            # it, with an event): that entry must be the same too.
            if consumed + 1 > shared:
                break
            resume = r + 1
        return resume if resume > 1 else 0

    def events_before(self, round_number: int) -> list[Event]:
        """The events of the rounds before `round_number` (and of the battle's start)."""
        return self.events[: self.starts[round_number - 1][1]]
