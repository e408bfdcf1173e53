"""Keeping the reader's place across a real restart of the process, the
new-items banner and Mark All as Read, read back over AT-SPI.

Not run on its own: test_accessible_names.py (the suite's entry point)
calls `place_run`.

A feed of 60 items is served from 127.0.0.1 (a11y_support.LoopbackHTTP)
and subscribed to with `feedline --import`; the window opens on All items.

  - The keyboard moves focus 15 rows down; the focused row and the row at
    the top of the list are noted; Ctrl+Q quits (exit status 0).
  - The feed gains 3 items. Feedline starts again on the same store: the
    same row has keyboard focus and the same row is at the top, drawn
    from the store (the feed's answer is held back 3 s, so the place
    cannot come from the network).
  - The update at start brings the 3 items above the reader: a button
    named "3 new items" appears and a screen reader hears "3 new items".
  - Shift+Ctrl+A: a screen reader hears "Marked N items as read", N being
    every unread item there before the update (the 3 new ones stay
    unread), and the sidebar's All items row counts 3.
"""

import datetime
import email.utils
import os
import re
import shutil
import tempfile
import time
from xml.sax.saxutils import quoteattr

import pyatspi

from a11y_support import (App, LoopbackHTTP, Session, check_announcement, describe, extents, focus_a_row,
                          name_of, on_screen, poll, press, role, rows_of, walk)

ALL_ITEMS = "All items"
TITLE = "Place Feed"
COUNT_BEFORE = 60
NEW = 3
ROWS_DOWN = 15
HOLD_BACK = 3.0
BANNER = f"{NEW} new items"
COUNT_NAME = re.compile(r"^(.*), ([\d,]+) unread items?$")


class PlaceFeed:
    """/place.xml: RSS 2.0, `count` items, newest first; its answers held
    back `delay` seconds once `delay` is set."""

    def __init__(self):
        self.count = COUNT_BEFORE
        self.delay = 0.0
        self.now = datetime.datetime.now(datetime.timezone.utc)
        self.http = LoopbackHTTP(self.answer)
        self.base = self.http.base

    def answer(self, path):
        if path != "/place.xml":
            return 404, "text/plain; charset=utf-8", b"Not here"
        time.sleep(self.delay)
        items = []
        for n in range(self.count, 0, -1):
            date = email.utils.format_datetime(self.now - datetime.timedelta(minutes=10 * (self.count - n)))
            items.append(f"<item><title>Place item {n}</title><link>{self.base}/items/{n}</link>"
                         f"<guid isPermaLink=\"false\">place-{n}</guid><pubDate>{date}</pubDate>"
                         f"<description>Item {n}.</description></item>")
        body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel>"
                f"<title>{TITLE}</title><link>{self.base}/</link><description>A feed</description>"
                + "".join(items) + "</channel></rss>")
        return 200, "application/rss+xml; charset=utf-8", body.encode()

    def __enter__(self):
        self.http.__enter__()
        return self

    def __exit__(self, *exc):
        return self.http.__exit__(*exc)


def write_opml(path, server):
    with open(path, "w", encoding="utf-8") as f:
        f.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"><head><title>place</title></head>"
                f"<body><outline type=\"rss\" text={quoteattr(TITLE)} xmlUrl={quoteattr(server.base + '/place.xml')}/>"
                "</body></opml>\n")
    return path


def the_list(s):
    """The timeline's list (named after the view)."""
    lists = [o for o in walk(s.acc) if role(o) == pyatspi.ROLE_LIST and name_of(o) == ALL_ITEMS]
    return lists[0] if lists else None


def top_row(s):
    """The name of the row at the top of the list's view."""
    timeline = the_list(s)
    viewport = extents(timeline) if timeline is not None else None
    rows = [(extents(r)[1], name_of(r)) for r in rows_of(timeline) if on_screen(r, viewport)] if viewport else []
    return min(rows)[1] if rows else None


def unread_of_all(s):
    """All items' unread count, from its sidebar row's name."""
    for o in walk(s.acc):
        if role(o) == pyatspi.ROLE_LIST_ITEM:
            match = COUNT_NAME.match(name_of(o))
            if match and match.group(1) == ALL_ITEMS:
                return int(match.group(2).replace(",", ""))
    return None


def place_run(args, report, tmp, env):
    home = tempfile.mkdtemp(prefix="feedline-a11y-place-")
    try:
        with PlaceFeed() as server:
            opml = write_opml(os.path.join(tmp, "place.opml"), server)
            report.note(f"place run: {TITLE} ({COUNT_BEFORE} items) served from {server.base}")
            with App(args.feedline, [], report, env=env, prepare=[["--import", opml]], home=home) as app:
                s = Session(app, report, ALL_ITEMS, [], 0)
                s.events = app.listen()
                app.focus_window(ALL_ITEMS)
                focused, top = move_down_and_note(s)
                server.count = COUNT_BEFORE + NEW
                server.delay = HOLD_BACK
                app.quit()
            with App(args.feedline, [], report, env=env, home=home) as app:
                s = Session(app, report, ALL_ITEMS, [], 0)
                s.events = app.listen()
                started = time.monotonic()
                app.focus_window(ALL_ITEMS)
                check_place(s, focused, top, started)
                check_banner(s, started)
                check_mark_all_read(s)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def move_down_and_note(s):
    """Focus on a row, then ROWS_DOWN rows down; returns the focused row's
    name and the top row's, once the keys have settled."""
    report = s.report
    done, _ = poll(lambda: (len(rows_of(the_list(s))) > ROWS_DOWN if the_list(s) is not None else False, None), 20, 0.2)
    report.require(done, f"All items shows more than {ROWS_DOWN} rows", "the list never filled")
    row = focus_a_row(s)
    first = name_of(row)
    for _ in range(ROWS_DOWN):
        press("Down")
    found, obj = s.events.wait_focus(s.acc, lambda o: role(o) == pyatspi.ROLE_LIST_ITEM and name_of(o) != first, 5)
    report.require(found, f"Down moves focus down the list, to {describe(obj)}", "focus did not move")
    # The last of the presses landed and the list stopped moving.
    def settled():
        before = (name_of(s.focused()), top_row(s))
        time.sleep(0.5)
        after = (name_of(s.focused()), top_row(s))
        return before == after and all(after), after
    done, (focused, top) = poll(settled, 10, 0)
    report.require(done and focused and top, f"the place to keep: focus on '{focused}', '{top}' at the top",
                   f"focus on {describe(s.focused())}, top row {top_row(s)!r}")
    report.note(f"pressed Down {ROWS_DOWN} times from '{first}'")
    return focused, top


def check_place(s, focused, top, started):
    """After the restart: the same row focused, the same row at the top,
    before the feed answered."""
    report = s.report
    found, obj = poll(lambda: (lambda o: (role(o) == pyatspi.ROLE_LIST_ITEM and name_of(o) == focused, o))(
        s.focused()), 10, 0.1)
    at = time.monotonic() - started
    report.check(found, f"after a restart, keyboard focus is on the same row: '{name_of(obj)}' ({at:.1f} s)",
                 f"focus is on {describe(obj)}, expected the row '{focused}'")
    done, seen = poll(lambda: (lambda t: (t == top, t))(top_row(s)), 5, 0.1)
    report.check(done, f"... and the same row is at the top: '{seen}'", f"expected '{top}' at the top")
    report.check(at < HOLD_BACK,
                 f"... drawn from the store, before the feed answered ({HOLD_BACK:.0f} s held back)",
                 f"the place was back only {at:.1f} s after the start")


def check_banner(s, started):
    """The update brings NEW items above the reader: a button says so, and
    a screen reader hears it."""
    report = s.report
    found, button = poll(lambda: (lambda b: (b is not None, b))(next(
        (o for o in walk(s.acc) if role(o) == pyatspi.ROLE_PUSH_BUTTON and name_of(o) == BANNER), None)),
        HOLD_BACK + 8, 0.2)
    report.check(found, f"the new items' banner is a button named '{BANNER}'",
                 f"buttons: {[name_of(o) for o in walk(s.acc) if role(o) == pyatspi.ROLE_PUSH_BUTTON]}")
    check_announcement(report, s.events, BANNER, started, timeout=HOLD_BACK + 8, expect_clear=False)


def check_mark_all_read(s):
    """Shift+Ctrl+A marks what the reader had, not the new items."""
    report = s.report
    done, unread = poll(lambda: (lambda n: (n is not None, n))(unread_of_all(s)), 5, 0.2)
    report.require(done, f"All items' row counts {unread} unread items", "no All items row with a count")
    expected = f"Marked {unread - NEW:,} items as read"
    started = press("shift+ctrl+a")
    check_announcement(report, s.events, expected, started, timeout=6, expect_clear=False)
    done, left = poll(lambda: (lambda n: (n == NEW, n))(unread_of_all(s)), 10, 0.2)
    report.check(done, f"... and All items' row counts the {left} new items as unread",
                 f"expected {NEW}, the items that arrived after the reader looked")
