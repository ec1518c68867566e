#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# timeline-view.sh DIR: open DIR/boot.json (harness/timeline.sh) in a real
# viewer, speedscope (from npm) in Debian's Chromium, headless, served
# from 127.0.0.1, and save what it draws as DIR/speedscope.png; fails
# unless the screenshot shows the boot (tests/ftrace_timeline/png_check.py:
# many colours, most of the page not the background).  The viewer gets
# the calls of 20 us or more (--fold-below 20), as a browser tab holds,
# without their arguments (which speedscope makes part of their names).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=$1
[ -f "$dir/trace.txt" ] || die "$dir/trace.txt: none (run make timeline first)"
release=$OUT/tools/npm/node_modules/speedscope/dist/release
[ -f "$release/index.html" ] || die "no speedscope in $release (harness/deps.sh browser)"
browser=$(command -v chromium || command -v chromium-browser) || die "no Chromium (harness/deps.sh browser)"

serve=$OUT/timeline-view
rm -rf "$serve"
mkdir -p "$serve"
cp -r "$release/." "$serve/"
early=()
[ ! -s "$dir/early_boot.txt" ] || early=(-e "$dir/early_boot.txt")
python3 "$ROOT/scripts/tracing/ftrace_timeline.py" "${early[@]}" --fold-below 20 --no-args \
	-o "$serve/boot.json" "$dir/trace.txt"

port=$((20000 + RANDOM % 20000))
python3 -m http.server --bind 127.0.0.1 --directory "$serve" "$port" > "$serve.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
for _ in $(seq 50); do
	python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1])' \
		"http://127.0.0.1:$port/index.html" 2> /dev/null && break
	sleep 0.2
done

png=$dir/speedscope.png
rm -f "$png"
step "speedscope in $(basename "$browser"), headless: ${png#"$ROOT"/}"
url="http://127.0.0.1:$port/index.html#profileURL=http://127.0.0.1:$port/boot.json&title=boot"
"$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$serve/profile" --window-size=1600,1000 \
	--virtual-time-budget=60000 --screenshot="$png" "$url" > "$serve/chromium.log" 2>&1 ||
	{ show_log "$serve/chromium.log"; die "Chromium did not take the screenshot"; }
python3 "$ROOT/tests/ftrace_timeline/png_check.py" "$png"
