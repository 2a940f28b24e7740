# dayplan service image: FastAPI + uvicorn serving POST /v1/day-plans (see docs/deploy_cloud_run.md).
# Built and run here only on paper: this Dockerfile was NOT built in the workbook's CI.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DAYPLAN_MODE=offline

WORKDIR /app

# Runtime dependencies only, with the pins from requirements.txt (no notebooks, no test tools).
COPY requirements.txt ./
RUN grep -E '^(google-adk|google-genai|pydantic|pydantic-settings|fastapi|uvicorn|httpx|PyYAML|opening-hours-py|SQLAlchemy|PyJWT|alembic|psycopg\[binary\]|limits)==' \
        requirements.txt > runtime-requirements.txt \
    && pip install -r runtime-requirements.txt

COPY pyproject.toml README.md ./
COPY dayplan ./dayplan
COPY cases ./cases

RUN useradd --create-home --uid 10001 app
USER app

# Cloud Run sends the port in $PORT (8080 by default). Secrets (GOOGLE_API_KEY, DAYPLAN_JWT_SECRET)
# and DAYPLAN_DB_URL (PostgreSQL: postgresql+psycopg://...) come from the environment at run time,
# never from the image.
# Auth is REQUIRED: the server binds 0.0.0.0, and `serve` refuses to start on a non-loopback address
# unless DAYPLAN_JWT_SECRET (HS256, 32+ bytes) or DAYPLAN_JWKS_URL (+ DAYPLAN_JWT_AUDIENCE,
# DAYPLAN_JWT_ISSUER) is set. Several instances must share one PostgreSQL DAYPLAN_DB_URL.
EXPOSE 8080
CMD ["sh", "-c", "exec python -m dayplan serve --host 0.0.0.0 --port ${PORT:-8080} --log-level warning"]
