"""Feedline by keyboard, read back over AT-SPI: the keys in the list, the
Tab order, the item menu, the shortcuts window, Refresh, and a failed page
with Retry through to the end of the feed, with what is announced on the way.

Not run on its own: test_accessible_names.py (the suite's entry point) calls
these with a running app. Keys are real key presses (xdotool); everything
is read through AT-SPI; every wait polls with a deadline.
"""

import os
import re
import time

import pyatspi

from a11y_support import (LOADING_STATUS, WINDOW_ROLES, App, LandingWatch, Session, actions_of,
                          check_announcement, children, describe, description_of, extents,
                          focus_a_row, has_state, item_index, load_expectations, name_of, poll,
                          press, role, safe, vertical_scroll_value, wait_for_list_and_idle, walk,
                          write_feed)

FAILURE_REASON = "The connection was interrupted"
FAILURE_STATUS = f"Couldn't load more items: {FAILURE_REASON}"
FAILURE_ANNOUNCEMENT = f"{FAILURE_STATUS}. Retry is available"
CAUGHT_UP = "You're all caught up"

# Run 2: 48 items in pages of 20. The first page and the prefetched second
# (40 items) come in by themselves; End asks for the third request, which
# --fail-every 3 fails; Retry brings the last 8 items and the end.
SHORT_FEED_TITLE = "Feedline Test Feed"
SHORT_FEED_ITEMS = 48
SHORT_PAGE_SIZE = 20
SHORT_LATENCY_MS = 800


def is_row(obj):
    return role(obj) == pyatspi.ROLE_LIST_ITEM


def is_button(name):
    return lambda obj: role(obj) == pyatspi.ROLE_PUSH_BUTTON and name_of(obj) == name


def is_toggle(name, pressed):
    # GTK 4.8 shows a GtkToggleButton as a push button with a PRESSED state.
    return lambda obj: (role(obj) in (pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PUSH_BUTTON)
                        and name_of(obj) == name and has_state(obj, pyatspi.STATE_PRESSED) == pressed)


def row_named(name):
    return lambda obj: is_row(obj) and name_of(obj) == name


def where(obj):
    box = extents(obj)
    return f"{describe(obj)} at {box}" if box else describe(obj)


# The keys in the list ----------------------------------------------------------

def check_keys_in_list(s):
    """Home, Down, Up, Page Down twice, Page Up twice: rows by index in the
    feed, scrolling read from the vertical scroll bar's Value. GTK's Page
    Down first moves to the last row fully in view (no scroll), then a
    screenful at a time; Page Up mirrors it."""
    report, items = s.report, s.items
    position = [item_index(name_of(s.focused()), items)]

    def key_to_row(key):
        """Presses KEY; returns (row index, row, scroll before, scroll after)."""
        before = s.focused()
        scroll_before = vertical_scroll_value(s.the_list)
        press(key)
        found, obj = s.events.wait_focus(s.acc, lambda o: is_row(o) and o != before
                                         and name_of(o) != name_of(before), 3)
        if not found:
            # Not moved (e.g. Home while on the first row): the row keeps focus.
            obj = s.focused()
        index = item_index(name_of(obj), items, near=position[0]) if is_row(obj) else None
        poll(lambda: (False, None), 0.15)  # let a scroll triggered by the key reach the adjustment
        scroll_after = vertical_scroll_value(s.the_list)
        position[0] = index if index is not None else position[0]
        return index, obj, scroll_before, scroll_after

    index, obj, _, scroll = key_to_row("Home")
    report.check(index == 0 and scroll is not None and scroll < 1,
                 f"Home moves focus to the first row and scrolls to the top (row {num(index)}, "
                 f"scroll {scroll})", f"focus on {where(obj)}")
    index, obj, _, _ = key_to_row("Down")
    report.check(index == 1, f"Down moves focus one row (row {num(index)})", f"focus on {where(obj)}")
    index, obj, _, _ = key_to_row("Up")
    report.check(index == 0, f"Up moves focus one row back (row {num(index)})", f"focus on {where(obj)}")

    start = index or 0
    first_index, obj, v0, v1 = key_to_row("Page_Down")
    report.check(first_index is not None and first_index - start > 3,
                 f"Page Down moves focus by more than 3 rows (row {num(start)} → row {num(first_index)})",
                 f"focus on {where(obj)}")
    report.note(f"first Page Down from the top: scroll {v0} → {v1}; focused row at {extents(obj)}")
    second_index, obj, v1, v2 = key_to_row("Page_Down")
    viewport = extents(s.the_list)
    box = extents(obj)
    shown = bool(box and viewport and viewport[1] <= box[1] and box[1] + box[3] <= viewport[1] + viewport[3] + 1)
    report.check(first_index is not None and second_index is not None and second_index - first_index > 3
                 and v1 is not None and v2 is not None and v2 > v1 and shown,
                 f"Page Down again moves focus by more than 3 rows and scrolls (row {num(first_index)} → "
                 f"row {num(second_index)}, scroll {v1} → {v2}, focused row on screen: {shown})",
                 f"focus on {where(obj)}; list at {viewport}")
    # Page Up mirrors it: to the top of the view first, then a screenful up.
    up_index, obj, v2, v3 = key_to_row("Page_Up")
    report.check(second_index is not None and up_index is not None and second_index - up_index > 3,
                 f"Page Up moves focus back by more than 3 rows (row {num(second_index)} → row {num(up_index)}, "
                 f"scroll {v2} → {v3})", f"focus on {where(obj)}")
    top_index, obj, v3, v4 = key_to_row("Page_Up")
    report.check(up_index is not None and top_index is not None and up_index - top_index > 3
                 and v3 is not None and v4 is not None and v4 < v3,
                 f"Page Up again moves focus back by more than 3 rows and scrolls up (row {num(up_index)} → "
                 f"row {num(top_index)}, scroll {v3} → {v4})", f"focus on {where(obj)}")


def num(index):
    return "?" if index is None else index + 1


# Tab order ---------------------------------------------------------------------

def sidebar_row(obj):
    """A sidebar row: a list item named "Feed, N unread items" (or
    "Unread, N items")."""
    return role(obj) == pyatspi.ROLE_LIST_ITEM and re.search(r", [\d,.]+ (unread )?items?$", name_of(obj) or "") is not None


def check_tab_order(s):
    """From a row: Tab → Show Sidebar (pressed) → Refresh → Show as List (pressed) →
    Show as Grid → Main Menu → the sidebar; F6 → the same row; F6 → the sidebar; F6 → the row."""
    report = s.report
    row = s.focused()
    report.require(is_row(row), "a list row has focus before the Tab order checks", where(row))
    row_name = name_of(row)

    steps = [("Tab", is_toggle("Show Sidebar", True),
              "Tab from a row (no Retry shown) goes to the header's first button, 'Show Sidebar', pressed"),
             ("Tab", is_button("Refresh"), "then the Refresh button"),
             ("Tab", is_toggle("Show as List", True),
              "Tab from Refresh goes to the layout buttons: 'Show as List', pressed"),
             ("Tab", is_toggle("Show as Grid", False), "then 'Show as Grid', not pressed"),
             ("Tab", is_button("Main Menu"), "then the main menu button ('Main Menu')"),
             ("Tab", sidebar_row, "Tab from Main Menu goes into the sidebar, to a row named with its count"),
             ("F6", row_named(row_name), "F6 from the sidebar goes back into the list, to the row last focused"),
             ("F6", sidebar_row, "F6 from the list goes to the sidebar"),
             ("F6", row_named(row_name), "F6 again returns to that row")]
    for key, wanted, message in steps:
        press(key)
        found, obj = s.events.wait_focus(s.acc, wanted, 3)
        report.check(found, f"{message}: {describe(obj)}", f"focus is on {where(obj)}")
        if not found:
            return


# The item menu -----------------------------------------------------------------

def ancestor_menu(obj):
    node = obj
    for _ in range(12):
        node = safe(lambda: node.parent)
        if node is None:
            return None
        if role(node) in (pyatspi.ROLE_MENU, pyatspi.ROLE_POPUP_MENU, pyatspi.ROLE_WINDOW):
            return node
    return None


def menu_entries(menu):
    wanted = (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_CHECK_MENU_ITEM,
              pyatspi.ROLE_RADIO_MENU_ITEM)
    return [o for o in walk(menu) if role(o) in wanted and has_state(o, pyatspi.STATE_VISIBLE)]


def check_item_menu(s):
    report = s.report
    row = s.focused()
    report.require(is_row(row), "a list row has focus before the item menu checks", where(row))
    row_name = name_of(row)
    for key, label in (("Menu", "the Menu key"), ("shift+F10", "Shift+F10")):
        press(key)
        found, obj = s.events.wait_focus(s.acc, lambda o: not is_row(o) and ancestor_menu(o) is not None, 3)
        menu = ancestor_menu(obj) if found else None
        entries = menu_entries(menu) if menu is not None else []
        names = [name_of(e) for e in entries]
        report.check(menu is not None and {"Open in Browser", "Copy Link"} <= set(names),
                     f"{label} on a row opens the item menu {describe(menu)} with "
                     + ", ".join(f"[{safe(e.getRoleName, '?')}] {name_of(e)!r} {actions_of(e)}" for e in entries),
                     f"focus went to {where(obj)}; entries seen: {names}")
        report.note(f"focus in the item menu: {describe(obj)}")
        press("Escape")
        back, obj = s.events.wait_focus(s.acc, row_named(row_name), 3)

        def closed():
            gone = menu is None or not has_state(menu, pyatspi.STATE_VISIBLE) or not menu_entries(menu)
            return gone, None
        shut, _ = poll(closed, 3)
        report.check(back and shut, f"Escape closes the item menu and focus returns to the row: {describe(obj)}",
                     f"focus on {where(obj)}; menu still visible: {not shut} ({describe(menu)})")
        if not back:
            return


# The shortcuts window ----------------------------------------------------------

def windows_of(app):
    return [w for w in children(app) if role(w) in WINDOW_ROLES]


def check_shortcuts_window(s):
    report = s.report
    row = s.focused()
    row_name = name_of(row)
    main = [w for w in windows_of(s.acc) if name_of(w) == s.title]
    for key, label in (("F1", "F1"), ("ctrl+question", "Ctrl+?")):
        press(key)

        def opened():
            extra = [w for w in windows_of(s.acc) if w not in main and has_state(w, pyatspi.STATE_VISIBLE)]
            return bool(extra), (extra[0] if extra else None)
        found, window = poll(opened, 5)
        name = name_of(window)
        report.check(found and "shortcuts" in name.lower(),
                     f"{label} opens a second window, the shortcuts window: {describe(window)}",
                     f"windows of the app: {[describe(w) for w in windows_of(s.acc)]}")
        if not found:
            return
        if key == "F1":
            # What a screen reader says for the window: a title, not GTK's
            # fallback to the widget's type name.
            report.check(bool(re.search(r"\bshortcuts\b", name, re.I)) and not re.match(r"^Gtk[A-Z]\w*$", name),
                         f"the shortcuts window has a title for a name, like 'Keyboard Shortcuts': {name!r}",
                         f"its accessible name is {name!r}, GTK's fallback to the type name (the window has "
                         f"no title), which is what Orca would read")
        inside = next((o for o in walk(window) if has_state(o, pyatspi.STATE_FOCUSED)), None)
        inside_name = name_of(inside)
        report.check(bool(inside_name) and not re.match(r"^Gtk[A-Z]\w*$", inside_name),
                     f"what has focus in the shortcuts window has a name: {describe(inside)}",
                     f"focus on {where(inside)}: no name, or GTK's fallback to the type name")
        press("Escape")

        def closed():
            return window not in windows_of(s.acc) or not has_state(window, pyatspi.STATE_VISIBLE), None
        shut, _ = poll(closed, 3)
        back, obj = s.events.wait_focus(s.acc, row_named(row_name), 3)
        report.check(shut and back, f"Escape closes the shortcuts window and focus returns to the row: "
                     f"{describe(obj)}", f"window closed: {shut}; focus on {where(obj)}")
        if not (shut and back):
            return


# The Add Feed dialog --------------------------------------------------------------

# What the dialog's controls are named (GTK 4.8 joined an explicit label and a
# mnemonic label's name into "Add Add" before the fix; an "_" would be read).
ADD_FEED_NAMES = {"Add", "Cancel", "Kind of feed", "Address or file"}
CONTROL_ROLES = (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)


def check_add_feed_dialog(s):
    """Ctrl+N opens "Add Feed" with focus on the address; every control in
    it has one short name; Escape closes it and focus goes back to the row."""
    report = s.report
    row_name = name_of(s.focused())
    before = windows_of(s.acc)
    press("ctrl+n")

    def opened():
        extra = [w for w in windows_of(s.acc) if w not in before and has_state(w, pyatspi.STATE_VISIBLE)]
        return bool(extra), (extra[0] if extra else None)
    found, window = poll(opened, 5)
    report.check(found and name_of(window) == "Add Feed", f"Ctrl+N opens the Add Feed window: {describe(window)}",
                 f"windows of the app: {[describe(w) for w in windows_of(s.acc)]}")
    if not found:
        return
    focused, obj = poll(lambda: (lambda o: (o is not None and name_of(o) == "Address or file", o))(
        next((o for o in walk(window) if has_state(o, pyatspi.STATE_FOCUSED)), None)), 3)
    report.check(focused, f"focus starts in the address field: {describe(obj)}", f"focus on {where(obj)}")
    controls = [o for o in walk(window) if role(o) in CONTROL_ROLES and has_state(o, pyatspi.STATE_VISIBLE)]
    names = {name_of(o) for o in controls}
    report.check(ADD_FEED_NAMES <= names and not any("_" in n or n == "" for n in names),
                 f"the dialog's controls are named {sorted(ADD_FEED_NAMES)}: {sorted(names)}",
                 f"controls: {[describe(o) for o in controls]}")
    press("Escape")
    shut, _ = poll(lambda: (window not in windows_of(s.acc) or not has_state(window, pyatspi.STATE_VISIBLE), None), 3)
    back, obj = s.events.wait_focus(s.acc, row_named(row_name), 3)
    report.check(shut and back, f"Escape closes Add Feed and focus returns to the row: {describe(obj)}",
                 f"window closed: {shut}; focus on {where(obj)}")


# The reader view -----------------------------------------------------------------

READER_BUTTONS = {"Back", "Previous Item", "Next Item", "Star", "Open in Browser"}
BACK_TOOLTIP = "Back to the List (Escape)"


def check_reader(s):
    """Enter on a row shows its item in the reader view: focus on Back, the
    bar's buttons named, "Item N of M: title" heard; Right moves on and is
    heard; Escape goes back to the list, focus on the row of the item read
    last."""
    report, items = s.report, s.items
    row = s.focused()
    index = item_index(name_of(row), items)
    match = re.match(r"^(\d+) items$", s.status())
    if index is None or index + 1 >= len(items) or not match:
        report.check(False, "the reader view check starts on an item row, with the feed idle",
                     f"focus on {where(row)}; status '{s.status()}'")
        return
    count = int(match.group(1))
    started = press("Return")
    ok, back = s.events.wait_focus(s.acc, is_button("Back"), 3)
    report.check(ok, f"Enter shows the item in the reader view, focus on Back: {describe(back)}",
                 f"focus on {where(back)}")
    message = f"Item {index + 1} of {count}: {items[index]['title']}"
    # Back's own description (its tooltip) comes back after each message.
    check_announcement(report, s.events, message, started, heard_on="Back", cleared_to=BACK_TOOLTIP)
    buttons = {name_of(o) for o in walk(s.acc)
               if role(o) == pyatspi.ROLE_PUSH_BUTTON and has_state(o, pyatspi.STATE_VISIBLE)}
    report.check(READER_BUTTONS <= buttons, f"the reader's buttons are named {sorted(READER_BUTTONS)}",
                 f"visible buttons: {sorted(buttons)}")
    started = press("Right")
    message = f"Item {index + 2} of {count}: {items[index + 1]['title']}"
    check_announcement(report, s.events, message, started, heard_on="Back", cleared_to=BACK_TOOLTIP)
    press("Escape")
    back, obj = s.events.wait_focus(s.acc, lambda o: is_row(o) and item_index(name_of(o), items) == index + 1, 3)
    report.check(back, f"Escape goes back to the list, focus on the item read last: {describe(obj)}",
                 f"focus on {where(obj)}")


# Refresh -----------------------------------------------------------------------

def check_refresh(s):
    """Ctrl+R from a row: the feed reloads from the top, focus goes to the
    first row, "Feed refreshed" is announced there."""
    report, items = s.report, s.items
    started = press("ctrl+r")
    refreshing = "Refreshing\u2026"
    saw, status = poll(lambda: (s.status() == refreshing, s.status()), 3 + s.slow, 0.02)
    # Then the first page replaces the list: "N items", or at once the
    # prefetch of the second page ("Loading more items…").
    found, status = poll(lambda: (s.status() != refreshing, s.status()), 5 + 2 * s.slow, 0.02)
    landed = time.monotonic()
    report.check(saw and found and bool(re.match(r"^\d+ items$", status) or status == LOADING_STATUS),
                 f"Ctrl+R refreshes: the status bar reads 'Refreshing…', then '{status}' "
                 f"({landed - started:.2f} s after the key)",
                 f"saw 'Refreshing…': {saw}; last status '{status}'")
    ok, row = s.events.wait_focus(s.acc, lambda o: is_row(o) and item_index(name_of(o), items) == 0, 3)
    report.check(ok, f"after the refresh focus is on the first row: {describe(row)}", f"focus on {where(row)}")
    # The prefetch that follows replaces the message after one page's latency.
    check_announcement(report, s.events, "Feed refreshed", started, heard_on=name_of(row) if ok else None,
                       landed=landed, expect_clear=False)


# Run 2: a failed page, Retry, and the end of the feed --------------------------

def failure_run(args, report, tmp, env):
    feed = write_feed(os.path.join(tmp, "short-feed.json"), SHORT_FEED_TITLE, SHORT_FEED_ITEMS)
    title, items = load_expectations(feed)
    options = ["--feed", feed, "--page-size", str(SHORT_PAGE_SIZE), "--fail-every", "3",
               "--latency", str(SHORT_LATENCY_MS)]
    report.note(f"run 2: {SHORT_FEED_ITEMS} items in pages of {SHORT_PAGE_SIZE}; the 3rd request fails")
    with App(args.feedline, options, report, env=env) as app:
        s = Session(app, report, title, items, SHORT_LATENCY_MS)
        wait_for_list_and_idle(s, count=2 * SHORT_PAGE_SIZE)
        s.events = app.listen()
        app.focus_window(title)
        focus_a_row(s)
        check_failure_and_retry(s)


def check_failure_and_retry(s):
    report, items, events = s.report, s.items, s.events
    last = s.loaded - 1
    started = press("End")
    found, row = events.wait_focus(s.acc, lambda o: is_row(o) and item_index(name_of(o), items) == last, 3)
    report.require(found, f"End moves focus to the last loaded row (row {last + 1}): {describe(row)}",
                   f"focus on {where(row)}")
    row_name = name_of(row)

    # The third request fails.
    found, status = poll(lambda: (s.status() == FAILURE_STATUS, s.status()), 5 + 2 * s.slow, 0.02)
    failed_at = time.monotonic()
    report.require(found, f"the page fails: the status bar reads '{status}'",
                   f"expected '{FAILURE_STATUS}', last status '{status}'")
    check_announcement(report, events, FAILURE_ANNOUNCEMENT, started, heard_on=row_name, landed=failed_at)

    # Retry, in the status line (a sibling of the status bar).
    retry = [o for o in children(safe(lambda: s.status_bar.parent)) if is_button("Retry")(o)]
    retry = retry[0] if retry else None
    report.require(retry is not None and has_state(retry, pyatspi.STATE_VISIBLE),
                   f"the status line shows a Retry button: {describe(retry)} {actions_of(retry)}",
                   f"status line holds: {[describe(o) for o in children(safe(lambda: s.status_bar.parent))]}")
    report.check(description_of(retry) == FAILURE_REASON,
                 f"Retry's accessible description is the reason: '{description_of(retry)}'",
                 f"expected '{FAILURE_REASON}'")
    retry_box = extents(retry)

    # One Tab from the row.
    ok, row_now = events.wait_focus(s.acc, row_named(row_name), 2)
    report.require(ok, f"focus is still on the last row after the failure: {describe(row_now)}",
                   f"focus on {where(row_now)}")
    press("Tab")
    found, obj = events.wait_focus(s.acc, lambda o: role(o) == pyatspi.ROLE_PUSH_BUTTON, 3)
    same = found and is_button("Retry")(obj) and extents(obj) == retry_box
    report.require(same, f"one Tab from the list reaches the status line's Retry: {where(obj)}, "
                   f"description '{description_of(obj)}'", f"focus on {where(obj)}; Retry at {retry_box}")

    # Return on Retry: the page loads, focus goes back into the list.
    watch = LandingWatch(s)
    pressed = press("Return")
    found, obj = events.wait_focus(s.acc, is_row, 3)
    # The row as focus comes back (the page may land before the first poll
    # below on a busy machine: it is 800 ms away).
    watch.sample()
    index = item_index(name_of(obj), items, near=last) if found else None
    report.check(index == last, f"Return on Retry puts focus back in the list, on the last row "
                 f"(row {num(index)}): {describe(obj)}", f"focus on {where(obj)}")
    ended_status = f"{CAUGHT_UP} \u00b7 {SHORT_FEED_ITEMS} items"

    def arrived():
        status = s.status()
        if status != ended_status:
            watch.sample()
        return status == ended_status, status
    found, status = poll(arrived, 5 + 2 * s.slow, 0.02)
    landed = time.monotonic()
    report.check(found, f"Retry loads the rest: the status bar reads '{status}' "
                 f"({landed - pressed:.2f} s after Return)", f"expected '{ended_status}'")
    watch.check_kept("when the retried page lands")

    # A hidden widget leaves its parent's children (GTK 4.8 leaves the stale
    # object VISIBLE, so the state would not tell).
    def hidden():
        line = children(safe(lambda: s.status_bar.parent))
        shown = [o for o in line if is_button("Retry")(o)]
        return not shown, [describe(o) for o in line]
    gone, line = poll(hidden, 3)
    report.check(gone, "Retry is gone from the status line", f"the status line holds: {line}")
    added = SHORT_FEED_ITEMS - s.loaded
    check_announcement(report, events, f"Loaded {added} more items. {CAUGHT_UP}", pressed,
                       heard_on=watch.name, landed=landed)
