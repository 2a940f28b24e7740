# dayplan — every target sets up .venv itself (from requirements.txt) on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements.stamp

.PHONY: plan test lab lint eval clean-venv

$(STAMP): requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "Installing pinned requirements into $(VENV) (first run takes a minute or two)..."
	@$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $(STAMP)

## plan: plan the wet-weather case offline and print a readable report
plan: $(STAMP)
	@$(PY) -m dayplan plan wet_weather_family

## test: lint, format check, import-layer contracts, then every test and notebook
test: $(STAMP) lint
	@$(PY) -m pytest

lint: $(STAMP)
	@$(VENV)/bin/ruff check .
	@$(VENV)/bin/ruff format --check .
	@$(VENV)/bin/lint-imports --no-cache

## eval: every case through the agent, three graders, saved traces, then the release gate
eval: $(STAMP)
	@$(PY) -m dayplan eval

## lab: JupyterLab on notebooks/ with the venv's kernel
lab: $(STAMP)
	@$(VENV)/bin/jupyter lab notebooks/

clean-venv:
	rm -rf $(VENV)
