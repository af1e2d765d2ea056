# The two commands a fresh machine needs are `make demo` and `make test`; both install what they
# need first (scripts/setup.sh is idempotent). Each target is a script, so each can be run alone.
.PHONY: setup pkg test test-native test-wasm test-js test-frameworks test-package test-examples test-readme-paths demo bench

setup:
	bash scripts/setup.sh

pkg: setup
	bash scripts/build-pkg.sh

test: setup
	bash scripts/test.sh

test-native:
	bash scripts/test-native.sh

test-wasm: setup
	bash scripts/test-wasm.sh

test-js: pkg
	bash scripts/test-js.sh

test-frameworks: pkg
	bash scripts/test-frameworks.sh

test-package: pkg
	bash scripts/test-package.sh

test-examples: pkg
	bash scripts/test-examples.sh

test-readme-paths: pkg
	bash scripts/test-readme-paths.sh

demo: setup
	bash scripts/demo.sh

bench: pkg
	bash scripts/bench.sh
