"""Issue 35: the policy keeps a fighter's readings of its plans with a mode only from round to
round while its attacks and IM stay as they were (`policy.PlainKept`). Each reading it answers
from what it kept must be the reading it would work out afresh (`initiative.attacks_kept` and
`on_time`, rules 13, 132, 148, 223, SJ-U4), in every example's battles."""

from __future__ import annotations

from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.rulesets.spelljammer import policy as policy_module
from fracas.rulesets.spelljammer.policy import Kept, SjPolicy
from fracas.rulesets.spelljammer.state import Fighter, Plan

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


@pytest.mark.skipif(
    not str(policy_module.__file__).endswith(".py"),
    reason="the policy's methods are patched: the pure build's (a compiled class is not)",
)
@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_what_the_policy_keeps_is_what_it_would_work_out(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept_readings = 0
    original = SjPolicy._kept

    def checked(policy: SjPolicy, me: Fighter, plan: Plan, i: int) -> Kept:
        nonlocal kept_readings
        reading = original(policy, me, plan, i)
        afresh = policy._kept_now(me, plan)
        assert (reading.n, reading.timely) == (afresh.n, afresh.timely), (me.name, plan)
        kept_readings += 1
        return reading

    monkeypatch.setattr(SjPolicy, "_kept", checked)
    encounter = fracas.load(path)
    for seed in range(3):
        Battle(encounter, seed=seed, observe=False).run()
    assert kept_readings > 0  # the plans were scored through the kept readings


def test_mode_slot_is_the_place_in_modes() -> None:
    """`policy.mode_slot` compares with literals for speed; it must name `MODES`' places."""
    from fracas.rulesets.spelljammer.policy import MODES, mode_slot

    assert [mode_slot(m) for m in MODES] == list(range(len(MODES)))
    assert mode_slot("flee") == -1
