"""Build fracas compiled with mypyc where it can be, pure Python where it cannot (issue 10).

The metadata lives in pyproject.toml; this file only adds the compiled modules. The hot path
(the table, the dice, and the rules, state and policy of each ruleset) is compiled when mypy
(mypyc) and a C compiler are at hand; anything else, or `FRACAS_PURE=1`, or an editable
install, gives the same package in pure Python. Behaviour is identical either way: the
compiled modules are the same source, and `make test` runs the conformance kit and the worked
examples against both builds. The C code is one file per module, compiled on every core.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules compiled, as paths under src/. Events, pydantic models, the command line and
# most of the simulator stay interpreted: they are not on the per-roll path, and pydantic and
# dataclass machinery they lean on is dynamic. The simulator's tally is compiled: it adds up
# every battle (an interpreted `Tally.add` was 7 % of a compiled duel; issue 10).
COMPILED = [
    "fracas/core/table.py",
    "fracas/core/dice_sources.py",
    "fracas/core/combatant.py",
    "fracas/core/controllers.py",
    "fracas/core/requests.py",
    "fracas/core/battle.py",
    "fracas/core/arguments.py",  # Battle() checks its arguments once per simulated battle
    "fracas/core/geometry.py",
    "fracas/core/outcome.py",
    "fracas/core/philox.py",
    "fracas/core/seats.py",
    "fracas/sim/tally.py",
    "fracas/dice/compiler.py",
    "fracas/dice/expr.py",
    "fracas/rulesets/brp/actions.py",
    "fracas/rulesets/brp/combat.py",
    "fracas/rulesets/brp/data.py",
    "fracas/rulesets/brp/decisions.py",
    "fracas/rulesets/brp/derived.py",
    "fracas/rulesets/brp/healing.py",
    "fracas/rulesets/brp/odds.py",
    "fracas/rulesets/brp/policy.py",
    "fracas/rulesets/brp/profile.py",
    "fracas/rulesets/brp/round.py",
    "fracas/rulesets/brp/state.py",
    "fracas/rulesets/murdham/aftermath.py",
    "fracas/rulesets/murdham/attack.py",
    "fracas/rulesets/murdham/blast.py",
    "fracas/rulesets/murdham/checks.py",
    "fracas/rulesets/murdham/data.py",
    "fracas/rulesets/murdham/decisions.py",
    "fracas/rulesets/murdham/harm.py",
    "fracas/rulesets/murdham/morale.py",
    "fracas/rulesets/murdham/odds.py",  # one attack's exact odds (issue 35)
    "fracas/rulesets/murdham/policy.py",
    "fracas/rulesets/murdham/round.py",
    "fracas/rulesets/murdham/state.py",
    "fracas/rulesets/murdham/turn.py",
    "fracas/rulesets/murdham/zones.py",
    "fracas/rulesets/odnd/attack.py",
    "fracas/rulesets/odnd/bodies.py",
    "fracas/rulesets/odnd/data.py",
    "fracas/rulesets/odnd/decisions.py",
    "fracas/rulesets/odnd/facing.py",
    "fracas/rulesets/odnd/grapple.py",
    "fracas/rulesets/odnd/grapple_policy.py",
    "fracas/rulesets/odnd/holds.py",
    "fracas/rulesets/odnd/magic.py",
    "fracas/rulesets/odnd/manoeuvre_policy.py",
    "fracas/rulesets/odnd/manoeuvres.py",
    "fracas/rulesets/odnd/mass.py",
    "fracas/rulesets/odnd/moves.py",
    "fracas/rulesets/odnd/opening.py",
    "fracas/rulesets/odnd/policy.py",
    "fracas/rulesets/odnd/pursuit.py",
    "fracas/rulesets/odnd/pursuit_policy.py",
    "fracas/rulesets/odnd/round.py",
    "fracas/rulesets/odnd/setup.py",
    "fracas/rulesets/odnd/shortcut.py",
    "fracas/rulesets/odnd/space.py",
    "fracas/rulesets/odnd/specials.py",
    "fracas/rulesets/odnd/state.py",
    "fracas/rulesets/odnd/strikes.py",
    "fracas/rulesets/odnd/subdual.py",
    "fracas/rulesets/odnd/worth.py",
    "fracas/rulesets/spelljammer/casting.py",
    "fracas/rulesets/spelljammer/combat.py",
    "fracas/rulesets/spelljammer/data.py",
    "fracas/rulesets/spelljammer/decisions.py",
    "fracas/rulesets/spelljammer/handling.py",
    "fracas/rulesets/spelljammer/hitting.py",
    "fracas/rulesets/spelljammer/initiative.py",
    "fracas/rulesets/spelljammer/into_melee.py",
    "fracas/rulesets/spelljammer/missiles.py",
    "fracas/rulesets/spelljammer/movement.py",
    "fracas/rulesets/spelljammer/odds.py",
    "fracas/rulesets/spelljammer/options.py",
    "fracas/rulesets/spelljammer/outlook.py",
    "fracas/rulesets/spelljammer/pace.py",
    "fracas/rulesets/spelljammer/policy.py",
    "fracas/rulesets/spelljammer/round.py",
    "fracas/rulesets/spelljammer/setup.py",
    "fracas/rulesets/spelljammer/sight.py",
    "fracas/rulesets/spelljammer/space.py",
    "fracas/rulesets/spelljammer/state.py",
    "fracas/rulesets/spelljammer/surprise.py",
    "fracas/rulesets/spelljammer/withdrawal.py",
    "fracas/rulesets/spelljammer/wounds.py",
    "fracas/rulesets/semiautomagic/actions.py",
    "fracas/rulesets/semiautomagic/area.py",
    "fracas/rulesets/semiautomagic/area_policy.py",
    "fracas/rulesets/semiautomagic/attack.py",
    "fracas/rulesets/semiautomagic/called.py",
    "fracas/rulesets/semiautomagic/confusion.py",
    "fracas/rulesets/semiautomagic/cover.py",
    "fracas/rulesets/semiautomagic/data.py",
    "fracas/rulesets/semiautomagic/decisions.py",
    "fracas/rulesets/semiautomagic/defending.py",
    "fracas/rulesets/semiautomagic/departure.py",
    "fracas/rulesets/semiautomagic/escape.py",
    "fracas/rulesets/semiautomagic/experience.py",
    "fracas/rulesets/semiautomagic/exposure.py",
    "fracas/rulesets/semiautomagic/falling.py",
    "fracas/rulesets/semiautomagic/harm.py",
    "fracas/rulesets/semiautomagic/items.py",
    "fracas/rulesets/semiautomagic/mind.py",
    "fracas/rulesets/semiautomagic/morale.py",
    "fracas/rulesets/semiautomagic/mounted.py",
    "fracas/rulesets/semiautomagic/moves.py",
    "fracas/rulesets/semiautomagic/needs.py",
    "fracas/rulesets/semiautomagic/odds.py",  # the withdrawal judgement's blows (issue 35)
    "fracas/rulesets/semiautomagic/poison.py",
    "fracas/rulesets/semiautomagic/policy.py",
    "fracas/rulesets/semiautomagic/possession.py",
    "fracas/rulesets/semiautomagic/reloading.py",
    "fracas/rulesets/semiautomagic/round.py",
    "fracas/rulesets/semiautomagic/setup.py",
    "fracas/rulesets/semiautomagic/space.py",
    "fracas/rulesets/semiautomagic/state.py",
    "fracas/rulesets/semiautomagic/turn.py",
    "fracas/rulesets/semiautomagic/wander.py",
    "fracas/rulesets/semiautomagic/wear.py",
    "fracas/rulesets/semiautomagic/withdraw_policy.py",
    "fracas/rulesets/semiautomagic/withdrawal.py",
]

# mypyc needs the types only: libraries the isolated build does not have are taken as Any
# (correct, merely not sped up), and the project's strict settings stay with `make test`.
MYPYC_CONFIG = """\
[mypy]
python_version = 3.11
ignore_missing_imports = True
follow_imports = silent
"""


def _why_pure() -> str | None:
    """Why this build stays pure Python, or None to compile."""
    if os.environ.get("FRACAS_PURE", "") not in ("", "0"):
        return "FRACAS_PURE is set"
    if "editable_wheel" in sys.argv:
        return "an editable install stays pure Python"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


def _compiled_extensions() -> list[Any]:
    from mypyc.build import mypycify

    config = Path(tempfile.mkdtemp(prefix="fracas-mypyc-")) / "mypy.ini"
    config.write_text(MYPYC_CONFIG)
    # Paths under src/: mypyc names each module by the packages above it (fracas.core.table).
    paths = [f"src/{path}" for path in COMPILED]
    # One C file per module (`multi_file`), compiled side by side (`ParallelBuildExt`): one
    # 17.7 MB file took two minutes on one core (issue 35).
    extensions = list(
        mypycify(["--config-file", str(config), *paths], opt_level="3", multi_file=True)
    )
    if sysconfig.get_config_var("CC") is not None:  # GCC or Clang, not MSVC
        for extension in extensions:
            # No fused multiply-adds: `a * b + c` rounded once would differ in the last place
            # from Python's two roundings (on CPUs that fuse, e.g. ARM), so the compiled build
            # would fight different battles from the pure one.
            extension.extra_compile_args = [*extension.extra_compile_args, "-ffp-contract=off"]
    return extensions


class ParallelBuildExt(build_ext):
    """`build_ext` compiling on every core: the extensions side by side (setuptools'
    `parallel`), and the C files of one extension side by side (the compiler runs one file at
    a time; each call is a separate process, so threads are enough)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        compiler = self.compiler
        original = compiler.compile

        def compile_each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: original([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        compiler.compile = compile_each  # one compiler for every extension's thread
        try:
            super().build_extensions()
        finally:
            del compiler.compile


# pip runs this file once for the build's requirements, once for its metadata and once to
# build the wheel; only the last needs the C code (mypyc's 25 s, each time, issue 35).
BUILDS = {"build", "build_ext", "bdist_wheel", "install", "develop", "editable_wheel"}


def main() -> None:
    reason = _why_pure()
    if reason is not None:
        print(f"fracas: building pure Python ({reason})", file=sys.stderr)
        setup()
        return
    if not BUILDS & set(sys.argv[1:]):
        setup()  # the requirements or the metadata: no extension is built
        return
    print("fracas: compiling the hot path with mypyc", file=sys.stderr)
    setup(ext_modules=_compiled_extensions(), cmdclass={"build_ext": ParallelBuildExt})


main()
