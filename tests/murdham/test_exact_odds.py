"""Issue 11, Murdham: one attack's exact odds — the real rules enumerated along every way the
dice fall (exploding damage dice cut off below 1 in 10⁹, the lost mass told) — against the
same rules rolled from seeded dice."""

from __future__ import annotations

import fracas
from fracas.exact.action import action_odds, sample_action
from odds_support import assert_within_4_se

DUEL = "src/fracas/rulesets/murdham/bench/1v1.yaml"


def test_every_reaction_is_offered_and_the_odds_add_up() -> None:
    odds = action_odds(fracas.load(DUEL), "Red bandit", "Blue bandit")
    assert odds.action == "Axe" and odds.decision == "react"
    labels = [label for label, _ in odds.choices]
    assert "no reaction" in labels and any(label.startswith("dodge") for label in labels)
    for each in [odds.policy, *(o for _, o in odds.choices)]:
        assert 0 < each.truncated < 1e-4
        assert sum(each.results.values()) + each.truncated == 1
    no_reaction = dict(odds.choices)["no reaction"]
    assert "dodged" not in no_reaction.results and "countered" not in no_reaction.results


def test_the_enumerated_odds_agree_with_the_rules_rolled() -> None:
    """4,000 seeded attacks, the target reacting as its policy would: each result and the
    chance it is out of the fight within 4 standard errors."""
    encounter = fracas.load(DUEL)
    exact = action_odds(encounter, "Red bandit", "Blue bandit").policy
    sampled = sample_action(encounter, "Red bandit", "Blue bandit", "Axe", 4000)
    assert_within_4_se(exact, sampled, 4000)
