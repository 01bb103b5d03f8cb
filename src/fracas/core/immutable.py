"""The copying helpers, as the core and the rulesets name them: they live at the ground
(`fracas.immutable`), below the dice, which use them too (issue 36: no layer imports up)."""

from __future__ import annotations

from fracas.immutable import copy_fields, rebuilt_by_constructor

__all__ = ["copy_fields", "rebuilt_by_constructor"]
