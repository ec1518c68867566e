#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of scripts/tracing/ftrace_timeline.py: traces written here in
# the graph tracer's format from random call trees (with the very early
# tracer's untimed prefix and its instance early_boot, as crash dumps on
# a console, with calls left open), converted, and held against their text
# by check_timeline.py; bad input (cut short, mixed tracers, garbage)
# refused with its line and no output.  Run: python3 -m unittest -v
# test_ftrace_timeline (from this directory, or with ROOT set).

import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("ROOT", os.path.dirname(os.path.dirname(HERE)))
TOOL = os.path.join(ROOT, "scripts/tracing/ftrace_timeline.py")
CHECK = os.path.join(HERE, "check_timeline.py")


def calls_tree(seed, n=300, max_depth=8):
    """Random nested calls: [name, depth, start_ns, end_ns|None] in call order.

    Some gaps and calls are shorter than the microsecond the text's times
    are cut to.
    """
    rnd = random.Random(seed)
    out = []
    t = 1000000 * rnd.randint(1, 50) + rnd.randint(0, 999)

    def step(lo, hi):
        return rnd.randint(0, 900) if rnd.random() < 0.3 else rnd.randint(lo, hi)

    def call(depth):
        nonlocal t
        name = "fn_%d_%s" % (depth, rnd.choice("abcdefgh"))
        if rnd.random() < 0.05:
            name += " [mod_%d]" % depth         # a module's function
        me = [name, depth, t, None]
        out.append(me)
        t += step(100, 40000)
        while len(out) < n and depth < max_depth and rnd.random() < 0.55:
            call(depth + 1)
            t += step(100, 30000)
        me[3] = t
        t += step(100, 5000)

    while len(out) < n:
        call(0)
    return out


def events_of(calls):
    """The ring buffer's events: ["c", ts, depth, name, calltime] and ["r", ...]."""
    ev = []
    for name, depth, start, end in calls:
        ev.append(["c", start, depth, name, start])
        if end is not None:
            ev.append(["r", end, depth, name, start])
    ev.sort(key=lambda e: (e[1], e[0] == "c"))
    return ev


def abs_time(ns):
    return "%5d.%06d |  " % (ns // 10**9, ns % 10**9 // 1000)


def duration(ns):
    """The graph tracer's duration column (trace_print_graph_duration())."""
    usecs, rem = divmod(ns, 1000)
    text = str(usecs)
    if len(text) < 7:
        text += "." + ("%03d" % rem)[:7 - len(text)]
    mark = "#" if ns > 1000000 else "!" if ns > 100000 else "+" if ns > 10000 else " "
    return "%s %s us %s|  " % (mark, text, " " * max(8 - len(text), 0))


def dump_duration(ns):
    """The crash dump's (ftrace_early_text.c): 15 characters."""
    us, rem = divmod(ns, 1000)
    mark = "#" if us >= 1000 else "!" if us >= 100 else "+" if us >= 10 else " "
    return "%c %6d.%03d us |  " % (mark, us, rem)


FILL = "              |  "
PROC = "   <idle>-0    | "


def render(ev, when=None, proc=True, context=False, dump=False):
    """The text of events as the graph tracer prints them: a call followed
    by its return is one line.  when(i, e): the time printed for event i
    (its own by default); context: with the columns of a nop instance
    (early_boot) before; dump: as the crash dump prints them.  Returns
    [(events, line, ts)].  Notes: ["n", ts, text]."""
    out = []
    i = 0
    while i < len(ev):
        e = ev[i]
        t = when(i, e) if when else e[1]
        nxt = ev[i + 1] if i + 1 < len(ev) else None
        if dump:
            pre = "%5d.%06d | %2d) " % (t // 10**9, t % 10**9 // 1000, 0)
        else:
            pre = abs_time(t) + " 0) " + (PROC if proc else "")
        if context:
            pre = "%16s-%-7d [%03d] d.... %5d.%06d: " % ("<idle>", 0, 0, t // 10**9,
                                                           t % 10**9 // 1000) + pre
        dur = dump_duration if dump else duration
        fill = " " * 15 + " |  " if dump else FILL
        if e[0] == "n":
            if context:
                out.append((1, pre.split(": ")[0] + ": ftrace_early_record: " + e[2], t))
            else:
                out.append((1, pre + fill + "/* " + e[2] + " */", t))
            i += 1
            continue
        ind = "  " * e[2]
        if e[0] == "c" and nxt and nxt[0] == "r" and nxt[3] == e[3] and nxt[2] == e[2]:
            out.append((2, pre + dur(nxt[1] - e[1]) + ind + e[3] + "();", t))
            i += 2
            continue
        if e[0] == "c":
            out.append((1, pre + fill + ind + e[3] + "() {", t))
        else:
            out.append((1, pre + dur(e[1] - e[4]) + ind + "} /* " + e[3] + " */", t))
        i += 1
    return out


def graph_lines(calls, proc=True):
    return render(events_of(calls), proc=proc)


def write(path, lines):
    with open(path, "w") as f:
        f.write("".join(line + "\n" for line in lines))


class Timeline(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def convert(self, *args, ok=True):
        r = subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True)
        if ok:
            self.assertEqual(r.returncode, 0, r.stderr)
        else:
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        return r

    def check(self, *args):
        r = subprocess.run([sys.executable, CHECK] + list(args), capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertTrue(r.stdout.startswith("ok: "), r.stdout)
        return r.stdout

    def slices(self, path):
        with open(path) as f:
            return [e for e in json.load(f)["traceEvents"] if e["ph"] == "X"]

    def test_graph_trace(self):
        for seed in range(6):
            calls = calls_tree(seed)
            head = ["# tracer: function_graph", "#"]
            write(self.path("t.txt"), head + [l for _, l, _ in graph_lines(calls, proc=seed % 2)])
            self.convert("-o", self.path("t.json"), self.path("t.txt"))
            out = self.check(self.path("t.txt"), self.path("t.json"))
            self.assertIn("ok: %d slices for %d calls, 0 open" % (len(calls), len(calls)), out)
            # ns precision kept: a slice's duration is the text's, to the
            # JSON's 1/1024 us and the 1 ns by which a callee ends before
            # its caller
            s = self.slices(self.path("t.json"))
            for a, b in zip(sorted(round(e["dur"] * 1000) for e in s),
                            sorted(c[3] - c[2] for c in calls)):
                self.assertLessEqual(abs(a - b), 2)

    def early_pair(self, seed, straddle=False):
        """A boot trace whose first N entries show at 0, and its early_boot,
        as the kernel writes them (ftrace_early_inject.c)."""
        calls = calls_tree(seed)
        ev = events_of(calls)
        n = len(ev) // 3
        if straddle:
            # The last untimed entry a call whose return comes next
            while not (ev[n - 1][0] == "c" and ev[n][0] == "r" and ev[n][3] == ev[n - 1][3]):
                n += 1
        # The trace clock's zero, on the counter's time, after the Nth entry
        zero = ev[n][1] - 1
        head = ("very early function tracer: the first %d entries have no time on the "
                "trace clock (0: before its zero): at late_initcall, instances/early_boot "
                "gets them with their times from the counter's zero (see dmesg)" % n)
        boot = ["# tracer: function_graph", "#"]
        boot += [l for _, l, _ in render([["n", 0, head]] + ev,
                                         when=lambda i, e: 0 if i <= n else e[1] - zero)]
        # early_boot: the N entries, the line where they end, the returns of
        # the calls they leave open
        opened = [e for e in ev[:n] if e[0] == "c"]
        closed = {(e[3], e[4]) for e in ev[:n] if e[0] == "r"}
        rets = [e for e in ev[n:] if e[0] == "r" and (e[3], e[4]) in
                {(c[3], c[4]) for c in opened} - closed]
        own = [["n", ev[0][1], "very early function tracer: the boot trace's first %d entries "
                "at their times from the counter's zero (2596.012 MHz); the trace clock's "
                "zero is at %d.%06d here" % (n, zero // 10**9, zero % 10**9 // 1000)]]
        own += ev[:n] + [["n", ev[n - 1][1], "very early function tracer: the boot trace's "
                          "first %d entries end here: the returns after this line close the "
                          "calls they leave open" % n]] + rets
        early = ["# tracer: nop", "#"] + [l for _, l, _ in render(own, context=True)]
        return calls, boot, early, n

    def test_early_boot_one_time_line(self):
        # The untimed entries ending anywhere, and right between a call and
        # its return (a call without callees in the boot trace only)
        for seed, straddle in ((7, False), (17, False), (27, True), (37, True)):
            calls, boot, own, events = self.early_pair(seed, straddle)
            write(self.path("boot.txt"), boot)
            write(self.path("own.txt"), own)
            self.convert("-e", self.path("own.txt"), "-o", self.path("t.json"),
                         self.path("boot.txt"))
            self.check(self.path("boot.txt"), self.path("t.json"), self.path("own.txt"))
            # Every slice at its time from the counter's zero, with its
            # duration, as the calls were made (the times and the zero
            # each cut to the microsecond)
            s = sorted(self.slices(self.path("t.json")), key=lambda e: (e["ts"], -e["dur"]))
            self.assertEqual(len(s), len(calls))
            for e, c in zip(s, sorted(calls, key=lambda c: c[2])):
                self.assertEqual(e["name"], c[0])
                self.assertLess(abs(round(e["ts"] * 1000) - c[2]), 2000, e)
                self.assertLess(abs(round(e["dur"] * 1000) - (c[3] - c[2])), 1000, e)

    def test_untimed_entries_need_early_boot(self):
        _, boot, own, events = self.early_pair(8)
        write(self.path("boot.txt"), boot)
        r = self.convert("-o", self.path("t.json"), self.path("boot.txt"), ok=False)
        self.assertIn("boot.txt:3: the first %d entries have no time on the trace clock" % events,
                      r.stderr)
        self.assertFalse(os.path.exists(self.path("t.json")))
        self.convert("--skip-untimed", "-o", self.path("t.json"), self.path("boot.txt"))
        self.check(self.path("boot.txt"), self.path("t.json"))

    def test_early_boot_of_another_boot(self):
        _, boot, own, events = self.early_pair(9)
        own[2] = own[2].replace("first %d entries at" % events, "first %d entries at" % (events + 1))
        write(self.path("boot.txt"), boot)
        write(self.path("own.txt"), own)
        r = self.convert("-e", self.path("own.txt"), self.path("boot.txt"), ok=False)
        self.assertIn("own.txt:3: early_boot has %d entries" % (events + 1), r.stderr)
        _, boot2, own2, _ = self.early_pair(10)
        write(self.path("own.txt"), own2)
        r = self.convert("-e", self.path("own.txt"), self.path("boot.txt"), ok=False)
        self.assertRegex(r.stderr, r"own.txt:\d+: (not the boot trace's call|early_boot has)")

    def crash_log(self, seed, cut=False):
        calls = calls_tree(seed, n=120)
        # The kernel stops in the middle: the calls open then have no return
        stop = calls[-1][2] + 500
        for c in calls:
            if c[3] > stop:
                c[3] = None
        # As ftrace_early_text.c prints them, a line about calls lost in
        # the middle
        dump = [l for _, l, _ in render(events_of(calls), dump=True)]
        dump.insert(len(dump) // 2, " " * 38 + "/* very early function graph tracer: 12 calls "
                    "not recorded here (no room: ftrace_early_buf_size=) */")
        still = sum(1 for c in calls if c[3] is None)
        log = ["[    0.000000] Linux version 6.12.0", "[    1.000000] Kernel panic - not syncing",
               "[    1.000000] Dumping the very early function trace (the calls before "
               "ftrace_init() the ring buffer does not have yet):",
               "[    1.000000] times from the counter's zero at 2095997 kHz",
               "[    1.000000] ---------------------------------"]
        log += ["[    1.000000] " + l for l in dump]
        if cut:
            return calls, log[:-3]
        log += ["[    1.000000] ---------------------------------",
                "[    1.000000] end of the very early function graph trace: %d calls recorded, "
                "%d still open" % (len(calls), still)]
        return calls, log, still

    def test_crash_dump(self):
        calls, log, still = self.crash_log(11)
        self.assertGreater(still, 0)
        write(self.path("console.log"), log)
        self.convert("-o", self.path("t.json"), "--svg", self.path("t.svg"), self.path("console.log"))
        out = self.check(self.path("console.log"), self.path("t.json"))
        self.assertIn("%d open" % still, out)
        opened = [e for e in self.slices(self.path("t.json")) if e.get("cat") == "open"]
        self.assertEqual(len(opened), still)
        self.assertTrue(all("kernel stopped" in e["args"]["open"] for e in opened))

    def test_cut_short(self):
        _, log = self.crash_log(12, cut=True)
        write(self.path("console.log"), log)
        r = self.convert("-o", self.path("t.json"), self.path("console.log"), ok=False)
        self.assertRegex(r.stderr, r"console.log:%d: the crash dump ends before its summary" % len(log))
        self.assertFalse(os.path.exists(self.path("t.json")))
        # A file cut in the middle of a line
        calls = calls_tree(13)
        lines = [l for _, l, _ in graph_lines(calls)]
        write(self.path("t.txt"), lines[:40] + [lines[40][:30]])
        r = self.convert("-o", self.path("t.json"), self.path("t.txt"), ok=False)
        self.assertIn("t.txt:41: not a line of the function_graph tracer", r.stderr)

    def test_mixed_and_garbage(self):
        lines = [l for _, l, _ in graph_lines(calls_tree(14))]
        mixed = lines[:20] + ["          <idle>-0       [000] d....     1.806333: "
                              "set_task_stack_end_magic <-start_kernel"] + lines[20:]
        write(self.path("t.txt"), mixed)
        r = self.convert("-o", self.path("t.json"), self.path("t.txt"), ok=False)
        self.assertIn("t.txt:21: a function tracer line in a function_graph trace", r.stderr)
        for garbage in ("hello world", "    1.000000 |   0)   12.0 ms  |  foo();",
                        "    1.000000 |   0)               |  foo() {{"):
            write(self.path("t.txt"), lines[:5] + [garbage] + lines[5:])
            r = self.convert("-o", self.path("t.json"), self.path("t.txt"), ok=False)
            self.assertIn("t.txt:6: not a line of the function_graph tracer", r.stderr)
            self.assertFalse(os.path.exists(self.path("t.json")))
        # Another tracer's trace, and one without absolute times
        write(self.path("t.txt"), ["# tracer: irqsoff"] + lines)
        r = self.convert(self.path("t.txt"), ok=False)
        self.assertIn("t.txt:1: the irqsoff tracer's trace", r.stderr)
        write(self.path("t.txt"), [" 0)               |  foo() {"])
        r = self.convert(self.path("t.txt"), ok=False)
        self.assertIn("t.txt:1: no absolute time: read the trace with the funcgraph-abstime",
                      r.stderr)
        write(self.path("t.txt"), [])
        r = self.convert(self.path("t.txt"), ok=False)
        self.assertIn("t.txt: neither a trace with entries nor a console log", r.stderr)
        r = self.convert(self.path("missing.txt"), ok=False)
        self.assertIn("missing.txt: No such file", r.stderr)
        r = subprocess.run([sys.executable, TOOL, "--depth", "0", self.path("t.txt")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)

    def test_lost_events(self):
        # The returns after a gap of lost events are not those of the calls
        # open before it: no slice spans the gap
        lines = ["# tracer: function_graph", "#",
                 abs_time(10**9) + " 0) " + PROC + FILL + "a() {",
                 abs_time(10**9 + 1000) + " 0) " + PROC + FILL + "  b() {",
                 "CPU:0 [LOST 100 EVENTS]",
                 abs_time(2 * 10**9) + " 0) " + PROC + duration(5000) + "  } /* b */",
                 abs_time(2 * 10**9 + 1000) + " 0) " + PROC + duration(10000) + "} /* a */"]
        write(self.path("t.txt"), lines)
        self.convert("-o", self.path("t.json"), self.path("t.txt"))
        s = self.slices(self.path("t.json"))
        self.assertTrue(all(e["dur"] < 20 for e in s), s)
        lost = [e for e in s if e.get("args", {}).get("return") == "not in the trace"]
        self.assertEqual(sorted(e["name"] for e in lost), ["a", "b"])
        self.check(self.path("t.txt"), self.path("t.json"))

    def test_refused_early_inputs(self):
        # A crash dump whose times are estimated
        _, log, _ = self.crash_log(21)
        log[3] = ("[    1.000000] times estimated: the counter's frequency is not known yet, "
                  "entries 1 ns apart in the order they were recorded")
        write(self.path("console.log"), log)
        r = self.convert("-o", self.path("t.json"), self.path("console.log"), ok=False)
        self.assertIn("console.log:4: the dump's times are estimated", r.stderr)
        # An early_boot with fewer entries than the boot trace's line says
        _, boot, own, n = self.early_pair(22)
        end = next(i for i, l in enumerate(own) if "entries end here" in l)
        write(self.path("boot.txt"), boot)
        write(self.path("own.txt"), own[:end - 10] + own[end:])
        r = self.convert("-e", self.path("own.txt"), "-o", self.path("t.json"),
                         self.path("boot.txt"), ok=False)
        self.assertRegex(r.stderr, r"own.txt:\d+: early_boot holds \d+ of the %d untimed" % n)
        self.assertFalse(os.path.exists(self.path("t.json")))
        # One without the line where its entries end
        write(self.path("own.txt"), own[:end])
        r = self.convert("-e", self.path("own.txt"), self.path("boot.txt"), ok=False)
        self.assertIn("no line where the boot trace's entries end", r.stderr)

    def test_skip_untimed_straddle(self):
        # Left out, the untimed calls; one whose return is timed, as a
        # call without callees, goes with them
        for seed in (27, 37, 47):
            _, boot, own, n = self.early_pair(seed, straddle=True)
            write(self.path("boot.txt"), boot)
            self.convert("--skip-untimed", "-o", self.path("t.json"), self.path("boot.txt"))
            self.check(self.path("boot.txt"), self.path("t.json"))

    def test_no_args(self):
        calls = calls_tree(23, n=2000)
        write(self.path("t.txt"), [l for _, l, _ in graph_lines(calls)])
        self.convert("--fold-below", "20", "--no-args", "-o", self.path("t.json"),
                     self.path("t.txt"))
        self.assertFalse(any("args" in e for e in self.slices(self.path("t.json"))))

    def test_fold_below(self):
        calls = calls_tree(15, n=2000)
        write(self.path("t.txt"), [l for _, l, _ in graph_lines(calls)])
        self.convert("--fold-below", "20", "-o", self.path("t.json"), self.path("t.txt"))
        s = self.slices(self.path("t.json"))
        kept = [c for c in calls if c[3] - c[2] >= 20000]
        self.assertLess(len(s), len(calls))
        with open(self.path("t.json")) as f:
            events = json.load(f)["traceEvents"]
        folded = sum(e.get("args", {}).get("folded calls", 0) for e in s)
        loose = sum(int(e["name"].split()[0]) for e in events
                    if e["ph"] == "i" and "folded, outside" in e["name"])
        # Every call is a slice or counted by one (or by its track)
        self.assertEqual(len(s) + folded + loose, len(calls))
        self.assertTrue(all(e["dur"] >= 20 for e in s))
        self.assertGreaterEqual(len(s), len([c for c in kept if c[1] == 0]))

    def test_svg(self):
        calls = calls_tree(16, n=600)
        write(self.path("t.txt"), [l for _, l, _ in graph_lines(calls)])
        self.convert("-o", self.path("t.json"), "--svg", self.path("t.svg"), "--depth", "3",
                     "--span", "10", self.path("t.txt"))
        tree = ET.parse(self.path("t.svg"))
        ns = "{http://www.w3.org/2000/svg}"
        rects = tree.getroot().iter(ns + "rect")
        titles = [t.text for t in tree.getroot().iter(ns + "title")
                  if not t.text.startswith("no call recorded")]
        # Every call of the rows, but those narrower than 1/4 pixel
        first = calls[0][2]
        drawn = [c for c in calls if c[1] < 3 and c[2] < first + 10**10 and
                 1400 * (min(c[3], first + 10**10) - c[2]) / min(
                     10**10, max(c[3] for c in calls) - first) >= 0.25]
        self.assertEqual(len(titles), len(drawn))
        self.assertGreater(len(list(rects)), len(drawn))
        top = max((c for c in calls if c[1] == 0), key=lambda c: c[3] - c[2])
        self.assertTrue(any(t.startswith(top[0] + ": ") for t in titles))
        with open(self.path("t.svg")) as f:
            self.assertIn("longest first", f.read())

    def test_function_trace(self):
        lines = ["# tracer: function", "#"]
        for i in range(50):
            lines.append("          <idle>-0       [000] d....     %d.%06d: fn_%d <-start_kernel"
                         % (1, i * 10, i % 7))
        write(self.path("t.txt"), lines)
        self.convert("-o", self.path("t.json"), self.path("t.txt"))
        with open(self.path("t.json")) as f:
            ev = [e for e in json.load(f)["traceEvents"] if e["ph"] == "i"]
        self.assertEqual(len(ev), 50)
        r = self.convert("--svg", self.path("t.svg"), "-o", self.path("u.json"), self.path("t.txt"),
                         ok=False)
        self.assertIn("the drawing needs the function_graph tracer's durations", r.stderr)
        self.assertFalse(os.path.exists(self.path("u.json")))


def png(width, height, pixel):
    """A PNG of width x height, pixel(x, y) -> (r, g, b)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width))
                   for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                            8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Screenshot(unittest.TestCase):
    """png_check.py, which make timeline-view holds its screenshot to."""

    def check(self, data):
        with tempfile.NamedTemporaryFile(suffix=".png") as f:
            f.write(data)
            f.flush()
            return subprocess.run([sys.executable, os.path.join(HERE, "png_check.py"), f.name],
                                  capture_output=True, text=True).returncode

    def test_empty_and_drawn(self):
        self.assertEqual(self.check(png(160, 100, lambda x, y: (255, 255, 255))), 1)
        # A frame of greys around nothing (an error page)
        self.assertEqual(self.check(png(160, 100, lambda x, y: (x % 200,) * 3)), 1)
        # Coloured bars, as a flame chart
        bars = lambda x, y: ((40 * (x // 10)) % 256, 180, 120) if y % 20 < 12 else (255,) * 3
        self.assertEqual(self.check(png(160, 100, bars)), 0)


if __name__ == "__main__":
    unittest.main()
