#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# check_timeline.py TRACE JSON [EARLY_BOOT]: hold the JSON that
# scripts/tracing/ftrace_timeline.py wrote against the function_graph
# text it came from, read here with a parser of its own:
# - every call of the text is a slice, on its task's track, in the text's
#   order, with the text's name and depth (the slices nested exactly);
# - each at the text's time and with its duration (within the microsecond
#   the text's times are cut to), or, where the text disagrees with itself
#   (a clock that jumped), with the text's values in its arguments;
# - the calls the text never returns from: open and reaching the end if
#   still on the stack where the text ends, else marked as having lost
#   their return;
# - with EARLY_BOOT (the instance early_boot), the boot trace's untimed
#   calls at early_boot's times and with its durations, the rest moved by
#   the same amount;
# - for a console log, the calls of its crash dump, as many open as its
#   summary says.
# Prints "ok: ..." or what is wrong (and exits 1).

import json
import re
import sys

TOLERANCE_NS = 1000     # the text's times are cut to the microsecond
CONTEXT = re.compile(r"^ *\S.*?-(\d+) +(?:\( *[-\d]+\) +)?\[(\d+)\] \S+ +(\d+)\.(\d{6}): (.*)$")


def fail(why):
    print("timeline check: " + why)
    sys.exit(1)


def ns(text):
    whole, _, frac = text.partition(".")
    return int(whole) * 1000 + int((frac + "000")[:3])


class Call:
    def __init__(self, name, depth, ts, task, event, entry=True):
        self.name = name
        self.depth = depth
        self.ts = ts            # the text's time of its call (ns)
        self.dur = None         # the text's duration, None: no return
        self.task = task
        self.entry = entry      # False: only its return is in the text
        self.lost = False       # its return is not in the text, mid-trace
        self.event = event      # events before its call, after the head line
        self.ret_event = None   # and before its return (as the tracer counts)
        self.event_all = event  # the same, every print event counted
        self.ret_event_all = None


class Text:
    """The calls of a graph trace, of early_boot, or of a console's dump."""

    def __init__(self, path, early_boot=False):
        self.calls = {}         # task -> [Call], in the text's order
        self.crash = False
        self.summary_open = None
        self.untimed = 0        # the head line's count of untimed entries
        self.events = 0         # early_boot: the events before its end line
        self.counted = 0        # events as the very early tracer counts them
        stacks = {}
        last_task = {}
        rules = 0
        ev = counted = 0
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [re.sub(r"^\[ *\d+\.\d+\] ", "", l.rstrip("\r\n")) for l in f]
        for text in lines:
            if text.startswith("Dumping the very early function trace"):
                self.crash = True
                continue
            if self.crash:
                if re.match(r"^-{33}$", text):
                    rules += 1
                    continue
                m = re.match(r"^end of the very early function graph trace: .* (\d+) still open$",
                             text)
                if m:
                    self.summary_open = int(m.group(1))
                if rules != 1:
                    continue
            m = re.match(r"^CPU:(\d+) \[LOST (\d+ )?EVENTS\]$", text)
            if m:
                # The calls open on that CPU lose their returns
                for c in stacks.get(last_task.get(m.group(1)), []):
                    c.lost = True
                stacks[last_task.get(m.group(1))] = []
                continue
            ctx = CONTEXT.match(text)
            if ctx:
                text = ctx.group(5)
            note = None
            if ctx and "|" not in text:
                note = text
            elif "/*" in text and re.search(r"\|  +/\* .* \*/$|^ *(/\* )?very early", text):
                note = text
            if note is not None:
                if "entries end here" in note and early_boot:
                    self.events = ev
                    break
                n = re.search(r"the first (\d+) entries have no time on the trace clock", note)
                if n or "at their times from the counter's zero" in note:
                    self.untimed = int(n.group(1)) if n else 0
                    ev = counted = 0
                    continue
                ev += 1
                if re.search(r"calls (folded here|not recorded here \(no room)", note):
                    counted += 1
                continue
            if text.startswith("#") or "|" not in text or "==========>" in text or \
               "<==========" in text:
                continue
            fields = text.split("|")
            m = re.match(r"^ *(\d+)\.(\d{6}) $", fields[0])
            if not m:
                continue
            ts = int(m.group(1)) * 10**9 + int(m.group(2)) * 1000
            cpu = re.match(r"^ +(\d+)\) ", fields[1]).group(1)
            task = "cpu" + cpu
            if re.search(r"-\d+ +$", fields[1]):
                pid = re.search(r"-(\d+) +$", fields[1]).group(1)
                task = "cpu" + cpu if pid == "0" else "pid" + pid
                dur_field, body = fields[2], "|".join(fields[3:])
            else:
                dur_field, body = fields[1], "|".join(fields[2:])
            last_task[cpu] = task
            dur = re.search(r"(\d+(?:\.\d+)?) us", dur_field)
            dur = ns(dur.group(1)) if dur else None
            name = body.lstrip(" ")
            depth = (len(body) - len(name) - 2) // 2
            stack = stacks.setdefault(task, [])
            seq = self.calls.setdefault(task, [])
            m = re.match(r"^(.+?)\(\) \{$", name) or re.match(r"^(.+?)\(\);", name)
            if m:
                while stack and stack[-1].depth >= depth:
                    stack.pop().lost = True
                c = Call(m.group(1), depth, ts, task, counted)
                c.event_all = ev
                c.leaf = not name.endswith("{")
                seq.append(c)
                if name.endswith("{"):
                    stack.append(c)
                    ev += 1
                    counted += 1
                else:
                    c.dur = dur
                    c.ret_event = counted + 1
                    c.ret_event_all = ev + 1
                    ev += 2
                    counted += 2
                continue
            if not name.startswith("}"):
                fail(f"{path}: not a graph line: {text}")
            while stack and stack[-1].depth > depth:
                stack.pop().lost = True
            if stack and stack[-1].depth == depth:
                c = stack.pop()
                c.dur = dur if dur is not None else ts - c.ts
                c.ret_ts = ts
                c.ret_event = counted
                c.ret_event_all = ev
            else:
                tail = re.findall(r"/\* (.+?)(?: = \S+)? \*/", name)
                c = Call(tail[0] if tail else "(call before the trace)", depth,
                         ts - (dur or 0), task, counted, entry=False)
                c.dur = dur or 0
                c.ret_event = counted
                c.event_all = c.ret_event_all = ev
                seq.append(c)
            ev += 1
            counted += 1
        self.counted = counted


def main():
    if len(sys.argv) not in (3, 4):
        print("usage: check_timeline.py TRACE JSON [EARLY_BOOT]")
        sys.exit(2)
    trace, out = sys.argv[1], sys.argv[2]
    text = Text(trace)
    calls, crash, summary_open, untimed = text.calls, text.crash, text.summary_open, text.untimed
    early = None
    if len(sys.argv) == 4:
        own = Text(sys.argv[3], early_boot=True)
        early = own.calls
    try:
        with open(out, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{out}: not JSON: {e}")
    names, tracks = {}, {}
    for ev in doc["traceEvents"]:
        if ev["ph"] == "M" and ev["name"] == "thread_name":
            names[(ev["pid"], ev["tid"])] = ev["args"]["name"]
        elif ev["ph"] == "X":
            tracks.setdefault((ev["pid"], ev["tid"]), []).append(ev)
    # A track a task on a CPU; the tests' boots run on one CPU
    by_task = {}
    for key, evs in tracks.items():
        m = re.search(r"-(\d+)$", names.get(key, ""))
        task = "pid" + m.group(1) if m and m.group(1) != "0" else "cpu%d" % (key[0] - 1)
        by_task.setdefault(task, []).extend(evs)
    # The untimed calls: early_boot's events (with it), or the head
    # line's entries as the very early tracer counts them (without: left out)
    limit = untimed
    if early is not None:
        limit = own.events
    for task, seq in calls.items():
        for c in seq:
            if early is not None:
                c.untimed = c.event_all < limit
                c.ret_untimed = c.ret_event_all is not None and c.ret_event_all < limit
            else:
                c.untimed = c.event < limit
                c.ret_untimed = c.ret_event is not None and c.ret_event < limit
            # Left out, a call without callees is one line: untimed with
            # its call (with early_boot it takes the boot trace's duration)
            if early is None and c.untimed and getattr(c, "leaf", False):
                c.ret_untimed = True
        if early is None and untimed:
            # Left out; a call whose return is timed is that return only
            for c in seq:
                if c.untimed and c.dur is not None and not c.ret_untimed:
                    c.entry = False
                    c.untimed = False
            calls[task] = [c for c in seq if not c.untimed]
    end = max((e["ts"] + e["dur"] for v in tracks.values() for e in v), default=0)
    total = sum(len(v) for v in calls.values())
    slices = sum(len(v) for v in tracks.values())
    adjusted = opened = 0
    notes = []
    for task, seq in calls.items():
        evs = sorted(by_task.get(task, []), key=lambda e: (e["ts"], -e["dur"]))
        # Nested exactly; a call still open reaches the end, and a call
        # that starts there is in it
        stack, last = [], None
        for e in evs:
            start = round(e["ts"] * 1000)
            stop = start + round(e["dur"] * 1000)
            if last is not None and start < last:
                fail(f"task {task}: {e['name']} starts before the slice before it")
            last = start
            while stack and (stack[-1][0] < start or
                             (not stack[-1][1] and stack[-1][0] <= start)):
                stack.pop()
            if stack and stop > stack[-1][0]:
                fail(f"task {task}: {e['name']} at {e['ts']} us ends after its caller")
            e["_depth"] = len(stack)
            stack.append((stop, e.get("cat") == "open"))
        with_entry = [c for c in seq if c.entry]
        json_entry = [e for e in evs if e.get("args", {}).get("entry") != "not in the trace"]
        if len(with_entry) != len(json_entry):
            fail(f"task {task}: {len(with_entry)} calls in the text, {len(json_entry)} slices")
        own_calls = [c for v in (early or {}).values() for c in v if c.entry]
        k = 0
        shift = None
        for i, (c, e) in enumerate(zip(with_entry, json_entry)):
            where = f"task {task}, call {i}: the text has {c.name} at depth {c.depth}"
            args = e.get("args", {})
            if e["name"] != c.name or e["_depth"] != c.depth:
                fail(f"{where}, the JSON {e['name']} at depth {e['_depth']}")
            # The text's values, or early_boot's for the untimed calls
            want_ts, want_dur = c.ts, c.dur
            if early is not None and c.untimed:
                if k >= len(own_calls) or own_calls[k].name != c.name:
                    fail(f"{where}; early_boot's call {k} is not it")
                want_ts = own_calls[k].ts
                if c.ret_untimed:
                    want_dur = own_calls[k].dur
                k += 1
            elif early is not None:
                if shift is None:
                    shift = round(e["ts"] * 1000) - c.ts
                want_ts += shift
            if c.dur is None:
                state = "open" if not c.lost else "lost"
                if state == "open" and e.get("cat") != "open":
                    fail(f"{where}, open where the text ends; not so in the JSON")
                if state == "open":
                    opened += 1
                    # (1 ns before its caller's end, as the slices nest strictly)
                    if abs(e["ts"] + e["dur"] - end) > 1:
                        fail(f"{where}, open; the slice does not reach the end")
                if state == "lost" and args.get("return") != "not in the trace":
                    fail(f"{where}, its return lost; the JSON does not say so")
            elif e.get("cat") == "open" or "return" in args:
                fail(f"{where}, which returns; the JSON has it without")
            elif abs(round(e["dur"] * 1000) - want_dur) > TOLERANCE_NS:
                if round(float(args.get("duration in the text", -1)) * 1000) != want_dur:
                    fail(f"{where}, lasting {want_dur} ns; the JSON's {e['dur']} us")
                # Drawn from its timestamps instead: it ends at its return's
                ret = getattr(c, "ret_ts", None)
                if ret is not None and not c.ret_untimed:
                    end_ns = round((e["ts"] + e["dur"]) * 1000)
                    if abs(end_ns - ret - (shift or 0)) > 2 * TOLERANCE_NS + 2:
                        fail(f"{where}, returning at {ret} ns; the JSON's slice ends at "
                             f"{end_ns} ns")
                adjusted += 1
            # Moved by the zero, itself cut to the us: twice the slack
            slack = 2 * TOLERANCE_NS if early is not None else TOLERANCE_NS
            if abs(round(e["ts"] * 1000) - want_ts) > slack:
                # The text's time on the JSON's time line, moved by the
                # converter's zero, which is cut to the us as this one is
                text_ts = round(float(args.get("time in the text", -1e12)) * 1000)
                if abs(text_ts - want_ts) > slack:
                    fail(f"{where}, at {want_ts} ns; the JSON at {e['ts']} us")
                adjusted += 1
        returns = sorted((c.name, c.dur) for c in seq if not c.entry)
        json_returns = sorted((e["name"], round(e["dur"] * 1000)) for e in evs
                              if e.get("args", {}).get("entry") == "not in the trace")
        if len(returns) != len(json_returns) or any(
                a[0] != b[0] or abs(a[1] - b[1]) > TOLERANCE_NS
                for a, b in zip(returns, json_returns)):
            fail(f"task {task}: returns without their call: {len(returns)} in the text, "
                 f"{len(json_returns)} in the JSON")
        if early is not None and k != len(own_calls):
            fail(f"task {task}: {len(own_calls)} calls in early_boot, {k} untimed in the "
                 "boot trace")
    if total != slices:
        fail(f"{total} calls in the text, {slices} slices in the JSON")
    if crash and summary_open is not None and opened != summary_open:
        fail(f"{opened} open calls, the dump's summary says {summary_open}")
    if adjusted:
        notes.append(f"{adjusted} times or durations drawn otherwise than the text has "
                     "them, which the slices give")
    print(f"ok: {slices} slices for {total} calls, {opened} open, {len(tracks)} tracks"
          + "".join("; " + n for n in notes))


if __name__ == "__main__":
    main()
