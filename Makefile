# Dynamics: everyday commands. `make demo` and `make test` install what is missing first.

SWIFT ?= swift
# bash: `make test` keeps the exit status of a build piped into its log (PIPESTATUS).
SHELL := /bin/bash
# Root installs directly (CI, containers); anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build test fuzz demo bench browser-check serve serve-check screenshots clean

# Lua 5.4 headers and library, found through pkg-config (Debian: liblua5.4-dev).
deps:
	@if pkg-config --exists lua5.4 2>/dev/null; then \
		echo "deps: lua5.4 found ($$(pkg-config --modversion lua5.4))"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "deps: installing liblua5.4-dev and pkg-config"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y liblua5.4-dev pkg-config; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "deps: installing lua and pkg-config"; \
		brew install lua pkg-config; \
	else \
		echo "deps: Lua 5.4 not found; install it with pkg-config support (Debian: liblua5.4-dev)" >&2; \
		exit 1; \
	fi

build: deps
	$(SWIFT) build

# Swift Testing suites (they include the Lua scene tests), then the CLI's script-driven
# tests over Tests/Scenes and the examples' companion tests. The build comes first, its
# output kept in .build/test-build.log, and fails the target on any compiler warning in the
# package's own code (dependencies' warnings are theirs). A build only reports the files it
# compiles: a fresh clone (CI) checks every file, an incremental build the changed ones.
test: deps
	@mkdir -p .build
	@$(SWIFT) build --build-tests 2>&1 | tee .build/test-build.log; exit "$${PIPESTATUS[0]}"
	@bash .ci/own-warnings .build/test-build.log "$(CURDIR)"
	$(SWIFT) test --skip-build
	$(SWIFT) run dynamics test Tests/Scenes Examples

# The seeded scene fuzzer at length (make test runs 40 cases): random scenes and call
# sequences through `dynamics run`; no crash, no hang, no non-finite state. Failing cases are
# kept in .build/fuzz-failures/.
FUZZ_CASES ?= 2000
FUZZ_SEED ?= 20250601
fuzz: deps
	FUZZ_CASES=$(FUZZ_CASES) FUZZ_SEED=$(FUZZ_SEED) $(SWIFT) test --filter FuzzTests

# Block Man falls in your browser: writes blockman.svg. Builds the CLI alone, in release:
# not the live viewer's server (dynamics-serve), which the demo does not use.
demo: deps
	$(SWIFT) run -c release dynamics run Examples/blockman.lua --svg blockman.svg
	@echo "demo: wrote blockman.svg (open it in a browser)"

# Renders an example's SVG in headless Chromium at two times and checks the pixels moved.
# Needs Chromium (Debian: apt-get install chromium), installed here when missing.
browser-check: deps
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }
	$(SWIFT) run dynamics run Examples/blockman.lua --svg .build/blockman-check.svg --seconds 3
	bash Tests/BrowserCheck/browser_check.sh .build/blockman-check.svg 100 600  # mid-fall: the parts do not overlap yet

bench: deps
	$(SWIFT) run -c release dynamics bench

clean:
	$(SWIFT) package clean
	rm -f falling_boxes.svg blockman.svg

# The live viewer on Block Man: open the printed address, drag the figure, edit the file.
serve: deps
	$(SWIFT) build --product dynamics-serve
	$(SWIFT) run dynamics serve Examples/blockman.lua

# The live viewer in a real browser (headless Chromium driven by Selenium): draws, animates,
# drags, reloads, sliders. Installs Chromium, its driver and Selenium when missing.
serve-check: deps
	@command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver; }
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium
	$(SWIFT) build --product dynamics
	$(SWIFT) build --product dynamics-serve
	python3 Tests/ServeCheck/serve_check.py "$$($(SWIFT) build --show-bin-path)/dynamics" .build/serve-check.png

# The serve check with its screenshots written over the README's (docs/images); plain
# serve-check writes them to .build/screenshots.
screenshots:
	SCREENSHOTS=docs/images $(MAKE) serve-check
