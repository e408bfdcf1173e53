"""Shared helpers for Feedline's AT-SPI tests (no checks of its own).

What is here: the report (ok / not ok lines, and the expected failures of
the negative control), feeds written and served (an HTTP server on
127.0.0.1), reading the tree through pyatspi, polling with deadlines, the
event recorder (focus, descriptions, announcements), real key presses
through xdotool, and starting and stopping the app.

GTK 4.8 facts this relies on (see the shared notes on accessibility): rows
of a GtkListView are "list item"s named only by what the app sets; GTK
emits events only for objects a client has fetched or that have focus, so
the tree is walked before listening; libatspi's cache is turned off for the
app so every read is fresh; AT-SPI cannot move focus, so keys go through
xdotool; only windows carry "showing", so a row counts as on screen when
its extents are non-empty and overlap the list's.
"""

import ctypes
import datetime
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pyatspi
from gi.repository import GLib  # pyatspi's own main loop library: delivers events

Atspi = pyatspi.Atspi

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE_FEED = os.path.join(REPO, "data", "sample-feed.json")
LOADING_STATUS = "Loading more items\u2026"
LOADING_LABEL = "Loading more items"
IDLE_STATUS = re.compile(r"^(\d+) items$")

DESCRIPTION_CHANGED = "object:property-change:accessible-description"
ANNOUNCEMENT = "object:announcement"  # GTK 4.14+ (gtk_accessible_announce)
FOCUS_CHANGED = "object:state-changed:focused"


class Fatal(Exception):
    """A check failed that the checks after it depend on."""


class Report:
    """Prints one "ok - ..." / "not ok - ..." line per check.

    With `announcements_off` (the negative control: the app runs with
    FEEDLINE_ANNOUNCE=0), a check marked `announcement=True` is EXPECTED to
    fail: its failure counts as expected, its passing as a failure."""

    def __init__(self, announcements_off=False):
        self.announcements_off = announcements_off
        self.passed = 0
        self.failed = 0
        self.expected_failures = 0
        self.unexpected_passes = 0

    def check(self, ok, message, detail=None, announcement=False):
        if announcement and self.announcements_off:
            if ok:
                self.unexpected_passes += 1
                self.failed += 1
                print(f"not ok - UNEXPECTED PASS with FEEDLINE_ANNOUNCE=0: {message}", flush=True)
            else:
                self.expected_failures += 1
                print(f"not ok - {message} # expected failure: FEEDLINE_ANNOUNCE=0", flush=True)
                self._detail(detail)
            return ok
        if ok:
            self.passed += 1
            print(f"ok - {message}", flush=True)
        else:
            self.failed += 1
            print(f"not ok - {message}", flush=True)
            self._detail(detail)
        return ok

    @staticmethod
    def _detail(detail):
        if detail:
            for line in str(detail).splitlines():
                print(f"#   {line}", flush=True)

    def require(self, ok, message, detail=None):
        if not self.check(ok, message, detail):
            raise Fatal(message)

    @staticmethod
    def note(message):
        print(f"# {message}", flush=True)

    def summary(self):
        """Prints the closing lines; returns the exit status."""
        if self.announcements_off:
            print(f"# negative control: {self.expected_failures} announcement check(s) failed as "
                  f"expected, {self.unexpected_passes} passed unexpectedly; "
                  f"{self.passed} other check(s) passed, {self.failed - self.unexpected_passes} failed",
                  flush=True)
            print(f"{self.passed} passed, {self.failed} failed, "
                  f"{self.expected_failures} failed as expected", flush=True)
            return 0 if self.failed == 0 and self.expected_failures > 0 and self.passed > 0 else 1
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        return 1 if self.failed or self.passed == 0 else 0


# Feeds ---------------------------------------------------------------------

def one_line(text):
    return " ".join((text or "").split())


def load_expectations(path):
    """The feed's title and its items (title, author, date) in feed order."""
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


def row_prefix(item):
    """How a row's name starts: "<title>, by <author>, " (the date follows)."""
    return f"{item['title']}, by {item['author']}, " if item["author"] else f"{item['title']}, "


def item_index(name, items, near=None):
    """The position in ITEMS of the item a row named NAME shows (the one
    closest to NEAR if titles repeat), or None."""
    matches = [i for i, item in enumerate(items) if (name or "").startswith(row_prefix(item))]
    if not matches:
        return None
    return min(matches, key=lambda i: abs(i - near)) if near is not None else matches[0]


def write_feed(path, title, count):
    """A JSON Feed 1.1 of COUNT items ("Item N of COUNT"), newest first."""
    items = []
    for n in range(count, 0, -1):
        items.append({
            "id": f"item-{n}",
            "url": f"https://example.org/feedline-test/{n}",
            "title": f"Item {n} of {count}",
            "summary": f"The summary of item {n}: one line of text under the title.",
            "content_text": f"Item {n}.",
            "authors": [{"name": f"Author {n % 5}"}],
            "date_published": f"2021-{1 + n % 12:02d}-{1 + n % 27:02d}T12:00:00Z",
        })
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"version": "https://jsonfeed.org/version/1.1", "title": title, "items": items}, f,
                  indent=1)
    return path


class LoopbackHTTP:
    """An HTTP server on 127.0.0.1 (a free port) in a thread, for as long as
    the `with` block: every GET is answered by `answer(path)`, which gives
    (status, content type, body bytes); it may be set after the server is
    made, once `base` ("http://127.0.0.1:PORT") is known. `requests` lists
    the paths asked for."""

    def __init__(self, answer=None):
        self.answer = answer
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                status, kind, body = server.answer(self.path)
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
        return False


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


def name_of(obj):
    return safe(lambda: obj.name, "")


def description_of(obj):
    return safe(lambda: obj.description, "")


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
    if obj is None:
        return "nothing"
    return f"[{safe(obj.getRoleName, '?')}] {safe(lambda: obj.name, '?')!r} {states(obj)}"


def actions_of(obj):
    def read():
        action = obj.queryAction()
        return [action.getName(i) for i in range(action.nActions)]
    return safe(read, [])


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


WINDOW_ROLES = (pyatspi.ROLE_FRAME, pyatspi.ROLE_WINDOW, pyatspi.ROLE_DIALOG)


def window_of(obj):
    """The top-level window holding OBJ (its ancestor under the application)."""
    node = obj
    for _ in range(60):
        parent = safe(lambda: node.parent)
        if parent is None or role(parent) == pyatspi.ROLE_APPLICATION:
            return node
        node = parent
    return None


def has_focus(obj, app):
    """OBJ has keyboard focus: its FOCUSED state, in a window of APP still
    open (GTK 4.8 leaves a closed window's focused widget FOCUSED and the
    window SHOWING; only its place among the app's children goes)."""
    if not has_state(obj, pyatspi.STATE_FOCUSED):
        return False
    window = window_of(obj)
    return window in children(app) and has_state(window, pyatspi.STATE_SHOWING)


def focused_object(app):
    for window in children(app):
        if not has_state(window, pyatspi.STATE_SHOWING):
            continue
        for obj in walk(window):
            if has_state(obj, pyatspi.STATE_FOCUSED):
                return obj
    return None


def vertical_scroll_value(the_list):
    """The list's vertical scroll offset in pixels, read from the Value of
    the scrolled window's vertical scroll bar (a GtkRange), or None."""
    scroller = safe(lambda: the_list.parent)
    for bar in children(scroller) if scroller is not None else []:
        if role(bar) != pyatspi.ROLE_SCROLL_BAR or not has_state(bar, pyatspi.STATE_VERTICAL):
            continue
        for obj in walk(bar):
            value = safe(lambda: obj.queryValue().currentValue)
            if value is not None:
                return value
    return None


def xdotool(*args, timeout=15):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=timeout)


def press(key):
    """A real key press, sent to the focused X window."""
    result = xdotool("key", key)
    if result.returncode != 0:
        raise RuntimeError(f"xdotool key {key} exited {result.returncode}: {result.stderr.strip()}")
    return time.monotonic()


# Events --------------------------------------------------------------------

class Heard:
    """One event, read at once (rows are recycled: read names while valid)."""

    def __init__(self, event):
        source = event.source
        self.at = time.monotonic()
        self.type = str(event.type)
        self.detail1 = event.detail1
        self.source = source
        self.role = safe(lambda: source.getRoleName(), "?")
        self.name = safe(lambda: source.name, "?")
        data = event.any_data
        self.data = data if isinstance(data, str) else ("" if data is None else str(data))
        # For a description change: did its source have keyboard focus then?
        self.source_focused = (has_state(source, pyatspi.STATE_FOCUSED)
                               if self.type.startswith(DESCRIPTION_CHANGED) else None)

    def __str__(self):
        extra = f" (source focused: {self.source_focused})" if self.source_focused is not None else ""
        return f"{self.type} {self.detail1} [{self.role}] {self.name!r} data={self.data!r}{extra}"


class Events:
    """Records focus changes, description changes and announcements: what
    a screen reader hears. Also tracks which object has keyboard focus."""

    KINDS = (FOCUS_CHANGED, DESCRIPTION_CHANGED, ANNOUNCEMENT,
             "object:state-changed:busy", "object:property-change:accessible-name")

    def __init__(self):
        self.log = []
        self.focus = None
        pyatspi.Registry.registerEventListener(self._on_event, *self.KINDS)

    def close(self):
        pyatspi.Registry.deregisterEventListener(self._on_event, *self.KINDS)

    def _on_event(self, event):
        heard = Heard(event)
        if heard.type.startswith(FOCUS_CHANGED) and heard.detail1:
            self.focus = heard.source
        self.log.append(heard)

    def since(self, moment, *kinds):
        return [e for e in self.log if e.at >= moment and (not kinds or e.type.startswith(kinds))]

    def focused(self, app):
        """The object with keyboard focus now (from focus events, checked
        against its state; a walk of the whole tree if that fails)."""
        pump()
        if self.focus is not None and has_focus(self.focus, app):
            return self.focus
        obj = focused_object(app)
        if obj is not None:
            self.focus = obj
        return obj

    def wait_focus(self, app, wanted, timeout=5):
        """Polls until WANTED(focused object) holds. Returns (ok, object)."""
        def probe():
            obj = self.focused(app)
            return obj is not None and bool(wanted(obj)), obj
        return poll(probe, timeout, 0.03)


def check_announcement(report, events, message, since, heard_on=None, timeout=4.0, landed=None,
                       expect_clear=True, cleared_to=""):
    """Checks that MESSAGE reaches a screen reader after SINCE: on GTK 4.8
    the accessible description of the focused widget becomes MESSAGE (or,
    on GTK 4.14+, an object:announcement carries it), then the description
    is cleared about 2 s later.

    HEARD_ON: the name of the row that must carry it (it must have focus).
    LANDED: when the app's state visibly changed (for the reported delay).
    EXPECT_CLEAR: also check the clearing (not when a newer message is
    due to replace it first). CLEARED_TO: the widget's own description,
    which comes back (a button's tooltip). Returns the event, or None."""
    kinds = (DESCRIPTION_CHANGED, ANNOUNCEMENT)

    def probe():
        match = [e for e in events.since(since, *kinds) if e.data == message]
        return bool(match), (match[0] if match else None)
    found, heard = poll(probe, timeout, 0.03)
    seen = [str(e) for e in events.since(since, *kinds)]
    if not found:
        report.check(False, f"'{message}' is announced (to the focused widget's description)",
                     f"no description change or announcement carrying it within {timeout:.0f} s; "
                     f"heard instead: {seen or 'nothing'}", announcement=True)
        return None
    after = heard.at - (landed if landed is not None else since)
    when = f"{after:.2f} s after {'the change' if landed is not None else 'the key'}"
    if heard.type.startswith(ANNOUNCEMENT):
        report.check(True, f"'{message}' is announced (object:announcement, {when})", announcement=True)
        return heard
    problems = []
    if not heard.source_focused:
        problems.append(f"its source {heard.role} {heard.name!r} did not have keyboard focus")
    if heard_on is not None and heard.name != heard_on:
        problems.append(f"it went to {heard.role} {heard.name!r}, not the focused row {heard_on!r}")
    target = f"{heard.role} {heard.name!r}"
    report.check(not problems, f"'{message}' is announced: the description of the focused "
                 f"{target} becomes it ({when})", "; ".join(problems), announcement=True)
    if not expect_clear:
        return heard

    def cleared():
        match = [e for e in events.since(heard.at, DESCRIPTION_CHANGED)
                 if e is not heard and e.data == cleared_to and e.name == heard.name and e.role == heard.role]
        replaced = [e for e in events.since(heard.at, DESCRIPTION_CHANGED)
                    if e is not heard and e.data not in (cleared_to, message)]
        return bool(match) or bool(replaced), (match[0] if match else None)
    done, clear = poll(cleared, 5.0, 0.05)
    if clear is None:
        later = [str(e) for e in events.since(heard.at, DESCRIPTION_CHANGED) if e is not heard]
        report.check(False, f"the description '{message}' is cleared again",
                     f"not cleared within 5 s; later description changes: {later or 'none'}",
                     announcement=True)
    else:
        held = clear.at - heard.at
        report.check(1.0 <= held <= 4.0, f"... and cleared {held:.2f} s later (about 2 s expected)",
                     f"held {held:.2f} s", announcement=True)
    return heard


# The app -------------------------------------------------------------------

def die_with_parent(sig):
    """Has the kernel send SIG to this process when its parent dies, so
    nothing is left behind even if the wrapper is killed outright."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(sig), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class App:
    """The app, started with OPTIONS (and ENV changes), killed on exit.
    Its pid goes to $FEEDLINE_A11Y_PIDFILE so the wrapper can kill it if
    this test is killed.

    Every App has a store and settings of its own (XDG_DATA_HOME and
    XDG_CONFIG_HOME in a folder made for it, removed on exit), never the
    user's nor another run's. PREPARE: headless commands (argument lists,
    like ["--import", "list.opml"]) run on that store before the window
    starts; each must exit 0. HOME: a folder of the caller's for those
    (kept on exit), for a run that starts the app again on the same store."""

    def __init__(self, feedline, options, report, env=None, prepare=(), home=None):
        self.feedline = feedline
        self.command = [feedline, *options]
        self.report = report
        self.prepare = list(prepare)
        self.env = dict(os.environ)
        for key, value in (env or {}).items():
            if value is None:
                self.env.pop(key, None)
            else:
                self.env[key] = value
        # Set, not defaulted: the wrapper's own XDG_DATA_HOME would
        # otherwise be every run's.
        self.keeps_home = home is not None
        self.home = home or tempfile.mkdtemp(prefix="feedline-a11y-")
        self.quit_by_hand = False
        for key in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            self.env[key] = os.path.join(self.home, key.lower())
        self.env_note = " ".join(f"{k}={v}" for k, v in (env or {}).items() if v is not None)
        self.process = None
        self.log = None
        self.accessible = None
        self.events = None

    def _run_headless(self, arguments):
        result = subprocess.run([self.feedline, *arguments], env=self.env, capture_output=True, text=True,
                                timeout=60)
        said = (result.stdout.strip().splitlines() or [""])[-1]
        self.report.require(result.returncode == 0, f"feedline {' '.join(arguments)} ran: {said!r}",
                            f"it exited {result.returncode}; stderr: {result.stderr.strip()!r}")

    def __enter__(self):
        try:
            for arguments in self.prepare:
                self._run_headless(arguments)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=subprocess.STDOUT,
                                        env=self.env,
                                        preexec_fn=lambda: die_with_parent(signal.SIGKILL))
        prefix = f"{self.env_note} " if self.env_note else ""
        self.report.note(f"started {prefix}{' '.join(self.command)} (pid {self.process.pid})")
        pid_file = os.environ.get("FEEDLINE_A11Y_PIDFILE")
        if pid_file:
            with open(pid_file, "w") as f:
                f.write(f"{self.process.pid}\n")
        self.failed_before = self.report.failed
        try:
            found, app = poll(lambda: (lambda a: (a is not None, a))(find_app(self.process.pid)), 10, 0.1)
            self.report.require(found, f"the app (pid {self.process.pid}) is in the AT-SPI desktop",
                                "no application on the accessibility bus has that process id")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        # Every read below goes to the app: libatspi's cache relies on events
        # that GTK 4.8 sends only for objects already fetched.
        app.set_cache_mask(Atspi.Cache.NONE)
        self.accessible = app
        return self

    def listen(self):
        self.events = Events()
        return self.events

    def __exit__(self, *exc):
        if self.events is not None:
            self.events.close()
        if self.process is None:
            if not self.keeps_home:
                shutil.rmtree(self.home, ignore_errors=True)
            return False
        if self.process.poll() is not None and not self.quit_by_hand:
            self.report.check(False, "the app kept running during the test",
                              f"it exited {self.process.returncode}")
        self.process.kill()
        self.process.wait()
        self.log.seek(0)
        output = self.log.read().strip()
        self.log.close()
        if self.report.failed > self.failed_before and output:
            self.report.note("app output:")
            for line in output.splitlines()[-20:]:
                self.report.note(f"  {line}")
        if not self.keeps_home:
            shutil.rmtree(self.home, ignore_errors=True)
        return False

    def quit(self):
        """Ctrl+Q, as a person quits; waits (10 s at most) for the process
        to end and checks that it ended well."""
        self.quit_by_hand = True
        press("ctrl+q")
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            status = None
        self.report.require(status == 0, f"Ctrl+Q ends the app (exit status {status})",
                            "it was still running 10 s after Ctrl+Q" if status is None else f"it exited {status}")

    def focus_window(self, title):
        window = xdotool("search", "--sync", "--limit", "1", "--name", f"^{re.escape(title)}$",
                         "windowfocus", "--sync")
        self.report.require(window.returncode == 0,
                            f"xdotool finds the window titled '{title}' and focuses it",
                            f"xdotool exited {window.returncode}: {window.stderr.strip()}")


# Steps every run takes ---------------------------------------------------------

class Session:
    """One running app as the checks see it."""

    def __init__(self, app, report, title, items, latency_ms):
        self.app = app
        self.acc = app.accessible
        self.report = report
        self.title = title
        self.items = items
        self.slow = latency_ms / 1000
        self.the_list = None
        self.status_bar = None
        self.events = None
        self.loaded = 0

    def status(self):
        return safe(lambda: self.status_bar.name, "")

    def focused(self):
        return self.events.focused(self.acc)


def wait_for_list_and_idle(s, count=None):
    """The list named after the feed, the status bar, and the idle state
    ("N items", no BUSY, calm for a second). COUNT: the N expected."""
    app, report, title = s.acc, s.report, s.title

    def named_list():
        lists = [o for o in walk(app) if role(o) == pyatspi.ROLE_LIST]
        match = [o for o in lists if safe(lambda: o.name) == title]
        return bool(match), (match[0] if match else [safe(lambda: o.name) for o in lists])
    found, the_list = poll(named_list, 10 + 3 * s.slow, 0.2)
    report.require(found, f"the list (role 'list') is named '{title}'",
                   f"lists seen and their names: {the_list}")
    s.the_list = the_list

    # Idle: "N items", no BUSY, and still so a second later (the app
    # prefetches a second page right after the first).
    s.status_bar = first(app, pyatspi.ROLE_STATUS_BAR)
    report.require(s.status_bar is not None, "a status bar (a label with the STATUS role) exists",
                   "no object with role 'status bar' in the tree")
    calm_since = [None]

    def settled():
        name = s.status()
        idle = bool(IDLE_STATUS.match(name)) and not has_state(the_list, pyatspi.STATE_BUSY)
        if not idle:
            calm_since[0] = None
        elif calm_since[0] is None:
            calm_since[0] = time.monotonic()
        return idle and time.monotonic() - calm_since[0] >= 1.0, name
    found, status = poll(settled, 10 + 4 * s.slow)
    report.require(found, f"once idle the status bar reads 'N items': '{status}'",
                   f"last status bar name: '{status}' (list states {states(the_list)})")
    s.loaded = int(IDLE_STATUS.match(status).group(1))
    if count is not None:
        report.require(s.loaded == count, f"the first page and the prefetched second are in: {count} items",
                       f"the status bar reads '{status}'; this run expects exactly {count} items before "
                       f"End (first page + one prefetch); the failure below depends on it")


def focus_a_row(s):
    """Keyboard focus on a list row: where it already is, else Tab until
    a row has it. Returns the row (fetched, so GTK sends its events)."""
    report = s.report
    obj = s.focused()
    report.note(f"focus before any key: {describe(obj)}")
    if role(obj) == pyatspi.ROLE_LIST_ITEM:
        return obj
    for presses in range(1, 7):
        before = obj
        press("Tab")
        found, obj = s.events.wait_focus(s.acc, lambda o: o != before and role(o) == pyatspi.ROLE_LIST_ITEM, 3)
        if found:
            report.note(f"{presses} Tab press(es); focus now on {describe(obj)}")
            return obj
        report.note(f"after Tab {presses}: focus on {describe(obj)}")
    report.require(False, "Tab puts keyboard focus on a list row",
                   "no 'list item' got the focused state after 6 Tab presses")


class LandingWatch:
    """While a page loads: the focused row and its y on screen, last seen
    before the page landed."""

    def __init__(self, s):
        self.s = s
        self.name = None
        self.y = None

    def sample(self):
        obj = self.s.focused()
        if role(obj) == pyatspi.ROLE_LIST_ITEM:
            box = extents(obj)
            self.name = safe(lambda: obj.name, "")
            self.y = box[1] if box else None
        return obj

    def check_kept(self, what):
        """After the landing: the same row keeps focus and its y, watched
        for 0.6 s (the list lays out on the next frames)."""
        s, report = self.s, self.s.report
        if self.name is None or self.y is None:
            report.check(False, f"{what}: a row had focus while the page loaded",
                         "no focused 'list item' was seen while loading")
            return
        samples = []
        end = time.monotonic() + 0.6
        while True:
            obj = s.focused()
            box = extents(obj) if obj is not None else None
            samples.append((role(obj) == pyatspi.ROLE_LIST_ITEM and has_state(obj, pyatspi.STATE_FOCUSED),
                            safe(lambda: obj.name, None), box[1] if box else None))
            if time.monotonic() >= end:
                break
            time.sleep(0.05)
        wrong = [x for x in samples if not x[0] or x[1] != self.name]
        report.check(not wrong, f"{what}: focus stays on the row '{self.name}'",
                     f"after the page landed, focus was on: {sorted(set((n or '?') for _, n, _ in wrong))}")
        ys = [y for ok, n, y in samples if ok and n == self.name and y is not None]
        moved = [y for y in ys if abs(y - self.y) > 2]
        report.check(bool(ys) and not moved,
                     f"{what}: the focused row stays put on screen (y {self.y} before, "
                     f"{sorted(set(ys))} after, ±2 px allowed)",
                     f"the row moved from y={self.y} to {sorted(set(moved))}" if ys else "no y read")
