"""The sidebar of subscriptions, read back over AT-SPI: what a row says
when its feed's last update failed, a row's unread count after Refresh,
and the counts (and the item's own row) after M marks an item read.

Not run on its own: test_accessible_names.py (the suite's entry point)
calls `sidebar_run`. Nothing here checks an announcement, so the run
passes the same way with FEEDLINE_ANNOUNCE=0 (the negative control).

The run serves feeds from 127.0.0.1 (a11y_support.LoopbackHTTP): an RSS feed
that gains items when the test says so, a 500 with an empty body, and a
web page; a fourth subscription points at a port of 127.0.0.1 where
nothing listens. `feedline --import` subscribes to them from an OPML file
(in the run's own XDG_DATA_HOME), then the window opens on All items and
updates every feed. Then, read from the sidebar (the list named
"Subscriptions"; only realized rows are exposed, and its few rows all are):

  - each failed subscription's row is named "<feed>, 0 unread items" and
    described "Couldn't update: <why>" (the server's 500, the web page,
    the refused connection), with the warning icon's reason the same;
    the feed that updated says nothing of a failure; the views' rows are
    named with their unread counts too ("All items, 3 unread items",
    "Unread, 3 items", "Starred, 0 unread items");
  - the feed is made to gain two items, Ctrl+R refreshes: its row's name
    becomes "<feed>, 5 unread items" (from 3), and All items' count grows
    by 2;
  - M on the focused item: its row's name loses ", unread", and the
    feed's, All items' and Unread's counts go down by one; M again, back.
"""

import datetime
import email.utils
import os
import re
import socket
import time
from xml.sax.saxutils import quoteattr

import pyatspi

from a11y_support import (App, LoopbackHTTP, Session, describe, description_of, focus_a_row, has_state, name_of,
                          poll, press, role, rows_of, walk)

SIDEBAR_NAME = "Subscriptions"
REFRESHING = "Refreshing"
ALL_ITEMS = "All items"
GROWING_TITLE = "Growing Feed"
GROWING_BEFORE = 3
GROWING_AFTER = 5
FOLDER = "Broken things"
# (title in the OPML, path on the server or None for the dead port, the
# reason the row must give).
FAILING = [
    ("Server Error Feed", "/broken.xml", "Server error (500)"),
    ("Web Page Feed", "/page.html", "This is a web page, not a feed"),
    ("Dead Port Feed", None, "The server refused the connection"),
]
FAILURE_PREFIX = "Couldn't update: "
WARNING_NAME = "Couldn't update"
COUNT_NAME = re.compile(r"^(.*), ([\d,]+) unread items?$")
UNREAD_VIEW = "Unread"
UNREAD_NAME = re.compile(r"^Unread, ([\d,]+) items?$")
STARRED_NAME = "Starred, 0 unread items"


class FeedServer:
    """Feeds on 127.0.0.1 in a thread: /growing.xml (RSS 2.0, `items`
    items, newest first, no validators: every request answers in full),
    /broken.xml (500, empty body), /page.html (a web page); 404 for the
    rest (the sidebar asks for /favicon.ico)."""

    def __init__(self):
        self.items = GROWING_BEFORE
        self.http = LoopbackHTTP(self.answer)
        self.base = self.http.base
        self.requests = self.http.requests

    def answer(self, path):
        if path == "/growing.xml":
            return 200, "application/rss+xml; charset=utf-8", self.rss(self.items).encode()
        if path == "/broken.xml":
            return 500, "text/plain; charset=utf-8", b""
        if path == "/page.html":
            page = ("<!DOCTYPE html><html><head><title>A page</title></head>"
                    "<body><p>Just a web page.</p></body></html>")
            return 200, "text/html; charset=utf-8", page.encode()
        return 404, "text/plain; charset=utf-8", b"Not here"

    def rss(self, count):
        now = datetime.datetime.now(datetime.timezone.utc)
        items = []
        for n in range(count, 0, -1):
            date = email.utils.format_datetime(now - datetime.timedelta(hours=count - n + 1))
            items.append(f"<item><title>Growing item {n}</title><link>{self.base}/items/{n}</link>"
                         f"<guid isPermaLink=\"false\">growing-{n}</guid><pubDate>{date}</pubDate>"
                         f"<description>Item {n} of the growing feed.</description></item>")
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel>"
                f"<title>{GROWING_TITLE}</title><link>{self.base}/</link>"
                "<description>A feed that gains items</description>" + "".join(items) + "</channel></rss>")

    def count(self, path):
        return sum(1 for p in self.requests if p == path)

    def __enter__(self):
        self.http.__enter__()
        return self

    def __exit__(self, *exc):
        return self.http.__exit__(*exc)


def dead_port():
    """A port of 127.0.0.1 where nothing listens (bound, then let go)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_opml(path, server, port):
    """The subscriptions: the growing feed at the top, the failing ones in
    a folder."""
    def outline(title, url):
        return f"<outline type=\"rss\" text={quoteattr(title)} xmlUrl={quoteattr(url)}/>"
    failing = []
    for title, feed_path, _ in FAILING:
        url = f"{server.base}{feed_path}" if feed_path else f"http://127.0.0.1:{port}/feed.xml"
        failing.append(outline(title, url))
    text = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"><head><title>AT-SPI sidebar"
            "</title></head><body>\n" + outline(GROWING_TITLE, f"{server.base}/growing.xml") + "\n"
            f"<outline text={quoteattr(FOLDER)}>\n" + "\n".join(failing) + "\n</outline>\n</body></opml>\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def sidebar_rows(s):
    """The sidebar's rows as (name, description, row), read now, and
    whether the feeds are updating (the header's spinner, "Refreshing",
    is BUSY)."""
    objects = list(walk(s.acc))
    updating = any(name_of(o) == REFRESHING and has_state(o, pyatspi.STATE_BUSY) for o in objects)
    lists = [o for o in objects if role(o) == pyatspi.ROLE_LIST and name_of(o) == SIDEBAR_NAME]
    rows = [(name_of(r), description_of(r), r) for r in rows_of(lists[0])] if lists else []
    return rows, updating


def row_of(rows, title):
    """The row whose name is "<title>, N unread items", with N."""
    for name, description, row in rows:
        match = COUNT_NAME.match(name)
        if match and match.group(1) == title:
            return name, description, row, int(match.group(2).replace(",", ""))
    return None


def warning_icons(row):
    """What the row's warning icons say: GTK 4.8 describes an image by its
    tooltip. Hidden widgets are not in the tree."""
    return [description_of(o) for o in walk(row)
            if role(o) in (pyatspi.ROLE_IMAGE, pyatspi.ROLE_ICON) and description_of(o)]


def image_names(row):
    """The names of the images in a row a screen reader can reach."""
    return [o.name for o in walk(row) if role(o) in (pyatspi.ROLE_IMAGE, pyatspi.ROLE_ICON)]


def sidebar_run(args, report, tmp, env):
    with FeedServer() as server:
        port = dead_port()
        opml = write_opml(os.path.join(tmp, "sidebar.opml"), server, port)
        report.note(f"sidebar run: {GROWING_TITLE} ({GROWING_BEFORE} items) and {len(FAILING)} failing feeds "
                    f"served from {server.base}, one at 127.0.0.1:{port} where nothing listens")
        with App(args.feedline, [], report, env=env, prepare=[["--import", opml]]) as app:
            s = Session(app, report, ALL_ITEMS, [], 0)
            check_failed_rows(s, server)
            s.events = app.listen()
            app.focus_window(ALL_ITEMS)
            check_count_after_refresh(s, server)
            check_counts_after_marking(s)


def check_failed_rows(s, server):
    """After the update at start: each failing feed's row tells why."""
    report = s.report
    wanted = [title for title, _, _ in FAILING] + [GROWING_TITLE]

    # The update at start has ended (a Refresh during it would wait for
    # it, not fetch again) and the failures are in.
    def updated():
        rows, updating = sidebar_rows(s)
        found = {t: row_of(rows, t) for t in wanted}
        done = not updating and all(found.values()) and all(found[t][1] for t, _, _ in FAILING)
        return done, rows
    done, rows = poll(updated, 20, 0.2)
    report.note(f"the sidebar's rows{'' if done else ' (the update at start had not ended)'}: "
                f"{[(n, d) for n, d, _ in rows]}; requests served: {server.requests}")
    report.require(bool(rows), f"the sidebar is a list named '{SIDEBAR_NAME}' with rows",
                   f"lists: {[describe(o) for o in walk(s.acc) if role(o) == pyatspi.ROLE_LIST]}")
    for title, _, reason in FAILING:
        found = row_of(rows, title)
        expected = FAILURE_PREFIX + reason
        name, description, row, count = found if found else ("", "", None, None)
        report.check(found is not None and count == 0 and name == f"{title}, 0 unread items",
                     f"the failed subscription's row is named for the feed and its unread count: '{name}'",
                     f"expected '{title}, 0 unread items'; rows: {[n for n, _, _ in rows]}")
        report.check(description == expected,
                     f"... and described with why its update failed: '{description}'",
                     f"expected the description '{expected}'")
        icons = warning_icons(row) if row is not None else []
        report.check(icons == [expected], f"... its warning icon says the same: {icons}",
                     f"expected one image described '{expected}'; the row holds "
                     f"{[describe(o) for o in walk(row)] if row is not None else 'nothing'}")
        names = image_names(row) if row is not None else []
        report.check(names == [WARNING_NAME], f"... and named '{WARNING_NAME}', the feed's own icon left out: {names}",
                     f"expected only the warning, named '{WARNING_NAME}' (GTK 4.8 names an unnamed image 'GtkImage')")
    found = row_of(rows, GROWING_TITLE)
    name, description, row, _ = found if found else ("", "", None, None)
    report.check(found is not None and name == f"{GROWING_TITLE}, {GROWING_BEFORE} unread items"
                 and FAILURE_PREFIX not in (description or "") and row is not None and not warning_icons(row),
                 f"the feed that updated is named '{name}', and says nothing of a failure "
                 f"(description {description!r})",
                 f"expected '{GROWING_TITLE}, {GROWING_BEFORE} unread items' without '{FAILURE_PREFIX}…'")
    names = [n for n, _, _ in rows]
    views = names[:3]
    # Every item is unread: All items and Unread count those of every feed
    # (the growing one's and the sample feed's a new store starts with).
    counted = [COUNT_NAME.match(n) for n in names[3:]]
    total = sum(int(m.group(2).replace(",", "")) for m in counted if m and m.group(1) != f"{FOLDER} folder")
    expected = [f"{ALL_ITEMS}, {total:,} unread items", f"{UNREAD_VIEW}, {total:,} items", STARRED_NAME]
    report.check(views == expected, f"the views' rows come first, named with their unread counts: {views}",
                 f"expected {expected}; rows: {names}")


def check_count_after_refresh(s, server):
    """The feed gains items; Ctrl+R updates every feed: its row's name
    and All items' say the new counts."""
    report = s.report
    rows, _ = sidebar_rows(s)
    before = row_of(rows, ALL_ITEMS)
    report.require(before is not None, f"the sidebar's first row is '{ALL_ITEMS}, N unread items': "
                   f"{before[0] if before else None}", f"rows: {[n for n, _, _ in rows]}")
    total = before[3]
    asked = server.count("/growing.xml")
    server.items = GROWING_AFTER
    started = press("ctrl+r")
    expected = f"{GROWING_TITLE}, {GROWING_AFTER} unread items"
    expected_all = f"{ALL_ITEMS}, {total + GROWING_AFTER - GROWING_BEFORE:,} unread items"

    seen = {}

    def counted():
        rows, updating = sidebar_rows(s)
        if updating:
            seen.setdefault("updating", time.monotonic() - started)
        growing, everything = row_of(rows, GROWING_TITLE), row_of(rows, ALL_ITEMS)
        names = (growing[0] if growing else None, everything[0] if everything else None)
        return names == (expected, expected_all) and not updating, names
    done, names = poll(counted, 20, 0.2)
    report.note(f"after Ctrl+R the feed was asked {server.count('/growing.xml') - asked} more time(s); "
                + (f"the spinner '{REFRESHING}' was seen busy {seen['updating']:.2f} s after the key; " if seen else "")
                + f"the names were read {time.monotonic() - started:.2f} s after the key")
    report.check(names[0] == expected,
                 f"after the feed gains {GROWING_AFTER - GROWING_BEFORE} items, Refresh renames its row: '{names[0]}'",
                 f"expected '{expected}'; rows: {[n for n, _, _ in sidebar_rows(s)[0]]}")
    report.check(names[1] == expected_all, f"... and All items' row: '{names[1]}'",
                 f"expected '{expected_all}' (it read '{before[0]}' before)")
    # What a screen reader listening to the row was told.
    heard = [e for e in s.events.since(started, "object:property-change:accessible-name")
             if e.name.startswith(f"{GROWING_TITLE},")]
    report.note(f"name-change events from the row: {[str(e) for e in heard] or 'none'}")



def check_counts_after_marking(s):
    """M on the focused item of All items (the growing feed's): its row's
    name loses ", unread", and the counts of its feed, All items and
    Unread go down by one; M again puts them back."""
    report = s.report
    row = focus_a_row(s)
    name = name_of(row)
    report.require(name.endswith(", unread"), f"the focused item's row says it is unread: '{name}'",
                   "expected its name to end with ', unread' (nothing has been read)")

    def counts():
        rows, _ = sidebar_rows(s)
        growing, everything = row_of(rows, GROWING_TITLE), row_of(rows, ALL_ITEMS)
        unread = next((UNREAD_NAME.match(n) for n, _, _ in rows if UNREAD_NAME.match(n)), None)
        return (growing[3] if growing else None, everything[3] if everything else None,
                int(unread.group(1).replace(",", "")) if unread else None)
    before = counts()
    report.require(None not in before and before[0] == GROWING_AFTER,
                   f"before M: the feed, All items and Unread count {before} unread",
                   f"rows: {[n for n, _, _ in sidebar_rows(s)[0]]}")
    after = tuple(c - 1 for c in before)
    press("m")
    done, seen = poll(lambda: (counts() == after and not name_of(row).endswith(", unread"), counts()), 10, 0.1)
    report.check(done and not name_of(row).endswith(", unread"),
                 f"M: the item's row is renamed '{name_of(row)}', without ', unread'",
                 f"its name is still '{name_of(row)}'")
    report.check(seen == after, f"... and the feed, All items and Unread now count {seen}",
                 f"expected {after}, from {before}")
    press("m")
    done, seen = poll(lambda: (counts() == before and name_of(row).endswith(", unread"), counts()), 10, 0.1)
    report.check(done, f"M again: unread again ('{name_of(row)}'), the counts back to {seen}",
                 f"expected {before} and a name ending with ', unread'")
