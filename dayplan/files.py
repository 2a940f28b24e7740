"""Reading a file a user names: a request or case (JSON, or YAML named ``.yaml``/``.yml``), a
case listed by ``cases``, an eval case, a recording's JSON.

One rule, ``read_data_file``: whatever the file holds, reading it ends in the data or in one
``InputError`` line naming the file (the CLI's exit 2). It reads at most ``MAX_FILE_BYTES``,
decodes as the service does (``contract.decode_utf8``: UTF-8, a byte-order mark dropped,
UTF-16 named), and parses with the service's JSON reader (``contract.loads_strict_json``) or a
YAML loader that reads like it; no ``RecursionError`` (``[[[...]]]`` thousands deep),
``MemoryError``, ``UnicodeDecodeError`` or parser exception escapes it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dayplan.cli_common import InputError
from dayplan.contract import (
    TOO_DEEP,
    DuplicateKeyError,
    UnreadableRequest,
    decode_utf8,
    loads_strict_json,
    too_long_number,
)

MAX_FILE_BYTES = 1024 * 1024
"""The largest file read (1 MiB): a valid request is a few KiB (its text at most 4,000
characters, every list bounded); the service refuses bodies over 64 KiB."""

YAML_SUFFIXES = (".yaml", ".yml")

__all__ = ["MAX_FILE_BYTES", "read_data_file"]


def read_data_file(
    path: Path, *, max_bytes: int = MAX_FILE_BYTES, kind: str = "a request file"
) -> Any:
    """The data in ``path``: YAML when it is named ``.yaml``/``.yml``, else JSON.

    Raises ``InputError`` (one line naming ``path``) for anything else: a file that cannot be
    read or is over ``max_bytes`` (the line names ``kind``, what it should have been), text
    that is not UTF-8, malformed or repeated-key JSON or YAML, data nested too deeply to parse,
    a number too long to convert.
    """
    try:
        with path.open("rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or type(exc).__name__}") from None
    if len(raw) > max_bytes:
        raise InputError(f"{path} is over {max_bytes // 1024} KiB, too large for {kind}")
    is_yaml = path.suffix.lower() in YAML_SUFFIXES
    try:
        text = decode_utf8(raw)
        return _load_yaml(text) if is_yaml else loads_strict_json(text)
    except UnreadableRequest as exc:
        raise InputError(f"{path} {exc}") from None
    except DuplicateKeyError as exc:
        raise InputError(f"{path} repeats the key {str(exc)!r}; give each field once") from None
    except RecursionError:
        raise InputError(f"{path} {TOO_DEEP}") from None
    except MemoryError:
        raise InputError(f"{path} is too large to read") from None
    except (json.JSONDecodeError, ValueError) as exc:  # YAMLError is a ValueError here too
        raise _not_valid(path, exc) from None


def _load_yaml(text: str) -> Any:
    import yaml  # only for YAML requests: every other start is spared loading it

    try:
        return yaml.load(text, Loader=_request_yaml_loader(yaml))  # noqa: S506 (a SafeLoader)
    except yaml.YAMLError as exc:
        raise _YAMLError(_first_line(exc)) from None
    except (DuplicateKeyError, RecursionError, MemoryError):
        raise
    except ValueError as exc:  # int(): a number over sys.get_int_max_str_digits() digits
        if "digits" in str(exc):
            raise UnreadableRequest(too_long_number()) from None
        raise _YAMLError(f"a value its tag cannot construct ({type(exc).__name__})") from None
    except Exception as exc:  # noqa: BLE001 - SafeLoader's constructors trust explicit tags:
        # `!!bool "text"` raises KeyError, `!!timestamp x` AttributeError, `!!map [1]` TypeError
        raise _YAMLError(f"a value its tag cannot construct ({type(exc).__name__})") from None


class _YAMLError(ValueError):
    """Malformed YAML (``str(exc)`` is the parser's first line)."""


def _request_yaml_loader(yaml: Any) -> type:
    """A ``yaml.SafeLoader`` for request files that reads like the service's JSON: a key given
    twice raises ``DuplicateKeyError`` (the service answers 400), a key that cannot be one (a
    list or mapping) is a ``ConstructorError``, and a date or time written unquoted
    (``date: 2026-12-05``) stays the text it is, as the contract's fields are text."""

    class RequestLoader(yaml.SafeLoader):
        pass

    RequestLoader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def mapping(loader: Any, node: Any) -> dict[Any, Any]:
        loader.flatten_mapping(node)  # YAML merge keys ("<<") as SafeLoader reads them
        seen: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            try:
                repeated = key in seen
            except TypeError:  # a list or mapping as a key (`? [a, b]`)
                raise yaml.constructor.ConstructorError(
                    None, None, "found a key that is a list or mapping", key_node.start_mark
                ) from None
            if repeated:
                raise DuplicateKeyError(str(key)[:100])
            seen[key] = loader.construct_object(value_node, deep=True)
        return seen

    RequestLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return RequestLoader


def _first_line(exc: Exception) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def _not_valid(path: Path, exc: Exception) -> InputError:
    kind = path.suffix.lstrip(".").upper()
    if kind not in ("JSON", "YAML", "YML"):
        kind = "JSON (a request file is JSON, or YAML named .yaml or .yml)"
    return InputError(f"{path} is not valid {kind}: {_first_line(exc)}")
