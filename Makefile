# Mischia: two commands do all set-up on a fresh machine (Python >= 3.11, Node >= 20, make):
#   make serve   build what is missing, then serve the app at http://127.0.0.1:8000/
#   make test    pinned test deps in .venv, build, then every test under tests/
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
HOST ?= 127.0.0.1
PORT ?= 8000
SITE := _site
STAMP_NPM := node_modules/.package-lock.json
STAMP_VENV := $(VENV)/.installed-$(shell cksum < requirements-test.txt | cut -d' ' -f1)

.PHONY: all build site serve test bench icons clean check-python
.DEFAULT_GOAL := site

all: site

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is needed (found " + sys.version.split()[0] + ")")'

# pinned runtime (pyodide, @pyscript/core) from the committed lockfile
$(STAMP_NPM): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# translations (locale/*.po -> py/mischia_ui/locale/*.mo), static/vendor/,
# pyscript.toml [files] and sw.js (cheap: always rerun)
build: check-python $(STAMP_NPM)
	$(PYTHON) scripts/i18n.py compile
	$(PYTHON) scripts/build.py

# exactly the deployable files in _site/ (what GitHub Pages gets)
site: check-python $(STAMP_NPM)
	$(PYTHON) scripts/i18n.py compile
	$(PYTHON) scripts/build.py --site $(SITE)

serve: site
	$(PYTHON) scripts/serve.py $(SITE) --host $(HOST) --port $(PORT)

$(STAMP_VENV): requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	@rm -f $(VENV)/.installed-* && touch $@

# every test under tests/ (rules core and browser); exit code 5 (no tests) is not a failure
test: site $(STAMP_VENV)
	$(VENV)/bin/python -m pytest tests; rc=$$?; if [ $$rc -eq 5 ]; then exit 0; else exit $$rc; fi

bench: site $(STAMP_VENV)
	$(VENV)/bin/python scripts/bench.py

icons:
	$(PYTHON) scripts/make_icons.py

clean:
	rm -rf $(SITE) static/vendor sw.js
