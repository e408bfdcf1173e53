#!/usr/bin/python3
"""What Feedline tells assistive technology, read back over AT-SPI.

The entry point of the AT-SPI suite. It starts the real app once for each
run below and checks, through AT-SPI only (pyatspi, as a screen reader would
see it) and real key presses (xdotool):

Run 1, the sample feed (or --feed), in this file:
  - the list is named after the feed;
  - every list row on screen is named "<title>, by <author>, <date>";
  - the STATUS-role label ("status bar") reads "N items" once idle;
  - after a real End key press reaches the bottom: the status bar reads
    "Loading more items…", the list is BUSY, the footer row holds a spinner
    named "Loading more items"; then the page arrives and all of it clears;
  - when the page lands, focus stays on the same row and the row does not
    move on screen; "Loaded N more items" is announced;
  then, in test_keyboard.py: Home/Up/Down/Page Down/Page Up in the list,
  the Tab order, the item menu, the shortcuts window, the Add Feed dialog
  and Refresh.
Run 2, a generated 48-item feed with --fail-every 3 (test_keyboard.py): the
  failure and its announcement, Retry one Tab away and working with Return,
  focus back in the list, the end of the feed and its announcement.
Run 3, rich text in the reader (test_rich_content.py): a JSON Feed item
  whose HTML has links, a list, a quote and a script; Tab from Back goes
  through the bar, the text, then each link, a 'link' named by its words and
  described by its address; the text holds the list, never the script.
Run 4, a Mastodon timeline served from 127.0.0.1 (test_rich_content.py):
  rows named with custom emoji by name, "sensitive media", "video, 42
  seconds", the poll and the content warning; the rows' buttons named; Show
  Media reveals the video's named badge.
Run 5, the sidebar over feeds served from 127.0.0.1 (test_sidebar.py):
  subscriptions imported with `feedline --import`; a row whose update
  failed (a 500, a web page, a refused connection) is named "<feed>, 0
  items" and described "Couldn't update: <why>"; after the feed gains
  items, Refresh changes its row's name to the new count.
Run 6, the reader's place (test_place.py): focus moved 15 rows down, Ctrl+Q,
  Feedline started again on the same store: the same row focused and the
  same row on top before the feed answers; the update then brings 3 items
  above: a button "3 new items", heard; Shift+Ctrl+A: "Marked N items as
  read" heard, the 3 new ones left unread.
Runs 3, 4 and 5 check no announcement: they run, and must pass, in the
negative control too.

Every run has a store and settings of its own (XDG_DATA_HOME and
XDG_CONFIG_HOME made for it, removed afterwards; run 6 keeps one across
its two starts).

    test_accessible_names.py FEEDLINE [--latency MS] [--feed APP_FEED]
                             [--expect EXPECTED_FEED]
                             [--expect-announcements-off] [--only RUNS]

Without --feed the app opens its bundled sample (data/sample-feed.json).
The expected title, authors and dates come from --expect, else from the feed
the app opened. Needs an X display with xdotool and an accessibility bus
(build-aux/tests/test-accessibility.sh provides both), Debian's
/usr/bin/python3 with python3-pyatspi and gir1.2-atspi-2.0.

--expect-announcements-off is the NEGATIVE CONTROL: the app runs with
FEEDLINE_ANNOUNCE=0, only the runs' loading, failure, Retry and refresh
steps are driven (not the keyboard tour), and every announcement check is
expected to FAIL. It exits 0 only if all of them failed and every other
check passed: proof that the announcement checks notice silence.

Prints one "ok - ..." / "not ok - ..." line per check and closes with
"N passed, M failed"; exits 1 on any failure. The app is always killed.
"""

import argparse
import datetime
import os
import re
import signal
import sys
import tempfile
import time

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from a11y_support import (IDLE_STATUS, LOADING_LABEL, LOADING_STATUS, SAMPLE_FEED, App,  # noqa: E402
                          Fatal, LandingWatch, Report, Session, check_announcement, describe,
                          die_with_parent, extents, focus_a_row, has_state, load_expectations,
                          on_screen, poll, press, role, row_prefix, rows_of, safe, states, text_of,
                          wait_for_list_and_idle, walk)
import test_keyboard  # noqa: E402
import test_rich_content  # noqa: E402
import test_place  # noqa: E402
import test_sidebar  # noqa: E402

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
RELATIVE_DATE = re.compile(r"^(just now|1 minute ago|\d+ minutes ago|1 hour ago|\d+ hours ago"
                           r"|yesterday|\d+ days ago)$")
ABSOLUTE_DATE = re.compile(r"^(\d{1,2}) ([A-Z][a-z]{2})(?: (\d{4}))?$")
MIN_VISIBLE_ROWS = 5


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


UNREAD = ", unread"


def row_problem(name, items):
    """None if NAME is "<title>, by <author>, <date>" for an item, with
    ", unread" after it while the item is not read, else why not."""
    if not name:
        return "the row's accessible name is empty"
    prefixes = []
    for item in items:
        prefix = row_prefix(item)
        if name.startswith(prefix):
            prefixes.append(prefix)
            rest = name[len(prefix):]
            if date_matches(rest[:-len(UNREAD)] if rest.endswith(UNREAD) else rest, item["date"]):
                return None
    if prefixes:
        return f"'{prefixes[0]}' is followed by '{name[len(prefixes[0]):]}', not the item's date"
    same_title = [item for item in items if name.startswith(f"{item['title']},") or name == item["title"]]
    if same_title:
        item = same_title[0]
        return f"expected '{item['title']}, by {item['author']}, <date>' for the item titled '{item['title']}'"
    return "no feed item has that title"


def check_names(s):
    report = s.report
    text = text_of(s.status_bar)
    report.check(text == s.status(), f"the status bar's Text interface says the same: '{text}'",
                 f"Text interface gave {text!r}, name is {s.status()!r}")

    # The rows on screen, each named "<title>, by <author>, <date>".
    viewport = extents(s.the_list)
    rows = rows_of(s.the_list)
    visible = [r for r in rows if on_screen(r, viewport)]
    report.note(f"the list has {len(rows)} 'list item' children; {len(visible)} on screen "
                f"(list extents {viewport})")
    report.check(len(visible) >= MIN_VISIBLE_ROWS,
                 f"at least {MIN_VISIBLE_ROWS} list rows are on screen ({len(visible)})",
                 f"rows: {[describe(r) + ' ' + str(extents(r)) for r in rows[:12]]}")
    for index, row in enumerate(visible, 1):
        name = safe(lambda: row.name, "")
        problem = row_problem(name, s.items)
        report.check(problem is None, f"row {index} is named '{name}'",
                     f"{problem} (rows are named '<title>, by <author>, <date>')")
    # A new store: nothing has been read yet, and every row says so.
    names = [safe(lambda: row.name, "") for row in visible]
    report.check(bool(names) and all(name.endswith(UNREAD) for name in names),
                 f"every row on screen ends its name with '{UNREAD}' (nothing read yet)",
                 f"names without it: {[name for name in names if not name.endswith(UNREAD)]}")


def check_end_loads_next_page(s):
    the_list, status_bar, report, items, loaded = s.the_list, s.status_bar, s.report, s.items, s.loaded
    events = s.events
    # End: focus to the last loaded row, which reaches the bottom, and the
    # next page starts loading.
    watch = LandingWatch(s)
    started = press("End")
    seen = {}

    def loading():
        name = s.status()
        if name == LOADING_STATUS:
            seen.setdefault("status", time.monotonic() - started)
        if has_state(the_list, pyatspi.STATE_BUSY):
            seen.setdefault("busy", time.monotonic() - started)
        tail = rows_of(the_list)[-3:]
        for obj in (o for r in tail for o in walk(r)):
            if safe(lambda: obj.name) == LOADING_LABEL:
                kind = {pyatspi.ROLE_LIST_ITEM: "footer", pyatspi.ROLE_LABEL: "label"}.get(role(obj), "spinner")
                seen.setdefault(kind, (time.monotonic() - started, describe(obj)))
        focus = watch.sample()
        if role(focus) == pyatspi.ROLE_LIST_ITEM:
            seen["focus"] = safe(lambda: focus.name, "")
        everything = {"status", "busy", "footer", "spinner", "focus"} <= seen.keys()
        ended = "status" in seen and bool(IDLE_STATUS.match(name))
        return everything or ended, name
    poll(loading, 10, 0.02)

    last = items[loaded - 1] if 0 < loaded <= len(items) else None
    expected_focus = row_prefix(last) if last else "?"
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
        name = s.status()
        match = IDLE_STATUS.match(name)
        done = bool(match) and int(match.group(1)) > loaded and not has_state(the_list, pyatspi.STATE_BUSY)
        if not done:
            watch.sample()
        return done, name
    found, status = poll(arrived, 10 + 2 * s.slow, 0.02)
    landed = time.monotonic()
    report.check(found, f"when the page arrives the status bar reads '{status}' and BUSY is gone "
                 f"({landed - started:.2f} s after End)",
                 f"status '{status}', list states {states(the_list)}; expected more than {loaded} items")
    watch.check_kept("when the page lands")
    footers = [r for r in rows_of(the_list) if safe(lambda: r.name) == LOADING_LABEL]
    report.check(not footers, "the loading footer row is gone",
                 f"still there: {[describe(r) for r in footers]}")
    if found:
        added = int(IDLE_STATUS.match(status).group(1)) - loaded
        message = f"Loaded {added} more {'item' if added == 1 else 'items'}"
        check_announcement(report, events, message, started, heard_on=watch.name, landed=landed)
        s.loaded += added

    for e in events.since(started, "object:state-changed:busy", "object:property-change:accessible-name"):
        report.note(f"event +{e.at - started:.2f} s {e.type} {e.detail1} [{e.role}] {e.name!r}")


def sample_feed_run(args, report):
    """Run 1: the sample feed (or --feed), with the page latency given."""
    title, items = load_expectations(args.expect or args.feed or SAMPLE_FEED)
    report.note(f"run 1: expecting feed '{title}' with {len(items)} items; page latency {args.latency} ms")
    # Named on the command line: the window opens it (and subscribes to it),
    # not All items.
    options = ["--latency", str(args.latency), "--feed", args.feed or SAMPLE_FEED]
    with App(args.feedline, options, report, env=announce_env(args)) as app:
        s = Session(app, report, title, items, args.latency)
        wait_for_list_and_idle(s)
        check_names(s)
        # From here on, listen too: these events are what a screen reader hears.
        s.events = app.listen()
        app.focus_window(title)
        focus_a_row(s)
        check_end_loads_next_page(s)
        if not args.expect_announcements_off:
            test_keyboard.check_keys_in_list(s)
            test_keyboard.check_tab_order(s)
            test_keyboard.check_item_menu(s)
            test_keyboard.check_shortcuts_window(s)
            test_keyboard.check_add_feed_dialog(s)
            test_keyboard.check_reader(s)
        test_keyboard.check_refresh(s)


# The runs, in order: --only picks some (the default is all of them).
RUNS = {"sample": "run 1 (sample feed)",
        "failure": "run 2 (short feed, failure and Retry)",
        "reader": "run 3 (rich text in the reader: links, list, script)",
        "mastodon": "run 4 (Mastodon rows: emoji, sensitive media, video, poll)",
        "sidebar": "run 5 (the sidebar: failed updates, unread counts after Refresh and after M)",
        "place": "run 6 (the place kept across a restart, the new-items banner, Mark All as Read)"}


def announce_env(args):
    return {"FEEDLINE_ANNOUNCE": "0" if args.expect_announcements_off else None}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("feedline", help="the feedline binary")
    parser.add_argument("--latency", type=int, default=1500, help="ms per page in run 1 (default 1500)")
    parser.add_argument("--feed", help="a JSON Feed for run 1 to open instead of the sample")
    parser.add_argument("--expect", help="the JSON Feed run 1's names are checked against "
                        "(default: the one the app opens)")
    parser.add_argument("--expect-announcements-off", action="store_true",
                        help="negative control: run the app with FEEDLINE_ANNOUNCE=0 and pass only if "
                        "every announcement check fails")
    parser.add_argument("--only", help="comma-separated runs to do, of: " + ", ".join(RUNS)
                        + " (default: all; the negative control needs sample or failure, the runs "
                        "with announcements)")
    args = parser.parse_args()
    only = args.only.split(",") if args.only else list(RUNS)
    unknown = [r for r in only if r not in RUNS]
    if unknown:
        parser.error(f"unknown run(s) {unknown}; choose from {list(RUNS)}")

    # `timeout` sends SIGTERM: turn it into an exception so `finally` runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("test_accessible_names: terminated"))
    die_with_parent(signal.SIGTERM)

    report = Report(announcements_off=args.expect_announcements_off)
    if args.expect_announcements_off:
        report.note("NEGATIVE CONTROL: the app runs with FEEDLINE_ANNOUNCE=0; "
                    "every announcement check must fail, every other check pass")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="feedline-a11y-") as tmp:
        runs = {"sample": lambda: sample_feed_run(args, report),
                "failure": lambda: test_keyboard.failure_run(args, report, tmp, announce_env(args)),
                "reader": lambda: test_rich_content.reader_run(args, report, tmp, announce_env(args)),
                "mastodon": lambda: test_rich_content.mastodon_run(args, report, tmp, announce_env(args)),
                "sidebar": lambda: test_sidebar.sidebar_run(args, report, tmp, announce_env(args)),
                "place": lambda: test_place.place_run(args, report, tmp, announce_env(args))}
        for key in only:
            name, run = RUNS[key], runs[key]
            run_started = time.monotonic()
            try:
                run()
            except Fatal:
                report.note(f"{name}: stopping this run: later checks depend on that one")
            except Exception as error:  # an AT-SPI or D-Bus error is a failure, not a crash
                report.check(False, f"{name} ran to the end ({type(error).__name__})", repr(error))
            report.note(f"{name} took {time.monotonic() - run_started:.1f} s")
    report.note(f"took {time.monotonic() - started:.1f} s")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
