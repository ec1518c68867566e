#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# check_timeline.py TRACE JSON [EARLY_BOOT]: hold the JSON that
# scripts/tracing/ftrace_timeline.py wrote against the text it came from,
# read here with a parser of its own: every call of the text a slice, in
# the text's order on its task's track, with the text's duration and at
# the text's depth; the slices well nested on each track and their times
# in order; the calls the text leaves open marked open and reaching the
# end; with EARLY_BOOT, the first slice at early_boot's first time.  For
# a console log, the calls of its crash dump, and as many open as its
# summary says.  Prints "ok: ..." or what is wrong, and exits 1 if wrong.

import json
import re
import sys

TOLERANCE_NS = 1000     # the text's times are in us


def ns(text):
    whole, _, frac = text.partition(".")
    return int(whole) * 1000 + int((frac + "000")[:3])


def fail(why):
    print("timeline check: " + why)
    sys.exit(1)


def text_calls(path, use_early):
    """The calls of a graph trace or crash dump: task -> [name, depth, dur|None, ts]."""
    calls = {}
    stacks = {}
    crash = False
    summary_open = None
    in_dump = None
    skip = 0
    untimed = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [re.sub(r"^\[ *\d+\.\d+\] ", "", l.rstrip("\r\n")) for l in f]
    for text in lines:
        if text.startswith("Dumping the very early function trace"):
            crash = True
            in_dump = 0
            continue
        if crash:
            if re.match(r"^-{33}$", text):
                in_dump += 1
                continue
            m = re.match(r"^end of the very early function graph trace: .* (\d+) still open$", text)
            if m:
                summary_open = int(m.group(1))
            if in_dump != 1:
                continue
        if "|" not in text or text.startswith("#"):
            continue
        fields = text.split("|")
        m = re.match(r"^ *(\d+)\.(\d{6}) $", fields[0])
        if not m:
            continue
        ts = int(m.group(1)) * 10**9 + int(m.group(2)) * 1000
        cpu = re.match(r"^ +(\d+)\) ", fields[1]).group(1)
        task = cpu
        if re.search(r"-\d+ +$", fields[1]):
            pid = re.search(r"-(\d+) +$", fields[1]).group(1)
            task = cpu if pid == "0" else pid
            rest = fields[2:]
        else:
            rest = fields[1:]
            rest[0] = re.sub(r"^ +\d+\) ", "", rest[0])
        dur = re.search(r"(\d+(?:\.\d+)?) us", rest[0])
        dur = ns(dur.group(1)) if dur else None
        body = "|".join(rest[1:])
        name = body.lstrip(" ")
        depth = (len(body) - len(name) - 2) // 2
        m = re.match(r"^/\* (.*) \*/$", name)
        if m:
            n = re.search(r"the first (\d+) entries have no time on the trace clock", m.group(1))
            if n:
                untimed = int(n.group(1))
            continue
        if untimed > 0 and not use_early:
            # Without early_boot the untimed entries are left out
            untimed -= 2 if re.match(r"^\S+\(\);", name) else 1
            continue
        stack = stacks.setdefault(task, [])
        seq = calls.setdefault(task, [])
        if name.endswith("() {"):
            call = [name[:-4], depth, None, ts]
            seq.append(call)
            stack.append(call)
        elif re.match(r"^\S+\(\);", name):
            seq.append([name.split("(")[0], depth, dur, ts])
        elif name.startswith("}"):
            while stack and stack[-1][1] > depth:
                stack.pop()
            if stack and stack[-1][1] == depth:
                stack.pop()[2] = dur
            else:
                seq.append([(re.findall(r"/\* (\S+)", name) or ["(call before the trace)"])[0],
                            depth, dur, ts - dur])
        else:
            fail(f"{path}: not a graph line: {text}")
    return calls, crash, summary_open


def first_time(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for text in f:
            m = re.match(r"^ *(\d+)\.(\d{6}) \|.*\|  +\S+\(\)", text)
            if m:
                return int(m.group(1)) * 10**9 + int(m.group(2)) * 1000
    fail(f"{path}: no call")


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__ or "usage: check_timeline.py TRACE JSON [EARLY_BOOT]")
        sys.exit(2)
    trace, out = sys.argv[1], sys.argv[2]
    use_early = len(sys.argv) == 4
    calls, crash, summary_open = text_calls(trace, use_early)
    try:
        with open(out, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{out}: not JSON: {e}")
    tracks = {}
    names = {}
    for ev in doc["traceEvents"]:
        if ev["ph"] == "M" and ev["name"] == "thread_name":
            names[(ev["pid"], ev["tid"])] = ev["args"]["name"]
        if ev["ph"] != "X":
            continue
        tracks.setdefault((ev["pid"], ev["tid"]), []).append(ev)
    total = sum(len(v) for v in calls.values())
    slices = sum(len(v) for v in tracks.values())
    if total != slices:
        fail(f"{total} calls in the text, {slices} slices in the JSON")
    # A track a task (the tests' boots run on one CPU)
    by_task = {}
    for key, evs in tracks.items():
        name = names.get(key, "")
        m = re.search(r"-(\d+)$", name)
        task = str(key[0] - 1) if not m or m.group(1) == "0" else m.group(1)
        if re.match(r"^CPU \d+$", name):
            task = name.split()[1]
        by_task.setdefault(task, []).extend(evs)
    opened = 0
    end = max(float(e["ts"]) + float(e["dur"]) for v in tracks.values() for e in v)
    for task, seq in calls.items():
        evs = sorted(by_task.get(task, []), key=lambda e: (e["ts"], -e["dur"]))
        if len(evs) != len(seq):
            fail(f"task {task}: {len(seq)} calls in the text, {len(evs)} slices")
        stack = []
        last = None
        for i, ev in enumerate(evs):
            start = round(ev["ts"] * 1000)
            stop = start + round(ev["dur"] * 1000)
            if last is not None and start < last:
                fail(f"task {task}: slice {i} ({ev['name']}) starts before the one before it")
            last = start
            # A sibling may start up to 1 us before the one before it ends
            # (the text's times are cut to us, its durations are not); an
            # open call reaches the end.
            while stack and (stack[-1][0] < start or
                             (not stack[-1][1] and stack[-1][0] <= start + TOLERANCE_NS // 2)):
                stack.pop()
            if stack and stop > stack[-1][0] + TOLERANCE_NS:
                fail(f"task {task}: {ev['name']} at {ev['ts']} us ends after its parent")
            ev["_depth"] = len(stack)
            stack.append((stop, ev.get("cat") == "open"))
        # The text's calls and the slices, name by name in order
        text_seq = [(c[0], c[2]) for c in sorted(seq, key=lambda c: c[3])]
        json_seq = [(e["name"], None if e.get("cat") == "open" else round(e["dur"] * 1000))
                    for e in evs]
        if sorted(text_seq, key=str) != sorted(json_seq, key=str):
            for a, b in zip(text_seq, json_seq):
                if a != b:
                    fail(f"task {task}: the text has {a}, the JSON {b} (name, ns)")
            fail(f"task {task}: the calls and slices differ")
        depths_text = sorted((c[0], c[1]) for c in seq)
        depths_json = sorted((e["name"], e["_depth"]) for e in evs)
        if depths_text != depths_json:
            for a, b in zip(depths_text, depths_json):
                if a != b:
                    fail(f"task {task}: (name, depth) {a} in the text, {b} in the JSON")
        for e in evs:
            if e.get("cat") == "open":
                opened += 1
                if abs(float(e["ts"]) + float(e["dur"]) - end) > 0.002:
                    fail(f"{e['name']} is open but does not reach the end")
    text_open = sum(1 for v in calls.values() for c in v if c[2] is None)
    if opened != text_open:
        fail(f"{text_open} calls open in the text, {opened} marked open in the JSON")
    if crash and summary_open is not None and opened != summary_open:
        fail(f"{opened} open calls, the dump's summary says {summary_open}")
    if use_early:
        first = min(float(e["ts"]) for v in tracks.values() for e in v)
        want = first_time(sys.argv[3]) / 1000
        if abs(first - want) > 0.001:
            fail(f"the first slice at {first} us, early_boot's first call at {want} us")
    print(f"ok: {slices} slices for {total} calls, {opened} open, {len(tracks)} tracks")


if __name__ == "__main__":
    main()
