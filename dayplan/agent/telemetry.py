"""Which OpenTelemetry configuration a run hands ADK (``RunConfig.telemetry``).

ADK 2.x defaults to its telemetry schema 2, whose experimental GenAI semantic conventions build
OpenTelemetry ``AnyValue`` trees of the whole model request (system instruction, every tool
declaration, the conversation so far) on every model call, then drop the content again when
content capture is off. When no OpenTelemetry SDK is installed as the process's tracer and
logger provider, every span is non-recording and every log record goes nowhere: that work is
thrown away. ``run_telemetry()`` then asks for ADK's stable GenAI semconv and no message content
(``TelemetryConfig``'s per-request fields), which skips building those trees.

Operators who configure telemetry keep ADK's own resolution unchanged: when a tracer or logger
provider has been set, or any of ADK's or OpenTelemetry's telemetry opt-in variables
(``TELEMETRY_ENV``) is set, ``run_telemetry()`` returns ``None`` and ADK decides as it always
does (its precedence: ``ADK_TELEMETRY_IGNORE_RUN_CONFIG`` > per-request field > env > default).
The decision is made per run, so a provider installed after import is seen by the next run.
"""

from __future__ import annotations

import os

from google.adk.telemetry.context import ContentCapturingMode, TelemetryConfig
from opentelemetry import _logs, trace

TELEMETRY_ENV = (
    "ADK_TELEMETRY_SCHEMA_VERSION_OPT_IN",
    "OTEL_SEMCONV_STABILITY_OPT_IN",
    "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT",
    "ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS",
    "ADK_EXPERIMENTAL_TELEMETRY",
    "ADK_EXPERIMENTAL_TELEMETRY_FEATURES",
    "OTEL_PYTHON_TRACER_PROVIDER",
    "OTEL_PYTHON_LOGGER_PROVIDER",
)
"""Variables by which an operator configures ADK's or OpenTelemetry's telemetry: with any set,
ADK's own resolution applies."""

UNCONFIGURED = TelemetryConfig(
    genai_semconv_stability_opt_in="stable",
    capture_message_content=ContentCapturingMode.NO_CONTENT,
)
"""The configuration of a run whose telemetry nobody receives (immutable: shared by runs)."""


def otel_configured() -> bool:
    """True when this process exports telemetry or an operator asked for a telemetry format: a
    tracer or logger provider was installed (the API's defaults are proxies until one is), or a
    variable of ``TELEMETRY_ENV`` is set."""
    if any(os.environ.get(name) for name in TELEMETRY_ENV):
        return True
    if not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return True
    return type(_logs.get_logger_provider()).__name__ != "ProxyLoggerProvider"


def run_telemetry() -> TelemetryConfig | None:
    """``RunConfig.telemetry`` for a run: ``UNCONFIGURED`` when nothing receives telemetry
    (``otel_configured()`` is false), else ``None`` (ADK resolves it from the environment)."""
    return None if otel_configured() else UNCONFIGURED


def describe(config: TelemetryConfig | None) -> str:
    """One line naming ``config`` for the benchmarks' output."""
    if config is None:
        return "ADK's default resolution (OpenTelemetry configured)"
    return (
        f"GenAI semconv {config.genai_semconv_stability_opt_in}, content "
        f"{config.capture_message_content.value if config.capture_message_content else 'env'}"
        " (no OpenTelemetry provider configured)"
    )
