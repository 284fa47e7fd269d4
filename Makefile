# Dynamics: everyday commands. `make demo` and `make test` install what is missing first.

SWIFT ?= swift
# Root installs directly (CI, containers); anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build test demo bench clean

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

test: deps
	$(SWIFT) test

demo: deps
	$(SWIFT) run -c release FallingBoxes --svg falling_boxes.svg
	@echo "demo: wrote falling_boxes.svg (open it in a browser)"

bench: deps
	$(SWIFT) run -c release dynamics bench

clean:
	$(SWIFT) package clean
	rm -f falling_boxes.svg
