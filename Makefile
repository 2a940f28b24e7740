# dayplan — every target sets up .venv itself (from requirements.txt) on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements.stamp
# The package is used from this checkout (notebook kernels inherit it too).
export PYTHONPATH := $(CURDIR)

.PHONY: plan test test-pg lab lint eval serve clean-venv smoke-live app screenshots notebooks notebook \
	notebooks-check adk-web adk-eval

$(STAMP): requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "Installing pinned requirements into $(VENV) (first run takes 2-4 minutes)..."
	@$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $(STAMP)

## plan: plan the wet-weather case offline and print a readable report
plan: $(STAMP)
	@$(PY) -m dayplan plan wet_weather_family

## test: lint, format check, import-layer contracts, then every test and notebook, offline. It
## starts a loopback PostgreSQL (.ci/postgres.sh; installed when root) so its tests run too, and
## leaves it running (scripts/run_tests.sh); without one they skip (under CI=true they fail instead)
test: $(STAMP) lint
	@PY=$(PY) scripts/run_tests.sh

## test-pg: the same, kept for muscle memory (make test starts PostgreSQL itself now)
test-pg: test

lint: $(STAMP)
	@$(VENV)/bin/ruff check .
	@$(VENV)/bin/ruff format --check .
	@$(VENV)/bin/lint-imports --no-cache

## eval: every case through the agent, three graders, saved traces, then the release gate
eval: $(STAMP)
	@$(PY) -m dayplan eval

## adk-web: ADK's dev UI on http://127.0.0.1:8000 with the day_planner agent (offline model)
adk-web: $(STAMP)
	@$(VENV)/bin/adk web --host 127.0.0.1 --max_llm_calls 10 agents

## adk-eval: every valid case exported as an ADK EvalSet and scored by `adk eval` (offline)
adk-eval: $(STAMP)
	@$(PY) -m dayplan eval --export-adk runs/adk/dayplan.evalset.json
	@$(VENV)/bin/adk eval agents/day_planner runs/adk/dayplan.evalset.json \
		--config_file_path runs/adk/test_config.json

## notebooks: re-execute every notebook from its jupytext source (notebooks/NN_*.py), offline, in place
notebooks: $(STAMP)
	@$(PY) scripts/notebooks.py $(if $(FROM),--from $(FROM))

## notebook: re-execute one notebook, e.g. make notebook NB=03_agent (FROM=py|ipynb settles a conflict)
notebook: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make notebook NB=03_agent (stems: ls notebooks/*.py)"; exit 2; }
	@$(PY) scripts/notebooks.py $(if $(FROM),--from $(FROM)) $(NB)

## notebooks-check: say which .py/.ipynb pairs disagree (make test checks this too)
notebooks-check: $(STAMP)
	@$(PY) scripts/notebooks.py --check

## lab: JupyterLab on notebooks/ with the venv's kernel
lab: $(STAMP)
	@$(VENV)/bin/jupyter lab notebooks/

## app: the playground app (form, progress, report, map, trace) with Voila on http://127.0.0.1:8866
app: $(STAMP)
	@scripts/app.sh

## screenshots: render the executed playground and report views to PNG in build/screenshots/
screenshots: $(STAMP)
	@PY=$(PY) scripts/screenshots.sh

## smoke-live: the three original cases with live Gemini (needs GOOGLE_API_KEY); traces in runs/live/
##   RECORD=DIR also records each case's HTTP exchanges into DIR/<case>/ (replay: --model replay:DIR/<case>)
smoke-live: $(STAMP)
	@$(PY) -m dayplan smoke-live $(if $(RECORD),--record "$(RECORD)")

## serve: the FastAPI service on http://127.0.0.1:8000 (docs at /docs), offline model
serve: $(STAMP)
	@$(PY) -m dayplan serve

clean-venv:
	rm -rf $(VENV)
