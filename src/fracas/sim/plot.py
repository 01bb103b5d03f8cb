"""`sim --plot`: win probabilities with their 95 % intervals, and the rounds histogram."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_report(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [row["side"] for row in report["sides"]] + ["draw"]
    ps = [row["p"] for row in report["sides"]] + [report["draws"]["p"]]
    cis = [row["ci95"] for row in report["sides"]] + [report["draws"]["ci95"]]
    # Wilson bounds can sit a rounding error off p at 0 or 1: clamp the bar lengths.
    below = [max(0.0, p - ci[0]) for p, ci in zip(ps, cis, strict=True)]
    above = [max(0.0, ci[1] - p) for p, ci in zip(ps, cis, strict=True)]
    left.bar(
        names,
        ps,
        yerr=[below, above],
        capsize=6,
        color=["#4c72b0", "#dd8452", "#999999", "#55a868"][: len(names)],
    )
    left.set_ylim(0, 1)
    left.set_ylabel("probability (95 % Wilson interval)")
    left.set_title(f"Who wins — {report['battles']:,} battles")
    hist = report["rounds"]["histogram"]
    rounds = [int(r) for r in hist]
    right.bar(rounds, [hist[str(r)] / report["battles"] for r in rounds], color="#4c72b0")
    right.axvline(report["rounds"]["median"], color="black", linestyle="--", label="median")
    right.axvline(report["rounds"]["p90"], color="grey", linestyle=":", label="90th percentile")
    right.set_xlabel("rounds")
    right.set_ylabel("share of battles")
    right.set_title("How long it lasts")
    right.legend()
    fig.suptitle(report.get("encounter", ""))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
