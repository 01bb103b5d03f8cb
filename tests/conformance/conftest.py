"""The conformance kit registers its toy ruleset like any third party would (in this process,
through the core's registry), before the kit's modules are collected: its parametrisation
reads `registry()` and so picks the toy up with every installed ruleset."""

from __future__ import annotations

from fracas.core.ruleset import register

from .toy import Toy

register(Toy)
