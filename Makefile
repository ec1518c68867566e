# SPDX-License-Identifier: GPL-2.0
#
# Function tracing that sees the whole kernel: a patch series for Linux 6.12
# and the harness that builds, boots and tests it.  Run `make help`.

H := harness
# make run: a trace buffer that keeps its oldest entries and holds the very
# early part of the boot, so the head of the trace shows start_kernel().
RUN_CMDLINE ?= trace_options=nooverwrite trace_buf_size=24M

.PHONY: help deps assemble build run timeline timeline-view shell check check-debug check-llvm check-arm64 check-i386 check-suite-base check-defconfig ftracetest bench bench-arm64 series \
	check-series checkpatch fuzz clean

help:
	@echo 'make run           build the test kernel, boot it under QEMU, show the boot trace'
	@echo 'make timeline      boot with the whole function graph: out/timeline/boot.json and boot.svg'
	@echo 'make timeline-view open it in speedscope in headless Chromium: out/timeline/speedscope.png'
	@echo 'make shell         boot the same guest to an interactive busybox prompt'
	@echo 'make check         every test: host, KUnit, ftracetest; ends "N passed, N failed"'
	@echo '  FLAVORS="qemu debug llvm"  the same with the debug and LLVM=1 kernels, in one pool'
	@echo 'make check-debug   the in-kernel tests on a KASAN/lockdep/kmemleak kernel'
	@echo 'make check-llvm    the in-kernel tests on the test kernel built with LLVM=1'
	@echo 'make check-arm64   kallmodsyms, the init names and the very early tracer on an arm64 guest'
	@echo 'make check-i386    the same on a 32-bit x86 guest'
	@echo 'make check-defconfig  x86_64_defconfig + the series: boot, kallmodsyms vs ranges, relink cost'
	@echo 'make check-suite-base  upstream'"'"'s ftracetest suite on the test kernel without the series'
	@echo 'make ftracetest CASES=test.d/...  some ftracetest cases (comma-separated) in one boot'
	@echo 'make bench         benchmark figures and ratios, one table'
	@echo 'make bench-arm64   the very early tracer against the function tracer on the arm64 guest'
	@echo 'make series        export the series as git format-patch files (out/series/patches)'
	@echo 'make check-series  git am the series onto a pristine 6.12 tree, the tree the checks build'
	@echo 'make checkpatch    checkpatch.pl --strict and W=1 over the series'
	@echo 'make fuzz          run the generator fuzzers (FUZZ_SECONDS=60 each)'
	@echo 'make deps          install what all of this needs (run by the targets above)'

deps:
	@$(H)/deps.sh

assemble: deps
	@$(H)/assemble.sh

build: assemble
	@$(H)/build.sh qemu

run: build
	@$(H)/initramfs.sh qemu
	@$(H)/boot.sh qemu run out/logs/run.log "$(RUN_CMDLINE)"

# make timeline: the boot's whole function graph as out/timeline/boot.json
# (Perfetto UI, chrome://tracing, speedscope) and out/timeline/boot.svg
timeline: build
	@$(H)/initramfs.sh qemu
	@$(H)/timeline.sh qemu $(CURDIR)/out/timeline

# make timeline-view: out/timeline/boot.json in speedscope, in headless
# Chromium; out/timeline/speedscope.png is what it drew (not in CI)
timeline-view: deps
	@$(H)/deps.sh browser
	@[ -f out/timeline/trace.txt ] || $(MAKE) --no-print-directory timeline
	@$(H)/timeline-view.sh $(CURDIR)/out/timeline

shell: build
	@$(H)/initramfs.sh qemu
	@$(H)/boot.sh qemu shell out/logs/shell.log

# make check FLAVORS="qemu debug llvm": the kernels named, in one pool of
# guests (CI names those three)
FLAVORS ?= qemu
check: deps
	@for f in $(FLAVORS); do case $$f in arm64|i386) $(H)/deps.sh $$f || exit; esac; done
	@$(H)/check.sh $(FLAVORS)

check-debug: deps
	@$(H)/check.sh debug

check-llvm: deps
	@$(H)/check.sh llvm

check-arm64: deps
	@$(H)/deps.sh arm64
	@$(H)/check.sh arm64

check-i386: deps
	@$(H)/deps.sh i386
	@$(H)/check.sh i386

check-defconfig: deps
	@$(H)/check-defconfig.sh

check-suite-base: build
	@$(H)/build.sh upstream
	@$(H)/initramfs.sh upstream
	@rm -f out/logs/suite-upstream.results
	@$(H)/suite.sh upstream $(CURDIR)/out/logs/suite-upstream.results
	@! grep '^FAIL' out/logs/suite-upstream.results

ftracetest: build
	@test -n "$(CASES)" || { echo 'usage: make ftracetest CASES=test.d/DIR/CASE.tc[,...]'; exit 2; }
	@$(H)/initramfs.sh qemu
	@$(H)/boot.sh qemu check out/logs/ftracetest.log "harness_cases=$(CASES) kunit.enable=0"
	@grep -a 'harness: ftracetest: \(not \)\?ok\|Totals' out/logs/ftracetest.log | sed 's/.*harness: ftracetest: //'
	@! grep -aq 'harness: ftracetest: not ok' out/logs/ftracetest.log

bench: deps
	@$(H)/bench.sh

bench-arm64: deps
	@$(H)/deps.sh arm64
	@$(H)/bench-arm64.sh

series: assemble
	@$(H)/series.sh

check-series: deps
	@$(H)/check-series.sh

checkpatch: assemble
	@$(H)/checkpatch.sh

fuzz: deps
	@$(H)/fuzz.sh $(or $(FUZZ_SECONDS),60)

clean:
	rm -rf out
