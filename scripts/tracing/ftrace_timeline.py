#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# ftrace_timeline.py - the boot's function graph as a timeline and a drawing
#
# Reads the text of a trace (the function_graph tracer's, with the
# funcgraph-abstime option, or the function tracer's), or a console log
# that holds the very early tracer's crash dump, and writes the Chrome
# trace-event JSON that Perfetto UI, chrome://tracing and speedscope open:
# a complete slice for each call, with its duration, on a track for each
# CPU and task.  The very early part of the boot and the rest are on one
# time line: the entries the trace clock could not time are taken from the
# instance early_boot (-e), whose first line says where the trace clock's
# zero is on its time.  Calls still open where the trace ends (at a crash)
# reach its end and are marked.  --svg draws start_kernel()'s phases.
#
# Usage:
#   cd /sys/kernel/tracing
#   echo 1 > options/funcgraph-abstime; echo 1 > options/funcgraph-proc
#   cat trace > boot.txt; cat instances/early_boot/trace > early_boot.txt
#   ftrace_timeline.py -e early_boot.txt -o boot.json --svg boot.svg boot.txt
#
# See Documentation/trace/ftrace-early.rst, "The boot as a picture".

import argparse
import json
import os
import re
import sys
import zlib

NSEC_PER_USEC = 1000
NSEC_PER_SEC = 1000000000


class InputError(Exception):
    """Bad input: what is wrong, and where."""

    def __init__(self, path, lineno, why):
        super().__init__(f"{path}:{lineno}: {why}" if lineno else f"{path}: {why}")


# A line of a trace, once its prefix is known.  kind: "entry" (a call
# with callees, "func() {"), "leaf" ("func();", with its duration),
# "return" ("}", with its duration), "call" (the function tracer's
# "func <-parent"), "note" (a comment or a line of the tracer), "switch"
# (the graph tracer's context switch lines).
class Line:
    __slots__ = ("lineno", "kind", "ts", "cpu", "task", "depth", "name",
                 "dur", "text", "text_dur")

    def __init__(self, lineno, kind, ts, cpu, task, depth=0, name="",
                 dur=None, text=""):
        self.lineno = lineno
        self.kind = kind
        self.ts = ts            # ns on the trace's clock, None if unknown
        self.cpu = cpu
        self.task = task        # (comm, pid), None if not shown
        self.depth = depth
        self.name = name
        self.dur = dur          # ns, None if not known
        self.text = text
        self.text_dur = dur     # the duration as the text has it

    def events(self):
        """Ring buffer events behind the line (a leaf is a call and its return)."""
        if self.kind == "note":
            # A print event; not the graph's irq marks, not a line about
            # events the buffer lost
            return 0 if self.text == "irq" or LOST.match(self.text) else 1
        return {"entry": 1, "return": 1, "call": 1, "leaf": 2}.get(self.kind, 0)

    def counted(self):
        """Entries of the very early tracer behind the line, as its notes count them."""
        if self.kind == "note":
            return 1 if FOLD_OR_LOST.search(self.text) else 0
        return self.events()


PRINTK_TIME = re.compile(r"^\[ *\d+\.\d+\] ")
ABS_TIME = re.compile(r"^ *(\d+)\.(\d{6}) \|  ")
GRAPH_CPU = re.compile(r"^ *(\d+)\) ")
GRAPH_PROC = re.compile(r"^ *(\S.*?)-(\d+) +\| ")
# "+ 25.899 us   |  " as the graph tracer prints it, "+     25.899 us |  "
# as the crash dump does; no duration: spaces
DURATION = re.compile(r"^([ +!#*@$]) +(\d+(?:\.\d+)?) us *\|  ")
NO_DURATION = re.compile(r"^ *\|  ")
SWITCH = re.compile(r"^ *(\d+)\) +(\S.*?)-(\d+) +=> +(\S.*?)-(\d+) *$")
IRQ_MARK = re.compile(r"^ *(==========>|<==========) *\|$")
# The context columns: task-pid, (tgid), [cpu], flags, time
FUNC_LINE = re.compile(
    r"^ *(\S.*?)-(\d+) +(?:\( *[-\d]+\) +)?\[(\d+)\] (?:[^ ]{4,5} +)?(\d+)\.(\d{6}): (.*)$")
# A module's function prints as "func [module]"
ENTRY = re.compile(r"^(\S+(?: \[\S+\])?)\(\) \{$")
LEAF = re.compile(r"^(\S+(?: \[\S+\])?)\(\);(?: /\* .* \*/)?$")
RETURN = re.compile(r"^\}(?: /\* (\S+(?: \[\S+\])?)(?: = \S+)? \*/| /\* = \S+ \*/)?$")
COMMENT = re.compile(r"^/\* (.*) \*/$")
LOST = re.compile(r"^CPU:(\d+) \[LOST (?:\d+ )?EVENTS\]$")
OVERRUN = re.compile(r"^ *\(Overruns: \d+\)$")
# The very early tracer's lines about its entries
FOLD_OR_LOST = re.compile(r"very early function (graph )?tracer: \d+ calls "
                          r"(folded here|not recorded here \(no room)")
HEAD_NOTE = re.compile(
    r"very early function tracer: the first (\d+) entries have no time on "
    r"the trace clock")
OWN_NOTE = re.compile(
    r"very early function tracer: the boot trace's first (\d+) entries at "
    r"their times from the counter's zero \(([0-9.]+) MHz\); "
    r"(?:the trace clock's zero is at (-?)(\d+)\.(\d{6}) here|"
    r"the trace clock does not count nanoseconds)")
OWN_END = re.compile(r"very early function tracer: the boot trace's first (\d+) "
                     r"entries end here")
DUMP_START = re.compile(r"^Dumping the very early function trace")
DUMP_RULE = re.compile(r"^-{33}$")
DUMP_END = re.compile(r"^end of the very early function")


def parse_duration(us):
    """ "25.899" (us) -> ns"""
    whole, _, frac = us.partition(".")
    return int(whole) * NSEC_PER_USEC + int((frac + "000")[:3])


def parse_graph_line(path, lineno, text, ts=None, task=None, cpu=None):
    """One line of the function_graph tracer's output.

    ts, task, cpu: those of the context columns before it, if it had them.
    """
    rest = text
    m = ABS_TIME.match(rest)
    if m:
        ts = int(m.group(1)) * NSEC_PER_SEC + int(m.group(2)) * NSEC_PER_USEC
        rest = rest[m.end():]
    m = SWITCH.match(rest)
    if m:
        return Line(lineno, "switch", ts, int(m.group(1)),
                    (m.group(4), int(m.group(5))),
                    text=(m.group(2), int(m.group(3))))
    m = GRAPH_CPU.match(rest)
    if m:
        cpu = int(m.group(1))
        rest = rest[m.end():]
    m = GRAPH_PROC.match(rest)
    if m:
        task = (m.group(1), int(m.group(2)))
        rest = rest[m.end():]
    cpu = cpu or 0
    if IRQ_MARK.match(rest):
        return Line(lineno, "note", ts, cpu, task, text="irq")
    dur = None
    m = DURATION.match(rest)
    if m:
        dur = parse_duration(m.group(2))
    else:
        m = NO_DURATION.match(rest)
        if not m:
            m = re.match(r"^ *(/\* .* \*/)$", rest)
            if m:       # the crash dump's lines about lost calls
                return Line(lineno, "note", ts, cpu, task, text=m.group(1)[3:-3])
            raise InputError(path, lineno, "not a line of the function_graph tracer: " + text)
    rest = rest[m.end():]
    body = rest.lstrip(" ")
    depth = (len(rest) - len(body)) // 2
    m = COMMENT.match(body)
    if m:
        return Line(lineno, "note", ts, cpu, task, depth, text=m.group(1))
    if ts is None:
        raise InputError(path, lineno, "no absolute time: read the trace with the "
                         "funcgraph-abstime option (echo 1 > options/funcgraph-abstime)")
    m = ENTRY.match(body)
    if m and dur is None:
        return Line(lineno, "entry", ts, cpu, task, depth, m.group(1))
    # Without a duration (a crash dump that knows no frequency), from the
    # times alone
    m = LEAF.match(body)
    if m:
        return Line(lineno, "leaf", ts, cpu, task, depth, m.group(1), dur)
    m = RETURN.match(body)
    if m:
        return Line(lineno, "return", ts, cpu, task, depth, m.group(1) or "", dur)
    raise InputError(path, lineno, "not a line of the function_graph tracer: " + text)


def looks_graph(text):
    return "|  " in text or SWITCH.match(text) is not None or \
        IRQ_MARK.search(text) is not None


class Trace:
    """The lines of one trace, in order, and what its header says."""

    def __init__(self, path):
        self.path = path
        self.lines = []
        self.tracer = None      # "function_graph" or "function"
        self.crash = False      # a console's crash dump
        self.dump_khz = None    # the dump's counter frequency
        self.last_ts = None

    def kind(self, lineno, tracer):
        if self.tracer is None:
            self.tracer = tracer
        elif tracer != self.tracer:
            raise InputError(self.path, lineno,
                             f"a {tracer} tracer line in a {self.tracer} trace: "
                             "one tracer a trace")

    def append(self, line):
        if line.ts is not None:
            self.last_ts = line.ts
        self.lines.append(line)

    def add(self, lineno, text):
        if not text.strip() or text.startswith("#") or OVERRUN.match(text) or \
           re.match(r"^ *-{42}$", text) or re.match(r"^#{5} CPU \d+ buffer started #{4}$", text):
            return
        m = LOST.match(text)
        if m:
            # At the time of the line before: the CPU's calls may lose returns
            self.append(Line(lineno, "note", self.last_ts, int(m.group(1)), None, text=text))
            return
        m = FUNC_LINE.match(text)
        if m:
            ts = int(m.group(4)) * NSEC_PER_SEC + int(m.group(5)) * NSEC_PER_USEC
            task = (m.group(1).strip(), int(m.group(2)))
            cpu = int(m.group(3))
            body = m.group(6)
            if looks_graph(body):
                # An instance whose tracer is nop (early_boot) shows the
                # graph's events after the context columns
                self.kind(lineno, "function_graph")
                self.append(parse_graph_line(self.path, lineno, body, ts, task, cpu))
                return
            call = re.match(r"^(\S+(?: \[\S+\])?) <-(\S+(?: \[\S+\])?)$", body)
            if call:
                self.kind(lineno, "function")
                self.append(Line(lineno, "call", ts, cpu, task, 0, call.group(1),
                                 text=call.group(2)))
                return
            # A print event (a trace_marker write, a line of the very early
            # tracer), in either tracer's trace
            note = re.sub(r"^\S+: ", "", body)
            self.append(Line(lineno, "note", ts, cpu, task, text=note))
            return
        if not looks_graph(text):
            raise InputError(self.path, lineno, "not a line of the %s tracer: %s"
                             % (self.tracer or "function_graph or function", text))
        self.kind(lineno, "function_graph")
        self.append(parse_graph_line(self.path, lineno, text))


def read_dump(trace, lines):
    """The crash dump of a console log: between its rules, then its summary."""
    state = 0           # 0: before the dump, 1: its header, 2: its lines, 3: after
    lineno = 0
    for lineno, raw in enumerate(lines, 1):
        text = PRINTK_TIME.sub("", raw.rstrip("\r"))
        if state == 0:
            if DUMP_START.match(text):
                state = 1
                trace.crash = True
        elif state == 1:
            m = re.match(r"^times from the counter's zero at (\d+) kHz", text)
            if m:
                trace.dump_khz = int(m.group(1))
            elif text.startswith("times estimated"):
                raise InputError(trace.path, lineno, "the dump's times are estimated (the "
                                 "counter's frequency was not known): no time line to draw")
            elif DUMP_RULE.match(text):
                state = 2
        elif state == 2:
            if DUMP_RULE.match(text):
                state = 3
            elif re.match(r"^ *(/\* )?very early function (graph )?tracer: ", text):
                # At the time of the line before
                trace.append(Line(lineno, "note", trace.last_ts, 0, None,
                                  text=re.sub(r"^ *(/\* )?| \*/$", "", text)))
            else:
                trace.add(lineno, text)
        elif DUMP_END.match(text):
            return
    if state < 2:
        raise InputError(trace.path, lineno, "the crash dump has no entries: cut short?")
    raise InputError(trace.path, lineno, "the crash dump ends before its summary line: "
                     "the console log is cut short")


def read_trace(path):
    """A trace file, or the crash dump in a console log."""
    trace = Trace(path)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise InputError(path, 0, e.strerror)
    if lines and lines[-1] == "":
        lines.pop()
    # A console log holds a crash dump; a trace file does not.
    if any(DUMP_START.match(PRINTK_TIME.sub("", text)) for text in lines
           if "Dumping the very early" in text):
        read_dump(trace, lines)
    else:
        for lineno, raw in enumerate(lines, 1):
            text = raw.rstrip("\r")
            m = re.match(r"^# tracer: (\S+)", text)
            if not m:
                trace.add(lineno, text)
                continue
            # early_boot's tracer is nop: its lines say which it holds
            if m.group(1) not in ("function_graph", "function", "nop"):
                raise InputError(path, lineno, f"the {m.group(1)} tracer's trace: "
                                 "function_graph (or function) only")
            if m.group(1) != "nop":
                trace.tracer = m.group(1)
    if not any(line.kind != "note" for line in trace.lines):
        raise InputError(path, 0, "neither a trace with entries nor a console log with "
                         "a crash dump of the very early trace")
    return trace


def early_note(trace):
    """The boot trace's first line about the entries it has no time for."""
    for line in trace.lines[:2]:
        if line.kind == "note":
            m = HEAD_NOTE.search(line.text)
            if m:
                return line, int(m.group(1))
    return None, 0


def take(lines, start, n, count):
    """Lines from start holding n events (as count counts them); the index after them."""
    i = start
    while n > 0 and i < len(lines):
        n -= count(lines[i])
        i += 1
    return i if n <= 0 else None


def merge_early(trace, early):
    """The boot trace with its untimed first entries replaced by early_boot's.

    The times become ns from the counter's zero.  Returns the lines.
    """
    head, n = early_note(trace)
    if head is None:
        raise InputError(early.path, 0, "the boot trace times all its entries: "
                         "no early_boot needed")
    note = next((l for l in early.lines[:2] if l.kind == "note" and OWN_NOTE.search(l.text)),
                None)
    if note is None:
        raise InputError(early.path, early.lines[0].lineno,
                         "not the instance early_boot's trace: its first line is not the "
                         "very early tracer's")
    m = OWN_NOTE.search(note.text)
    if int(m.group(1)) != n:
        raise InputError(early.path, note.lineno,
                         f"early_boot has {m.group(1)} entries, the boot trace's first "
                         f"line says {n}: from two boots?")
    if m.group(4) is None:
        raise InputError(early.path, note.lineno,
                         "the trace clock does not count nanoseconds: the two traces "
                         "cannot share a time line")
    if early.tracer != trace.tracer:
        raise InputError(early.path, note.lineno,
                         f"early_boot is a {early.tracer} trace, the boot trace "
                         f"{trace.tracer}")
    zero = int(m.group(4)) * NSEC_PER_SEC + int(m.group(5)) * NSEC_PER_USEC
    if m.group(3):
        zero = -zero
    own_first = early.lines.index(note) + 1
    end = next((i for i in range(own_first, len(early.lines))
                if early.lines[i].kind == "note" and OWN_END.search(early.lines[i].text)),
               None)
    if end is None:
        raise InputError(early.path, len(early.lines) and early.lines[-1].lineno,
                         "no line where the boot trace's entries end: cut short?")
    own = early.lines[own_first:end]
    have = sum(l.counted() for l in own)
    if have != n:
        raise InputError(early.path, early.lines[end].lineno,
                         f"early_boot holds {have} of the {n} untimed entries (its buffer "
                         "was full, or the file is cut): the time line would be wrong")
    # The same events, notes included, as the boot trace's after its line
    events = sum(l.events() for l in own)
    first = trace.lines.index(head) + 1
    cut = take(trace.lines, first, events, Line.events)
    if cut is None:
        raise InputError(trace.path, 0, f"fewer than the {n} entries its first line counts: "
                         "cut short?")
    boot = trace.lines[first:cut]
    # A call whose return came right after the entries: a call without
    # callees in the boot trace, its return to come in early_boot (after
    # the line where the entries end)
    if own and boot:
        a, b = own[-1], boot[-1]
        straddles = sum(l.events() for l in boot) > events
        if a.kind == "entry" and b.kind == "leaf" and straddles:
            own[-1] = Line(a.lineno, "leaf", a.ts, a.cpu, a.task, a.depth, a.name, b.dur)

    def calls(lines):
        return [l for l in lines if l.kind in ("entry", "leaf", "call")]

    for x, y in zip(calls(boot), calls(own)):
        if x.name != y.name:
            raise InputError(early.path, y.lineno, f"not the boot trace's call (line "
                             f"{x.lineno}: {x.name}): from two boots?")
    for line in trace.lines[cut:]:
        if line.ts is not None:
            line.ts += zero
    head.ts = own[0].ts if own else note.ts
    head.text = "the boot trace's first %d entries, from instances/early_boot" % n
    return [head] + own + trace.lines[cut:]


def skip_untimed(trace):
    """Where the entries the boot trace has no time for end (an index of its lines)."""
    head, n = early_note(trace)
    if head is None:
        return 0
    first = trace.lines.index(head) + 1
    cut = take(trace.lines, first, n, Line.counted)
    if cut is None:
        raise InputError(trace.path, 0, f"fewer than the {n} entries its first line counts")
    return cut


class Slice:
    __slots__ = ("name", "start", "dur", "track", "depth", "parent", "open",
                 "folded", "lineno", "children", "orphan", "no_return",
                 "text_start", "text_dur")

    def __init__(self, name, start, dur, track, depth, parent, lineno):
        self.name = name
        self.start = start
        self.dur = dur
        self.track = track
        self.depth = depth
        self.parent = parent
        self.open = False
        self.folded = 0
        self.lineno = lineno
        self.children = None
        self.orphan = False
        self.no_return = False
        self.text_start = start    # as the text has them
        self.text_dur = dur


class Timeline:
    """Slices on tracks: (cpu, task) for each CPU a task ran its calls on."""

    def __init__(self, path):
        self.path = path
        self.slices = []
        self.instants = []      # (ts, track, text)
        self.tracks = {}        # (cpu, comm, pid) -> index
        self.end = 0
        self.start = None
        self.open_why = "still open where the trace ends"
        self.has_durations = True

    def track(self, cpu, task):
        key = (cpu,) + (task if task else ("CPU %d" % cpu, -1))
        idx = self.tracks.get(key)
        if idx is None:
            idx = self.tracks[key] = len(self.tracks)
        return idx


def lost_return(s, ts):
    """A call whose return the trace lost: it ends where its caller's next call starts."""
    if s.start is None or ts is None:
        return              # untimed: not drawn
    s.dur = max(ts - s.start, 0)
    s.no_return = True


def first_switch(tl, stacks, loose, line):
    """A CPU's first context switch names the task that ran there before.

    The graph tracer shows no task for the calls before it (without
    funcgraph-proc): they were that task's.
    """
    comm, pid = line.text
    old = (line.cpu, "CPU %d" % line.cpu, -1)
    new = (line.cpu, comm, pid)
    if old in tl.tracks and new not in tl.tracks:
        tl.tracks[new] = tl.tracks.pop(old)
    if pid != 0:
        for table in (stacks, loose):
            calls = table.pop(("cpu", line.cpu), None)
            if calls:
                table.setdefault(("pid", pid), []).extend(calls)


def build(path, lines, tracer, crash, untimed=0):
    """The slices of the lines; those before untimed (an index) have no time:
    no slice, but the return of one of their calls is that call's."""
    tl = Timeline(path)
    tl.has_durations = tracer == "function_graph"
    if crash:
        tl.open_why = "still open when the kernel stopped"
    stacks = {}                 # task key -> [Slice]
    loose = {}                  # task key -> [Slice]
    running = {}                # cpu -> task, from the context switch lines
    last_task = {}              # cpu -> the task of its last line
    cpu_end = {}                # track -> its last time
    # The time of the next line with one: a call without callees ends
    # before it
    # on its CPU
    after = [None] * len(lines)
    nxt = {}
    for i in range(len(lines) - 1, -1, -1):
        after[i] = nxt.get(lines[i].cpu)
        if lines[i].ts is not None and lines[i].kind != "note":
            nxt[lines[i].cpu] = lines[i].ts
    for i, line in enumerate(lines):
        ts = line.ts
        if i < untimed:
            # Only its calls, on the stack for their returns
            if line.kind == "note":
                continue
            ts = None
            line = Line(line.lineno, line.kind, None, line.cpu, line.task, line.depth,
                        line.name, line.dur)
        if line.kind == "leaf" and ts is not None and after[i] is not None and \
           (line.dur is None or ts + line.dur > after[i] + NSEC_PER_USEC):
            # Its duration and the text's times disagree (a clock that
            # jumped), or it has none: it ends at the next line's time,
            # as the text's order says
            line.dur = max(after[i] - ts, 0)
        elif line.kind == "leaf" and line.dur is None:
            line.dur = 0
        if ts is not None:
            if tl.start is None or ts < tl.start:
                tl.start = ts
            end = ts + (line.dur or 0) if line.kind == "leaf" else ts
            tl.end = max(tl.end, end)
        if line.kind == "switch":
            if line.cpu not in running:
                first_switch(tl, stacks, loose, line)
            running[line.cpu] = line.task
            continue
        task = line.task or running.get(line.cpu)
        if line.kind == "note" and line.task is None and LOST.match(line.text):
            # Events lost on that CPU: the calls open there lose their
            # returns, which may be among them
            task = last_task.get(line.cpu)
        # The graph nests by task; the idle tasks (pid 0) are one a CPU.
        if task is None or task[1] == 0:
            skey = ("cpu", line.cpu)
        else:
            skey = ("pid", task[1])
        track = tl.track(line.cpu, task)
        if line.kind != "note":
            last_task[line.cpu] = task
            if ts is not None:
                cpu_end[track] = max(cpu_end.get(track, ts), ts + (line.dur or 0)
                                     if line.kind == "leaf" else ts)
        if line.kind == "note":
            if LOST.match(line.text):
                for c in stacks.get(skey, []):
                    lost_return(c, ts)
                stacks[skey] = []
                loose[skey] = []
            if ts is not None:
                tl.instants.append((ts, track, line.text))
            continue
        if line.kind == "call":
            s = Slice(line.name, ts, 0, track, 0, None, line.lineno)
            tl.slices.append(s)
            continue
        stack = stacks.setdefault(skey, [])
        # Calls below depth 0 without a caller in the trace yet: a return
        # without its call (lost, or before the trace) adopts them
        adrift = loose.setdefault(skey, [])
        if line.kind in ("entry", "leaf"):
            # Calls of depth not below this one lost their returns
            while stack and stack[-1].depth >= line.depth:
                lost_return(stack.pop(), ts)
            if ts is None and line.kind == "leaf":
                continue
            parent = stack[-1] if stack else None
            if ts is None:
                # Untimed: a slice only if its return comes
                stack.append(Slice(line.name, None, None, track, line.depth, parent,
                                   line.lineno))
                continue
            s = Slice(line.name, ts, line.dur if line.kind == "leaf" else None,
                      track, line.depth, parent, line.lineno)
            if line.kind == "leaf":
                s.text_dur = line.text_dur
            tl.slices.append(s)
            if parent is None and line.depth > 0:
                adrift.append(s)
            if line.kind == "entry":
                stack.append(s)
            continue
        # A return: of the call open at its depth
        while stack and stack[-1].depth > line.depth:
            lost_return(stack.pop(), ts)
        if ts is None:
            # Untimed, of an untimed call: neither is drawn
            if stack and stack[-1].depth == line.depth:
                stack.pop()
            continue
        if stack and stack[-1].depth == line.depth and \
           (not line.name or line.name == stack[-1].name):
            s = stack.pop()
            s.text_dur = line.dur
            if s.start is None:
                # An untimed call: from its return's time and duration
                s.start = s.text_start = ts - (line.dur or 0)
                s.dur = line.dur or 0
                s.orphan = True
                tl.slices.append(s)
                continue
            diff = None if line.dur is None else abs(ts - s.start - line.dur)
            if diff is not None and diff <= NSEC_PER_USEC:
                # The duration (in ns) says where in its us the call began
                s.start = max(s.start, ts - line.dur)
                s.dur = line.dur
            elif diff is not None and diff <= 3 * NSEC_PER_USEC:
                # Times from two traces (early_boot's and the boot trace's,
                # and the zero between them), each cut to the us
                s.dur = line.dur
            else:
                # The text's times and its duration disagree (a clock
                # that jumped): the slice goes from the call's time to
                # its return's, as those of the other calls do
                s.dur = max(ts - s.start, 0)
            continue
        # Its call is not in the trace (lost, or before it began)
        parent = stack[-1] if stack else None
        s = Slice(line.name or "(call before the trace)", ts - (line.dur or 0), line.dur or 0,
                  track, line.depth, parent, line.lineno)
        s.orphan = True
        tl.slices.append(s)
        for c in adrift:
            if c.depth == line.depth + 1:
                c.parent = s
        adrift[:] = [c for c in adrift if c.depth <= line.depth]
        if parent is None and line.depth > 0:
            adrift.append(s)
    # Open where the trace of their task on that CPU ends (each CPU's
    # buffer fills at its own time)
    for stack in stacks.values():
        for s in stack:
            if s.start is not None:
                s.dur = max(cpu_end.get(s.track, tl.end) - s.start, 0)
                s.open = True
    # Untimed calls that never returned are not drawn: their callees
    # have no caller
    for s in tl.slices:
        while s.parent is not None and s.parent.start is None:
            s.parent = s.parent.parent
    if tl.start is None:
        raise InputError(path, 0, "no entry with a time")
    if tl.has_durations:
        nest(tl)
    return tl


def nest(tl):
    """Make the slices nest exactly, as viewers need.

    The text's times are cut to the microsecond, its durations are not: a
    call may seem to start before the one before it ends, or a callee to
    end after its caller.  Each call gets the earliest start that its
    text's time, its caller, the call before it and its own callees allow
    (never later than its real start, which meets them all), its duration
    unchanged; a call left open still reaches where it ended.  Should
    durations rounded in the text not fit at all, a callee is cut to fit.
    """
    roots = {}
    for s in tl.slices:
        s.children = None
    for s in tl.slices:
        if s.parent is None:
            roots.setdefault(s.track, []).append(s)
        else:
            if s.parent.children is None:
                s.parent.children = []
            s.parent.children.append(s)
    fixed_end = {id(s): s.start + s.dur for s in tl.slices if s.open or s.no_return}
    families = [sorted(r, key=lambda s: s.start) for r in roots.values()]
    for s in tl.slices:
        if s.children:
            s.children.sort(key=lambda c: c.start)

    def move(s, x):
        end = fixed_end.get(id(s))
        s.start = x
        if end is not None:
            s.dur = max(end - x, 0)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

    def place(children, parent):
        changed = False
        floor = parent.start if parent else None
        for c in children:
            if floor is not None and c.start < floor:
                move(c, floor)
                changed = True
            if c.children:
                changed |= place(c.children, c)
                need = max(k.start + k.dur for k in c.children)
                if id(c) not in fixed_end and need > c.start + c.dur:
                    move(c, need - c.dur)
                    changed = True
            floor = c.start + c.dur
        return changed

    for _ in range(20):
        if not any([place(f, None) for f in families]):
            break
    # Whatever still does not fit (durations rounded in the text); and
    # strictly: a call ends 1 ns before its caller at the latest, starts
    # 1 ns after the call before it at the earliest, and lasts 1 ns at
    # least, as viewers that turn slices into begin and end events need
    # (speedscope orders equal times by its own rules)
    work = [(None, f) for f in families]
    while work:
        parent, children = work.pop()
        top = parent.start + parent.dur - 1 if parent else None
        prev_end = None
        for c in children:
            c.dur = max(c.dur, 1)
            lo = prev_end + 1 if prev_end is not None else parent.start if parent else None
            if lo is not None and c.start < lo:
                c.start = lo
            if top is not None and c.start + c.dur > top:
                c.start = max(top - c.dur, lo)
                c.dur = max(top - c.start, 0)
            prev_end = c.start + c.dur
            if c.children:
                work.append((c, c.children))


def fold(tl, below_ns):
    """Fold the calls shorter than below_ns into their parents, counting them."""
    keep = []
    gone = set()
    top_folded = {}
    for s in tl.slices:
        p = s.parent
        if p is not None and id(p) in gone:
            gone.add(id(s))
            while p is not None and id(p) in gone:
                p = p.parent
        elif s.dur is not None and s.dur < below_ns and not s.open:
            gone.add(id(s))
        else:
            keep.append(s)
            continue
        # Counted by the nearest kept ancestor (or the track)
        if p is not None:
            p.folded += 1
        else:
            top_folded[s.track] = top_folded.get(s.track, 0) + 1
    tl.slices = keep
    for track, n in sorted(top_folded.items()):
        tl.instants.append((tl.end, track, f"{n} calls shorter than "
                            f"{below_ns / NSEC_PER_USEC:g} us folded, outside any call kept"))


def units(ns):
    """ns in the JSON's unit, 1/1024 us, which a double holds exactly, so
    that a viewer's start + duration is the end written here (decimal
    fractions of a us would round, and reorder equal times)."""
    return (ns * 1024 + 500) // 1000 if ns >= 0 else -((-ns * 1024 + 500) // 1000)


def us_text(q):
    """A number of 1/1024 us as the JSON's microseconds."""
    if q < 0:
        return "-" + us_text(-q)
    whole, frac = divmod(q, 1024)
    return "%d" % whole if not frac else ("%d.%010d" % (whole, frac * 9765625)).rstrip("0")


def us(ns):
    return us_text(units(ns))


def span_us(start, dur):
    """A duration as the difference of its ends in the JSON's units."""
    return us_text(units(start + dur) - units(start))


def write_json(tl, out, timebase, what, no_args=False):
    """Chrome trace-event JSON: a process a CPU, a thread a task on it."""
    names = {}
    w = out.write
    w('{"displayTimeUnit":"ns","otherData":%s,"traceEvents":[\n' %
      json.dumps({"source": what, "times": "from " + timebase}))
    first = True

    def emit(s):
        nonlocal first
        w(("" if first else ",\n") + s)
        first = False

    cpus = sorted({key[0] for key in tl.tracks})
    for cpu in cpus:
        emit('{"ph":"M","name":"process_name","pid":%d,"args":{"name":"CPU %d"}}' % (cpu + 1, cpu))
        emit('{"ph":"M","name":"process_sort_index","pid":%d,"args":{"sort_index":%d}}'
             % (cpu + 1, cpu))
    for key, idx in sorted(tl.tracks.items(), key=lambda kv: kv[1]):
        cpu, comm, pid = key
        label = comm if pid < 0 else ("%s-%d" % (comm, pid))
        emit('{"ph":"M","name":"thread_name","pid":%d,"tid":%d,"args":{"name":%s}}'
             % (cpu + 1, idx + 1, json.dumps(label)))
        emit('{"ph":"M","name":"thread_sort_index","pid":%d,"tid":%d,"args":{"sort_index":%d}}'
             % (cpu + 1, idx + 1, idx))
    track_cpu = {idx: key[0] for key, idx in tl.tracks.items()}
    order = sorted(tl.slices, key=lambda s: (s.track, s.start, -(s.dur or 0)))
    for s in order:
        name = names.get(s.name)
        if name is None:
            name = names[s.name] = json.dumps(s.name)
        pid = track_cpu[s.track] + 1
        if not tl.has_durations:
            emit('{"ph":"i","s":"t","name":%s,"ts":%s,"pid":%d,"tid":%d}'
                 % (name, us(s.start), pid, s.track + 1))
            continue
        args = []
        # Where the picture is not the text, the text's values
        if s.text_start is not None and abs(s.start - s.text_start) > NSEC_PER_USEC:
            args.append('"time in the text":%s' % us(s.text_start))
        if s.text_dur is not None and abs(s.dur - s.text_dur) > NSEC_PER_USEC:
            args.append('"duration in the text":%s' % us(s.text_dur))
        if s.open:
            args.append('"open":%s' % json.dumps(tl.open_why))
        if s.folded:
            args.append('"folded calls":%d' % s.folded)
        if s.orphan:
            args.append('"entry":"not in the trace"')
        if s.no_return:
            args.append('"return":"not in the trace"')
        if no_args:
            args = []
        emit('{"ph":"X","name":%s,"ts":%s,"dur":%s,"pid":%d,"tid":%d%s%s}'
             % (name, us(s.start), span_us(s.start, s.dur or 0), pid, s.track + 1,
                ',"cat":"open"' if s.open else "",
                ',"args":{%s}' % ",".join(args) if args else ""))
    for ts, track, text in sorted(tl.instants, key=lambda i: (i[1], i[0])):
        emit('{"ph":"i","s":"t","name":%s,"ts":%s,"pid":%d,"tid":%d}'
             % (json.dumps(text[:200]), us(ts), track_cpu[track] + 1, track + 1))
    w("\n]}\n")


def colour(name):
    h = zlib.crc32(name.encode())
    return "hsl(%d,%d%%,%d%%)" % (h % 360, 45 + (h >> 9) % 30, 62 + (h >> 17) % 14)


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def ms(ns):
    return "%.3f ms" % (ns / 1e6)


def tick(ns):
    """An axis label: 0, 250 ms, 1.5 s"""
    if ns >= NSEC_PER_SEC:
        return "%g s" % (ns / 1e9)
    return "%g ms" % (ns / 1e6)


def write_svg(tl, out, timebase, depth, span_ns, title):
    """start_kernel()'s phases: the boot task's calls, depth rows, over span_ns.

    Calls narrower than a quarter of a pixel are counted, not drawn; a
    stretch with no call in row 0 is grey; the tracer's lines about calls
    it did not record are red marks above the rows.
    """
    if not tl.has_durations:
        raise InputError(tl.path, 0, "the drawing needs the function_graph tracer's durations")
    if not tl.slices:
        raise InputError(tl.path, 0, "no call to draw")
    first = min(tl.slices, key=lambda s: (s.start, s.track))
    track = first.track
    t0 = first.start
    t1 = min(t0 + span_ns, max(s.start + (s.dur or 0) for s in tl.slices if s.track == track))
    span = max(t1 - t0, 1)
    width, left, row, top = 1400, 10, 22, 72
    inside = [s for s in tl.slices if s.track == track and s.depth < depth and
              s.start < t1 and s.start + (s.dur or 0) > t0]
    rows = [s for s in inside if width * (min(s.start + s.dur, t1) - max(s.start, t0)) / span
            >= 0.25]
    hidden = len(inside) - len(rows)
    phases = sorted((s for s in inside if s.depth == 0),
                    key=lambda s: -(min(s.start + s.dur, t1) - max(s.start, t0)))
    listed = phases[:24]
    height = top + depth * row + 56 + 18 * (len(listed) + 2)
    x_of = lambda t: left + width * (t - t0) / span
    w = out.write
    w('<?xml version="1.0" encoding="UTF-8"?>\n')
    w('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
      'font-family="sans-serif" font-size="11">\n' % (width + 2 * left, height))
    w('<rect width="100%" height="100%" fill="white"/>\n')
    w('<text x="%d" y="20" font-size="15">%s</text>\n' % (left, esc(title)))
    w('<text x="%d" y="38">%s from %.6f s (from %s), calls %d deep; the share is of '
      'that time%s</text>\n'
      % (left, ms(span), t0 / 1e9, timebase, depth,
         "; %d calls too short to draw at this scale" % hidden if hidden else ""))
    # The time axis
    step = 10 ** max(len(str(span // 10)) - 1, 0)
    for mult in (1, 2, 5, 10):
        if span / (step * mult) <= 12:
            step *= mult
            break
    t = 0
    while t <= span:
        x = left + width * t / span
        w('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ccc"/>\n'
          % (x, top - 8, x, top + depth * row))
        w('<text x="%.1f" y="%d" fill="#555">%s</text>\n' % (x + 2, top - 10, tick(t)))
        t += step
    # Where row 0 has no call: the tracer recorded none there
    at = t0
    for s in sorted((s for s in inside if s.depth == 0), key=lambda s: s.start) + [None]:
        stop = s.start if s else t1
        if stop - at > span // 50:
            w('<g><title>no call recorded for %s</title><rect x="%.2f" y="%d" width="%.2f" '
              'height="%d" fill="#eee"/></g>\n'
              % (ms(stop - at), x_of(at), top, x_of(stop) - x_of(at), depth * row - 2))
        if s:
            at = max(at, s.start + s.dur)
    for s in rows:
        a = max(s.start, t0)
        b = min(s.start + s.dur, t1)
        x = x_of(a)
        wd = max(width * (b - a) / span, 0.3)
        y = top + s.depth * row
        tip = "%s: %s (%.1f %% of the span)%s" % (
            s.name, ms(s.dur), 100.0 * (b - a) / span, ", " + tl.open_why if s.open else "")
        w('<g><title>%s</title><rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"%s/>'
          % (esc(tip), x, y, wd, row - 2, colour(s.name),
             ' stroke="#c00" stroke-dasharray="3,2"' if s.open else ""))
        if wd > 60:
            label = s.name
            room = int((wd - 6) / 6.2)
            if len(label) > room:
                label = label[:max(room - 1, 1)] + "\u2026"
            w('<text x="%.2f" y="%d">%s</text>' % (x + 3, y + row - 7, esc(label)))
        w('</g>\n')
    # The tracer's lines about calls it did not record, or folded
    for ts, trk, text in tl.instants:
        if trk == track and t0 <= ts <= t1 and re.search(r"calls (not recorded|folded)", text):
            x = x_of(ts)
            w('<g><title>%s</title><path d="M%.1f %d l-4 -7 h8 z" fill="#c00"/></g>\n'
              % (esc(text), x, top - 1))
    y = top + depth * row + 30
    w('<text x="%d" y="%d" font-size="13">the phases (calls of row 0), longest first</text>\n'
      % (left, y))
    y += 20
    for s in listed:
        share = min(s.start + s.dur, t1) - max(s.start, t0)
        w('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (left, y - 9, colour(s.name)))
        w('<text x="%d" y="%d">%s</text><text x="%d" y="%d">%s%s</text>'
          '<text x="%d" y="%d">%.1f %%</text>\n'
          % (left + 16, y, esc(s.name), left + 380, y, ms(s.dur),
             " (open)" if s.open else "", left + 520, y, 100.0 * share / span))
        y += 18
    w('</svg>\n')


def write_file(path, write):
    """Write path whole or not at all."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="The text of a function_graph trace (funcgraph-abstime), a function "
        "trace, or a console log with the very early tracer's crash dump, as Chrome "
        "trace-event JSON (Perfetto UI, chrome://tracing, speedscope) and an SVG of "
        "start_kernel()'s phases.")
    ap.add_argument("trace", help="the trace text, or the console log")
    ap.add_argument("-e", "--early-boot", metavar="FILE",
                    help="instances/early_boot/trace: the entries the boot trace has no "
                    "time for, with their times")
    ap.add_argument("--skip-untimed", action="store_true",
                    help="without early_boot: leave out the entries the boot trace has no "
                    "time for")
    ap.add_argument("-o", "--output", metavar="JSON", help="the JSON (default: stdout)")
    ap.add_argument("--svg", metavar="FILE", help="also draw start_kernel()'s phases")
    ap.add_argument("--depth", type=int, default=4, help="rows of calls in the drawing (4)")
    ap.add_argument("--span", type=float, default=1.0, metavar="SECONDS",
                    help="the time the drawing shows, from the first call (1 s)")
    ap.add_argument("--no-args", action="store_true",
                    help="slices without their arguments (speedscope makes them part of "
                    "the name, which splits a function's calls)")
    ap.add_argument("--fold-below", type=float, default=0, metavar="US",
                    help="fold calls shorter than US microseconds into their parent, "
                    "which counts them (for viewers that need fewer slices)")
    args = ap.parse_args(argv)
    if args.depth < 1 or args.span <= 0 or args.fold_below < 0:
        ap.error("--depth must be at least 1, --span and --fold-below not negative")
    try:
        trace = read_trace(args.trace)
        early = read_trace(args.early_boot) if args.early_boot else None
        head, n = early_note(trace)
        timebase = "the trace clock's zero"
        if trace.crash:
            timebase = "the counter's zero"
        untimed = 0
        if early is not None:
            lines = merge_early(trace, early)
            if head is not None:
                timebase = "the counter's zero"
        elif head is not None and not args.skip_untimed:
            raise InputError(args.trace, head.lineno,
                             f"the first {n} entries have no time on the trace clock: give "
                             "instances/early_boot/trace too (-e FILE), or --skip-untimed")
        else:
            lines = trace.lines
            untimed = skip_untimed(trace)
        tl = build(args.trace, lines, trace.tracer, trace.crash, untimed)
        if args.fold_below:
            fold(tl, int(args.fold_below * NSEC_PER_USEC))
        what = "crash dump" if trace.crash else trace.tracer
        if args.svg and not tl.has_durations:
            raise InputError(args.trace, 0, "the drawing needs the function_graph "
                             "tracer's durations")
        if args.output:
            write_file(args.output, lambda f: write_json(tl, f, timebase, what, args.no_args))
        else:
            write_json(tl, sys.stdout, timebase, what, args.no_args)
        if args.svg:
            write_file(args.svg, lambda f: write_svg(
                tl, f, timebase, args.depth, int(args.span * NSEC_PER_SEC),
                "The boot, from start_kernel()'s first call"))
    except InputError as e:
        print("ftrace_timeline: " + str(e), file=sys.stderr)
        return 1
    except OSError as e:
        print("ftrace_timeline: %s: %s" % (e.filename, e.strerror), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
