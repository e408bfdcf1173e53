#!/usr/bin/python3
"""What Feedline tells assistive technology, read back over AT-SPI.

Starts the real app and checks, through AT-SPI only (pyatspi, as a screen
reader would see it):
  - the list is named after the feed;
  - every list row on screen is named "<title>, by <author>, <date>";
  - the STATUS-role label ("status bar") reads "N items" once idle;
  - after a real End key press reaches the bottom: the status bar reads
    "Loading more items…", the list is BUSY, the footer row holds a spinner
    named "Loading more items"; then the page arrives and all of it clears.

    test_accessible_names.py FEEDLINE [--latency MS] [--feed APP_FEED]
                             [--expect EXPECTED_FEED]

Without --feed the app opens its bundled sample (data/sample-feed.json).
The expected title, authors and dates come from --expect, else from the feed
the app opened. Needs an X display with xdotool and an accessibility bus
(build-aux/tests/test-accessibility.sh provides both), Debian's
/usr/bin/python3 with python3-pyatspi and gir1.2-atspi-2.0.

Prints one "ok - ..." / "not ok - ..." line per check and closes with
"N passed, M failed"; exits 1 on any failure. The app is always killed.

GTK 4.8 facts this relies on (see shared notes on accessibility): rows of a
GtkListView are "list item"s named only by what the app sets; GTK emits
events only for objects a client has fetched, so the tree is walked before
any key is pressed; libatspi's cache is turned off for the app so every
read is fresh; AT-SPI cannot move focus, so keys go through xdotool; only
windows carry "showing", so a row counts as on screen when its extents are
non-empty and overlap the list's.
"""

import argparse
import ctypes
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib  # pyatspi's own main loop library: delivers events

Atspi = pyatspi.Atspi

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE_FEED = os.path.join(REPO, "data", "sample-feed.json")
LOADING_STATUS = "Loading more items\u2026"
LOADING_LABEL = "Loading more items"
IDLE_STATUS = re.compile(r"^(\d+) items$")
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
RELATIVE_DATE = re.compile(r"^(just now|1 minute ago|\d+ minutes ago|1 hour ago|\d+ hours ago"
                           r"|yesterday|\d+ days ago)$")
ABSOLUTE_DATE = re.compile(r"^(\d{1,2}) ([A-Z][a-z]{2})(?: (\d{4}))?$")
MIN_VISIBLE_ROWS = 5


class Fatal(Exception):
    """A check failed that the checks after it depend on."""


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, message, detail=None):
        if ok:
            self.passed += 1
            print(f"ok - {message}", flush=True)
        else:
            self.failed += 1
            print(f"not ok - {message}", flush=True)
            if detail:
                for line in str(detail).splitlines():
                    print(f"#   {line}", flush=True)
        return ok

    def require(self, ok, message, detail=None):
        if not self.check(ok, message, detail):
            raise Fatal(message)

    @staticmethod
    def note(message):
        print(f"# {message}", flush=True)


def one_line(text):
    return " ".join((text or "").split())


def load_expectations(path):
    with open(path, encoding="utf-8") as f:
        feed = json.load(f)
    items = []
    for raw in feed.get("items", []):
        author = (raw.get("authors") or [raw.get("author") or {}])[0].get("name")
        published = raw.get("date_published")
        date = None
        if published:
            date = datetime.datetime.fromisoformat(published.replace("Z", "+00:00")).astimezone()
        items.append({"title": one_line(raw.get("title")) or "Untitled",
                      "author": one_line(author) if author else None, "date": date})
    return one_line(feed.get("title")), items


def date_matches(spoken, date):
    """Whether SPOKEN is how the app says DATE: relative, or "10 Sep [2022]"."""
    if RELATIVE_DATE.match(spoken):
        return True
    match = ABSOLUTE_DATE.match(spoken)
    if not match or date is None:
        return False
    day, month, year = match.groups()
    if int(day) != date.day or month != MONTHS[date.month - 1]:
        return False
    same_year = date.year == datetime.datetime.now().astimezone().year
    return (year is None) == same_year and (year is None or int(year) == date.year)


def row_problem(name, items):
    """None if NAME is "<title>, by <author>, <date>" for an item, else why not."""
    if not name:
        return "the row's accessible name is empty"
    prefixes = []
    for item in items:
        prefix = f"{item['title']}, by {item['author']}, " if item["author"] else f"{item['title']}, "
        if name.startswith(prefix):
            prefixes.append(prefix)
            if date_matches(name[len(prefix):], item["date"]):
                return None
    if prefixes:
        return f"'{prefixes[0]}' is followed by '{name[len(prefixes[0]):]}', not the item's date"
    same_title = [item for item in items if name.startswith(f"{item['title']},") or name == item["title"]]
    if same_title:
        item = same_title[0]
        return f"expected '{item['title']}, by {item['author']}, <date>' for the item titled '{item['title']}'"
    return "no feed item has that title"


# AT-SPI helpers ------------------------------------------------------------

def pump():
    """Lets libatspi deliver the events it has queued."""
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def safe(read, default=None):
    try:
        return read()
    except Exception:  # the object went away (rows are recycled) or has no such interface
        return default


def children(obj):
    result = []
    for i in range(safe(lambda: obj.childCount, 0)):
        child = safe(lambda: obj.getChildAtIndex(i))
        if child is not None:
            result.append(child)
    return result


def walk(obj, depth=0):
    """Every object under OBJ, fetched now (GTK 4.8 only tells clients about
    changes to objects they have fetched)."""
    yield obj
    if depth < 40:
        for child in children(obj):
            yield from walk(child, depth + 1)


def role(obj):
    return safe(obj.getRole)


def has_state(obj, state):
    return bool(safe(lambda: obj.getState().contains(state), False))


def states(obj):
    return sorted(pyatspi.stateToString(s) for s in safe(lambda: obj.getState().getStates(), []))


def extents(obj):
    box = safe(lambda: obj.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
    return (box.x, box.y, box.width, box.height) if box else None


def on_screen(obj, viewport):
    box = extents(obj)
    if not box or not viewport or box[2] <= 0 or box[3] <= 0:
        return False
    x, y, w, h = box
    vx, vy, vw, vh = viewport
    return x < vx + vw and vx < x + w and y < vy + vh and vy < y + h


def describe(obj):
    return f"[{safe(obj.getRoleName, '?')}] {safe(lambda: obj.name, '?')!r} {states(obj)}"


def text_of(obj):
    def read():
        text = obj.queryText()
        return text.getText(0, text.characterCount)
    return safe(read)


def poll(probe, timeout, interval=0.05):
    """Calls PROBE until it returns (True, value) or TIMEOUT seconds pass.
    Returns (done, last value seen)."""
    deadline = time.monotonic() + timeout
    value = None
    while True:
        pump()
        done, value = probe()
        if done or time.monotonic() >= deadline:
            return done, value
        time.sleep(interval)


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in children(desktop):
        if safe(app.get_process_id) == pid:
            return app
    return None


def first(app, wanted_role, name=None):
    for obj in walk(app):
        if role(obj) == wanted_role and (name is None or safe(lambda: obj.name) == name):
            return obj
    return None


def rows_of(the_list):
    return [c for c in children(the_list) if role(c) == pyatspi.ROLE_LIST_ITEM]


def focused_object(app):
    for obj in walk(app):
        if has_state(obj, pyatspi.STATE_FOCUSED):
            return obj
    return None


def xdotool(*args, timeout=15):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=timeout)


# The test ------------------------------------------------------------------

def run(args, report, app_pid):
    title, items = load_expectations(args.expect or args.feed or SAMPLE_FEED)
    slow = args.latency / 1000
    report.note(f"expecting feed '{title}' with {len(items)} items; page latency {args.latency} ms")

    found, app = poll(lambda: (lambda a: (a is not None, a))(find_app(app_pid)), 10, 0.1)
    report.require(found, f"the app (pid {app_pid}) is in the AT-SPI desktop",
                   "no application on the accessibility bus has that process id")
    # Every read below goes to the app: libatspi's cache relies on events
    # that GTK 4.8 sends only for objects already fetched.
    app.set_cache_mask(Atspi.Cache.NONE)

    # The list, named after the feed once its first page is in.
    def named_list():
        lists = [o for o in walk(app) if role(o) == pyatspi.ROLE_LIST]
        match = [o for o in lists if safe(lambda: o.name) == title]
        return bool(match), (match[0] if match else [safe(lambda: o.name) for o in lists])
    found, the_list = poll(named_list, 10 + 3 * slow, 0.2)
    report.require(found, f"the list (role 'list') is named '{title}'",
                   f"lists seen and their names: {the_list}")

    # Idle: "N items", no BUSY, and still so a second later (the app may
    # prefetch a second page right after the first).
    status_bar = first(app, pyatspi.ROLE_STATUS_BAR)
    report.require(status_bar is not None, "a status bar (a label with the STATUS role) exists",
                   "no object with role 'status bar' in the tree")
    calm_since = [None]

    def settled():
        name = safe(lambda: status_bar.name, "")
        idle = bool(IDLE_STATUS.match(name)) and not has_state(the_list, pyatspi.STATE_BUSY)
        if not idle:
            calm_since[0] = None
        elif calm_since[0] is None:
            calm_since[0] = time.monotonic()
        return idle and time.monotonic() - calm_since[0] >= 1.0, name
    found, status = poll(settled, 10 + 4 * slow)
    report.require(found, f"once idle the status bar reads 'N items': '{status}'",
                   f"last status bar name: '{status}' (list states {states(the_list)})")
    loaded = int(IDLE_STATUS.match(status).group(1))
    text = text_of(status_bar)
    report.check(text == status, f"the status bar's Text interface says the same: '{text}'",
                 f"Text interface gave {text!r}, name is {status!r}")

    # The rows on screen, each named "<title>, by <author>, <date>".
    viewport = extents(the_list)
    rows = rows_of(the_list)
    visible = [r for r in rows if on_screen(r, viewport)]
    report.note(f"the list has {len(rows)} 'list item' children; {len(visible)} on screen "
                f"(list extents {viewport})")
    report.check(len(visible) >= MIN_VISIBLE_ROWS,
                 f"at least {MIN_VISIBLE_ROWS} list rows are on screen ({len(visible)})",
                 f"rows: {[describe(r) + ' ' + str(extents(r)) for r in rows[:12]]}")
    for index, row in enumerate(visible, 1):
        name = safe(lambda: row.name, "")
        problem = row_problem(name, items)
        report.check(problem is None, f"row {index} is named '{name}'",
                     f"{problem} (rows are named '<title>, by <author>, <date>')")

    # From here on, listen too: these events are what a screen reader hears.
    events = []

    def on_event(event):
        source = event.source
        events.append((time.monotonic(), event.type, event.detail1,
                       safe(lambda: source.getRoleName(), "?"), safe(lambda: source.name, "?")))
    kinds = ("object:state-changed:busy", "object:property-change:accessible-name",
             "object:state-changed:focused")
    pyatspi.Registry.registerEventListener(on_event, *kinds)
    try:
        keyboard_checks(app, the_list, status_bar, title, items, loaded, slow, report, events)
    finally:
        pyatspi.Registry.deregisterEventListener(on_event, *kinds)


def keyboard_checks(app, the_list, status_bar, title, items, loaded, slow, report, events):
    window = xdotool("search", "--sync", "--limit", "1", "--name", f"^{re.escape(title)}$",
                     "windowfocus", "--sync")
    report.require(window.returncode == 0,
                   f"xdotool finds the window titled '{title}' and focuses it",
                   f"xdotool exited {window.returncode}: {window.stderr.strip()}")

    # How keyboard focus reaches the list: Tab until a row has focus.
    before = focused_object(app)
    report.note(f"focus before any key: {describe(before) if before else 'nothing reports focused'}")
    row = None
    for presses in range(1, 7):
        xdotool("key", "Tab")

        def row_focused():
            obj = focused_object(app)
            moved = obj is not None and obj != before
            return moved and role(obj) == pyatspi.ROLE_LIST_ITEM, obj
        found, obj = poll(row_focused, 3, 0.1)
        if found:
            row = obj
            break
        report.note(f"after Tab {presses}: focus on {describe(obj) if obj else 'nothing'}")
        before = obj
    report.require(row is not None, "Tab puts keyboard focus on a list row",
                   "no 'list item' got the focused state after 6 Tab presses")
    report.note(f"{presses} Tab press(es); focus now on {describe(row)}")

    # End: focus to the last loaded row, which reaches the bottom, and the
    # next page starts loading.
    started = time.monotonic()
    events.clear()
    xdotool("key", "End")
    seen = {}

    def loading():
        name = safe(lambda: status_bar.name, "")
        if name == LOADING_STATUS:
            seen.setdefault("status", time.monotonic() - started)
        if has_state(the_list, pyatspi.STATE_BUSY):
            seen.setdefault("busy", time.monotonic() - started)
        tail = rows_of(the_list)[-3:]
        for obj in (o for r in tail for o in walk(r)):
            if safe(lambda: obj.name) == LOADING_LABEL:
                kind = {pyatspi.ROLE_LIST_ITEM: "footer", pyatspi.ROLE_LABEL: "label"}.get(role(obj), "spinner")
                seen.setdefault(kind, (time.monotonic() - started, describe(obj)))
        focus = [r for r in tail if has_state(r, pyatspi.STATE_FOCUSED)]
        if focus:
            seen["focus"] = safe(lambda: focus[0].name, "")
        everything = {"status", "busy", "footer", "spinner", "focus"} <= seen.keys()
        ended = "status" in seen and bool(IDLE_STATUS.match(name))
        return everything or ended, name
    poll(loading, 10, 0.02)

    last = items[loaded - 1] if 0 < loaded <= len(items) else None
    expected_focus = f"{last['title']}, by {last['author']}, " if last else "?"
    report.check(seen.get("focus", "").startswith(expected_focus),
                 f"End moves focus to the last loaded row (row {loaded}): '{seen.get('focus')}'",
                 f"expected a focused row named '{expected_focus}…'")
    report.check("status" in seen,
                 f"after End the status bar reads '{LOADING_STATUS}'"
                 + (f" ({seen['status']:.2f} s after the key)" if "status" in seen else ""),
                 f"status bar name was '{safe(lambda: status_bar.name)}'")
    report.check("busy" in seen, "the list has the BUSY state while the page loads"
                 + (f" ({seen['busy']:.2f} s)" if "busy" in seen else ""),
                 f"list states: {states(the_list)}")
    report.check("footer" in seen, f"the last row is a footer named '{LOADING_LABEL}'"
                 + (f": {seen['footer'][1]}" if "footer" in seen else ""),
                 f"last rows: {[describe(r) for r in rows_of(the_list)[-3:]]}")
    report.check("spinner" in seen, f"the footer holds a spinner named '{LOADING_LABEL}'"
                 + (f": {seen['spinner'][1]}" if "spinner" in seen else ""),
                 f"footer subtree: {[describe(o) for r in rows_of(the_list)[-1:] for o in walk(r)]}")

    if "label" in seen:
        report.note(f"the footer's text: {seen['label'][1]}")

    # The page arrives: "M items" with M > N, BUSY gone, footer gone.
    def arrived():
        name = safe(lambda: status_bar.name, "")
        match = IDLE_STATUS.match(name)
        done = bool(match) and int(match.group(1)) > loaded and not has_state(the_list, pyatspi.STATE_BUSY)
        return done, name
    found, status = poll(arrived, 10 + 2 * slow)
    report.check(found, f"when the page arrives the status bar reads '{status}' and BUSY is gone "
                 f"({time.monotonic() - started:.2f} s after End)",
                 f"status '{status}', list states {states(the_list)}; expected more than {loaded} items")
    footers = [r for r in rows_of(the_list) if safe(lambda: r.name) == LOADING_LABEL]
    report.check(not footers, "the loading footer row is gone",
                 f"still there: {[describe(r) for r in footers]}")

    pump()
    for at, kind, detail, source_role, name in events:
        if kind != "object:state-changed:focused" or detail:
            report.note(f"event +{at - started:.2f} s {kind} {detail} [{source_role}] {name!r}")


def die_with_parent(sig):
    """Has the kernel send SIG to this process when its parent dies, so
    nothing is left behind even if the wrapper is killed outright."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(sig), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("feedline", help="the feedline binary")
    parser.add_argument("--latency", type=int, default=1500, help="ms per page (default 1500)")
    parser.add_argument("--feed", help="a JSON Feed for the app to open instead of its sample")
    parser.add_argument("--expect", help="the JSON Feed the names are checked against "
                        "(default: the one the app opens)")
    args = parser.parse_args()

    # `timeout` sends SIGTERM: turn it into an exception so `finally` runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("test_accessible_names: terminated"))
    die_with_parent(signal.SIGTERM)

    report = Report()
    command = [args.feedline, "--latency", str(args.latency)]
    if args.feed:
        command += ["--feed", args.feed]
    log = tempfile.TemporaryFile(mode="w+")
    app = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                           preexec_fn=lambda: die_with_parent(signal.SIGKILL))
    report.note(f"started {' '.join(command)} (pid {app.pid})")
    pid_file = os.environ.get("FEEDLINE_A11Y_PIDFILE")
    if pid_file:
        with open(pid_file, "w") as f:
            f.write(f"{app.pid}\n")
    started = time.monotonic()
    try:
        run(args, report, app.pid)
    except Fatal:
        report.note("stopping: later checks depend on that one")
    except Exception as error:  # an AT-SPI or D-Bus error is a failure, not a crash
        report.check(False, f"the test ran to the end ({type(error).__name__})", repr(error))
    finally:
        if app.poll() is not None:
            report.check(False, "the app kept running during the test", f"it exited {app.returncode}")
        app.kill()
        app.wait()
        log.seek(0)
        output = log.read().strip()
        if report.failed and output:
            report.note("app output:")
            for line in output.splitlines()[-20:]:
                report.note(f"  {line}")
    report.note(f"took {time.monotonic() - started:.1f} s")
    print(f"{report.passed} passed, {report.failed} failed", flush=True)
    return 1 if report.failed or report.passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
