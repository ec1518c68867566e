#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# host-tests.sh RESULTS: build and run the host tests of scripts/kallmodsyms_gen
# (CTest + GoogleTest, then again under ASan+UBSan, then each fuzzer briefly),
# appending "PASS|FAIL host NAME" lines to RESULTS.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
results=$1
gen=$ROOT/linux/scripts/kallmodsyms_gen
if [ ! -f "$gen/CMakeLists.txt" ]; then
	echo "host-tests: no host tests yet"
	exit 0
fi
