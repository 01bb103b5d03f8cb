"""The JSON Schema of encounter files as people write them (`fracas schema RULESET`).

A ruleset's pydantic model validates the document after templates are expanded; a file as
written may name a `template:` and leave out what the template gives. So the schema an editor
checks against is the model's, with each combatant's `template` listed, its fields other than
`name` optional, and the names the ruleset knows (weapons, armour, templates...) as enums, so
an editor with YAML schema support completes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fracas.core.ruleset import AnyRuleset


def encounter_schema(ruleset: AnyRuleset) -> dict[str, Any]:
    schema: dict[str, Any] = ruleset.encounter_model().model_json_schema()
    combatant = _combatant_def(schema)
    if combatant is None:
        return schema
    properties: dict[str, Any] = combatant.setdefault("properties", {})
    templates = sorted(ruleset.templates())
    if templates:
        properties["template"] = {
            "type": "string",
            "enum": templates,
            "description": "a bundled sheet; the fields given here override it",
        }
        combatant["required"] = [r for r in combatant.get("required", []) if r == "name"]
    for field, names in ruleset.names().items():
        if field in properties:
            _enumerate(properties[field], sorted(names))
    return schema


def _combatant_def(schema: Mapping[str, Any]) -> dict[str, Any] | None:
    """The definition of a combatant sheet: sides[].combatants[] of the encounter model."""
    defs: dict[str, Any] = schema.get("$defs", {})
    side = _resolve(schema.get("properties", {}).get("sides", {}).get("items", {}), defs)
    combatants = side.get("properties", {}).get("combatants", {}) if side else {}
    found = _resolve(combatants.get("items", {}), defs)
    return found or None


def _resolve(node: Mapping[str, Any], defs: Mapping[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        found = defs.get(ref.removeprefix("#/$defs/"), {})
        return found if isinstance(found, dict) else {}
    return dict(node)


def _enumerate(prop: dict[str, Any], names: Sequence[str]) -> None:
    """Put `names` as the enum of a string field, of a list of strings, or of an optional one;
    for a table keyed by name (skills), as its known keys (a sheet may add its own)."""
    if prop.get("type") == "object":
        value = prop.get("additionalProperties", {})
        prop["properties"] = {name: value if isinstance(value, dict) else {} for name in names}
    elif prop.get("type") == "array" and isinstance(prop.get("items"), dict):
        _enumerate(prop["items"], names)
    elif prop.get("type") == "string":
        prop["enum"] = list(names)
    for option in prop.get("anyOf", []):
        if isinstance(option, dict) and option.get("type") in ("string", "array"):
            _enumerate(option, names)
