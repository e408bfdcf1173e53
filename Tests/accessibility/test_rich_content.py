"""Feedline's rich content, read back over AT-SPI: links in the reader's rich
text, and what the rows of a Mastodon timeline tell a screen reader.

Not run on its own: test_accessible_names.py (the suite's entry point) calls
the two runs here. Keys are real key presses (xdotool); everything is read
through AT-SPI; every wait polls with a deadline. Nothing here checks an
announcement, so both runs pass the same way with FEEDLINE_ANNOUNCE=0 (the
negative control).

The reader run opens a JSON Feed written here whose first item's
content_html has a paragraph with two links (and a javascript: one that must
not become a link), a bulleted list, a quote and a <script>. Enter on its
row opens the reader view; Tab from Back goes through Previous Item, Next
Item, Star, Open in Browser, the text ("Text of the item"), then each link: a
`link` (GTK 4.8 shows the zero-size focus stop before a link's words as
one, a child of the text) named by its words, described by its address.
The text's accessible text holds the list items and the quote, never the
script.

The Mastodon run serves a timeline shaped like GET /api/v1/timelines/public
from 127.0.0.1 (a11y_support.LoopbackHTTP; pictures for every other path) and
opens it with --mastodon. Walking the list with Down, each row is named
"<display name>, by @acct, 2 hours ago, unread, ..." with custom emoji read by name
(never ":shortcode:"), "sensitive media", "video, 42 seconds", "audio, 1 hour
2 minutes", "poll, 240 votes, ends in 3 hours", "content warning: ..."; the
rows' Show Media / Show Post / badge buttons are named, and Show Media
(activated through AT-SPI) reveals the video's badge, "Play video, 42
seconds". Only rows on screen are read: the list recycles rows.
"""

import datetime
import json
import os
import struct
import zlib

import pyatspi

from a11y_support import (App, LoopbackHTTP, Session, actions_of, describe, description_of, extents,
                          focus_a_row, has_state, name_of, on_screen, poll, press, role, rows_of, safe, text_of,
                          walk)

# The reader run ------------------------------------------------------------------

RICH_FEED_TITLE = "Feedline Rich Text"
RICH_ITEM_URL = "https://example.org/feedline/rich"
RICH_ITEM_TITLE = "Rich text with links"
PLAIN_ITEM_TITLE = "A plain item after it"
# (words, address): the second is relative in the HTML, resolved against the
# item's address, and partly italic (one link all the same).
LINKS = [("the release notes", "https://example.org/notes?version=2&lang=en"),
         ("the bug tracker", "https://example.org/issues/14")]
LIST_ITEMS = ["First point to check", "Second point to check"]
QUOTE = "A quoted line from the maintainers"
NOT_A_LINK = "not a link"
SCRIPT_TEXT = "Script text that must never appear"
RICH_HTML = (
    "<p>Read <a href=\"https://example.org/notes?version=2&amp;lang=en\">the release notes</a> and "
    "<a href=\"/issues/14\"><i>the</i> bug tracker</a> before you upgrade, "
    f"or <a href=\"javascript:alert(1)\">{NOT_A_LINK}</a>.</p>"
    f"<ul><li>{LIST_ITEMS[0]}</li><li>{LIST_ITEMS[1]}</li></ul>"
    f"<blockquote><p>{QUOTE}</p></blockquote>"
    f"<script>document.title = '{SCRIPT_TEXT}'</script>"
    "<p>The end.</p>")
TEXT_NAME = "Text of the item"
# Tab from Back, in order; then the text, then each link.
READER_BAR = ["Previous Item", "Next Item", "Star", "Open in Browser"]


def write_rich_feed(path):
    items = [
        {"id": "rich", "url": RICH_ITEM_URL, "title": RICH_ITEM_TITLE, "content_html": RICH_HTML,
         "authors": [{"name": "Rita Rich"}], "date_published": "2021-03-04T12:00:00Z"},
        {"id": "plain", "url": "https://example.org/feedline/plain", "title": PLAIN_ITEM_TITLE,
         "content_text": "Just words.", "authors": [{"name": "Pat Plain"}],
         "date_published": "2021-03-03T12:00:00Z"},
    ]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"version": "https://jsonfeed.org/version/1.1", "title": RICH_FEED_TITLE, "items": items}, f,
                  indent=1)
    return path


def is_button(name):
    return lambda obj: role(obj) == pyatspi.ROLE_PUSH_BUTTON and name_of(obj) == name


def is_row(obj):
    return role(obj) == pyatspi.ROLE_LIST_ITEM


def wait_for_rows(s, wanted, timeout):
    """The list named after the feed, and a row whose name satisfies WANTED
    (the feed is short: its status never settles on "N items")."""
    def probe():
        lists = [o for o in walk(s.acc) if role(o) == pyatspi.ROLE_LIST and name_of(o) == s.title]
        if not lists:
            return False, None
        rows = [r for r in rows_of(lists[0]) if wanted(name_of(r))]
        return bool(rows), lists[0]
    found, the_list = poll(probe, timeout, 0.2)
    s.the_list = the_list
    return found


def reader_run(args, report, tmp, env):
    feed = write_rich_feed(os.path.join(tmp, "rich-feed.json"))
    report.note("reader run: a JSON Feed whose first item's content_html has two links, a list, a quote "
                "and a script")
    with App(args.feedline, ["--feed", feed, "--latency", "0"], report, env=env) as app:
        s = Session(app, report, RICH_FEED_TITLE, [], 0)
        found = wait_for_rows(s, lambda n: n.startswith(f"{RICH_ITEM_TITLE}, by Rita Rich, "), 20)
        report.require(found, f"the list '{RICH_FEED_TITLE}' shows a row named '{RICH_ITEM_TITLE}, by Rita Rich, …'",
                       f"lists: {[describe(o) for o in walk(s.acc) if role(o) == pyatspi.ROLE_LIST]}; rows: "
                       f"{[describe(r) for r in rows_of(s.the_list)] if s.the_list else []}")
        s.events = app.listen()
        app.focus_window(RICH_FEED_TITLE)
        focus_a_row(s)
        check_reader_links(s)


def check_reader_links(s):
    report = s.report
    row = s.focused()
    if not name_of(row).startswith(RICH_ITEM_TITLE):
        press("Home")
        ok, row = s.events.wait_focus(s.acc, lambda o: is_row(o) and name_of(o).startswith(RICH_ITEM_TITLE), 3)
        report.require(ok, f"Home puts focus on the rich item's row: {describe(row)}", describe(row))
    press("Return")
    ok, back = s.events.wait_focus(s.acc, is_button("Back"), 5)
    report.require(ok, f"Enter on the row opens the reader view, focus on Back: {describe(back)}",
                   f"focus on {describe(back)}")

    # The text, once parsed (off the main thread): the object named "Text
    # of the item" with the list items in its text.
    def text_ready():
        texts = [o for o in walk(s.acc) if name_of(o) == TEXT_NAME and safe(lambda: o.queryText()) is not None
                 and has_state(o, pyatspi.STATE_VISIBLE)]
        ready = [o for o in texts if LIST_ITEMS[0] in (text_of(o) or "")]
        return bool(ready), (ready[0] if ready else texts)
    found, text = poll(text_ready, 5, 0.1)
    report.require(found, f"the reader's rich text is an object named '{TEXT_NAME}' with a Text interface: "
                   f"{describe(text) if found else 'none'}",
                   None if found else f"objects named '{TEXT_NAME}': {[(describe(o), text_of(o)) for o in text]}")
    content = text_of(text) or ""
    report.note(f"the text's accessible text: {content!r}")
    missing = [w for w in LIST_ITEMS + [QUOTE] + [words for words, _ in LINKS] if w not in content]
    report.check(not missing, f"its text holds the list items {LIST_ITEMS}, the quote and the links' words",
                 f"missing: {missing}")
    bullets = [line for line in content.splitlines() if any(item in line for item in LIST_ITEMS)]
    report.check(len(bullets) == 2 and all(line.lstrip("\ufffc ").startswith("\u2022") for line in bullets),
                 f"each list item is a line of its own, after a bullet: {bullets}", f"lines: {content.splitlines()}")
    leaks = [o for o in walk(s.acc) if SCRIPT_TEXT in name_of(o) or SCRIPT_TEXT in (text_of(o) or "")]
    report.check(SCRIPT_TEXT not in content and not leaks, "the <script>'s text is nowhere: not in the text, "
                 "not in any name", f"found in {[describe(o) for o in leaks]}")
    links = [o for o in walk(text) if role(o) == pyatspi.ROLE_LINK]
    report.check([(name_of(o), description_of(o)) for o in links] == LINKS,
                 f"the text holds exactly {len(LINKS)} objects of role 'link' (the javascript: one is none): "
                 + ", ".join(f"{describe(o)} description {description_of(o)!r}" for o in links),
                 f"expected {LINKS}; links in the whole app: "
                 f"{[(name_of(o), description_of(o)) for o in walk(s.acc) if role(o) == pyatspi.ROLE_LINK]}")
    hyperlinks = safe(lambda: text.queryHypertext().getNLinks())
    report.note(f"the text's Hypertext interface: {'none' if hyperlinks is None else f'{hyperlinks} link(s)'}; "
                f"the links' extents: {[extents(o) for o in links]}; their Text interfaces: "
                f"{[text_of(o) for o in links]}")
    named_not_a_link = [o for o in walk(s.acc) if role(o) == pyatspi.ROLE_LINK and name_of(o) == NOT_A_LINK]
    report.check(not named_not_a_link and NOT_A_LINK in content,
                 f"the javascript: link's words '{NOT_A_LINK}' are plain text, not a link",
                 f"in text: {NOT_A_LINK in content}; links so named: {[describe(o) for o in named_not_a_link]}")

    # Tab: the bar's buttons, the text, then each link in turn.
    steps = [(f"'{name}'", is_button(name)) for name in READER_BAR]
    steps.append((f"the text '{TEXT_NAME}'", lambda o: name_of(o) == TEXT_NAME and o != back))
    for words, address in LINKS:
        steps.append((f"the link '{words}'", lambda o, w=words: role(o) == pyatspi.ROLE_LINK and name_of(o) == w))
    previous = "Back"
    for what, wanted in steps:
        before = s.focused()
        press("Tab")
        ok, obj = s.events.wait_focus(s.acc, lambda o, b=before: o != b and wanted(o), 3)
        if not ok:
            obj = s.focused()
        report.check(ok, f"Tab from {previous} goes to {what}: {describe(obj)}",
                     f"focus on {describe(obj)} at {extents(obj)}")
        if not ok:
            return
        previous = what
        if role(obj) == pyatspi.ROLE_LINK:
            words = name_of(obj)
            address = dict(LINKS)[words]
            parent = safe(lambda: obj.parent)
            report.check(description_of(obj) == address and name_of(parent) == TEXT_NAME,
                         f"... a 'link' named by its words, described by its address '{description_of(obj)}', "
                         f"a child of {describe(parent)}; actions {actions_of(obj)}",
                         f"expected the description '{address}' and the parent '{TEXT_NAME}'")


# The Mastodon run ----------------------------------------------------------------

def png(width, height, rgb=(60, 120, 200)):
    """A plain PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def iso(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def mastodon_timeline(host, now):
    """Statuses in Mastodon's shape (written for this test, like
    Tests/FeedTestSupport/MastodonPosts.swift): posted two hours before NOW."""
    posted = iso(now - datetime.timedelta(hours=2))
    # 3 h 20 min: still "ends in 3 hours" however long the run takes.
    ends = iso(now + datetime.timedelta(hours=3, minutes=20))
    ended = iso(now - datetime.timedelta(hours=1))

    def emoji(code):
        return {"shortcode": code, "url": f"{host}/emoji/{code}.gif", "static_url": f"{host}/emoji/{code}.png",
                "visible_in_picker": True}

    def status(sid, account, content, **rest):
        base = {"id": sid, "created_at": posted, "url": f"https://social.example/@{account['acct']}/{sid}",
                "uri": f"https://social.example/statuses/{sid}", "content": content, "spoiler_text": "",
                "sensitive": False, "account": account, "media_attachments": [], "poll": None, "emojis": [],
                "reblog": None, "card": None}
        base.update(rest)
        return base

    return [
        status("poll", {"id": "1", "acct": "ana", "username": "ana", "display_name": "Ana :verified_cat:",
                        "avatar": f"{host}/avatars/ana.png", "emojis": [emoji("verified_cat")]},
               "<p>Which desktop do you run today? :blobcat:</p>",
               poll={"id": "p1", "expires_at": ends, "expired": False, "multiple": False, "votes_count": 240,
                     "voters_count": 240, "emojis": [],
                     "options": [{"title": "GNOME", "votes_count": 120}, {"title": "KDE Plasma", "votes_count": 80},
                                 {"title": "Something else :blobcat:", "votes_count": 40}]},
               emojis=[emoji("blobcat")]),
        status("sensitive-video", {"id": "2", "acct": "bo@other.example", "display_name": "Bo", "emojis": []},
               "<p>Our cat meets the vacuum cleaner</p>", sensitive=True,
               media_attachments=[{"id": "20", "type": "video", "url": f"{host}/media/cat.mp4",
                                   "preview_url": f"{host}/media/cat-still.png", "description": None,
                                   "meta": {"original": {"width": 1280, "height": 720, "duration": 42.4},
                                            "small": {"width": 400, "height": 225}}}]),
        status("audio", {"id": "3", "acct": "cy", "display_name": "Cy", "avatar": None},
               "<p>New track, recorded in one take</p>",
               media_attachments=[{"id": "30", "type": "audio", "url": f"{host}/media/take.mp3", "preview_url": None,
                                   "description": "Guitar and humming",
                                   "meta": {"original": {"duration": 3723.4, "bitrate": 128000}}}]),
        status("warned", {"id": "4", "acct": "dee", "display_name": "Dee", "emojis": []},
               "<p>The butler did it</p>", spoiler_text="Film plot :blobcat:", sensitive=True,
               emojis=[emoji("blobcat")]),
        status("closed-poll", {"id": "5", "acct": "eve", "display_name": ":party_parrot: Eve",
                               "emojis": [emoji("party_parrot")]},
               "<p>Bikes or trains?</p>",
               poll={"id": "p3", "expires_at": ended, "expired": True, "multiple": True, "votes_count": 1234,
                     "voters_count": 900, "options": [{"title": "Bikes", "votes_count": 617},
                                                      {"title": "Trains", "votes_count": 617}]}),
    ]


# What each row must be named, by status id (the date is checked apart).
MASTODON_NAMES = {
    "poll": ("Ana verified cat, by @ana, ", ", poll, 240 votes, ends in 3 hours"),
    "sensitive-video": ("Bo, by @bo@other.example, ", ", sensitive media, video, 42 seconds"),
    "audio": ("Cy, by @cy, ", ", audio, 1 hour 2 minutes"),
    "warned": ("Dee, by @dee, ", ", content warning: Film plot blobcat"),
    "closed-poll": ("party parrot Eve, by @eve, ", ", poll, 1,234 votes, closed"),
}
# The buttons each row shows (as named), by status id.
MASTODON_BUTTONS = {
    "poll": set(),
    "sensitive-video": {"Show Media"},
    "audio": {"Play audio, 1 hour 2 minutes"},
    "warned": {"Show Post"},
    "closed-poll": set(),
}
SHORTCODES = (":verified_cat:", ":blobcat:", ":party_parrot:", "verified_cat", "party_parrot")
WHEN = "2 hours ago"


def mastodon_answer(host):
    """How a Mastodon server at HOST (on 127.0.0.1) answers: the timeline at
    /api/v1/timelines/public (no Link header: one page), a picture at every
    other path (custom emoji 48 × 48, the rest 400 × 300)."""
    def answer(path):
        if path.startswith("/api/"):
            body = json.dumps(mastodon_timeline(host, datetime.datetime.now(datetime.timezone.utc)))
            return 200, "application/json; charset=utf-8", body.encode()
        side = (48, 48) if path.startswith("/emoji/") else (400, 300)
        return 200, "image/png", png(*side)
    return answer


def status_of(name):
    """The status id a row named NAME shows, by how its name starts."""
    for sid, (prefix, _) in MASTODON_NAMES.items():
        if name.startswith(prefix):
            return sid
    return None


def row_buttons(row):
    return sorted(name_of(o) for o in walk(row) if role(o) == pyatspi.ROLE_PUSH_BUTTON)


def mastodon_run(args, report, tmp, env):
    server = LoopbackHTTP()
    server.answer = mastodon_answer(server.base)
    with server:
        instance = server.base
        title = "127.0.0.1 \u00b7 Federated"
        report.note(f"Mastodon run: {len(MASTODON_NAMES)} statuses served from {instance}/api/v1/timelines/public")
        with App(args.feedline, ["--mastodon", instance], report, env=env) as app:
            s = Session(app, report, title, [], 0)
            found = wait_for_rows(s, lambda n: status_of(n) is not None, 20)
            report.require(found, f"the list '{title}' shows the timeline's posts",
                           f"lists: {[describe(o) for o in walk(s.acc) if role(o) == pyatspi.ROLE_LIST]}; "
                           f"requests served: {server.requests[:10]}")
            s.events = app.listen()
            app.focus_window(title)
            focus_a_row(s)
            check_mastodon_rows(s)


def check_mastodon_rows(s):
    """Home, then Down through the timeline: every row on screen read at
    each step (rows are recycled: read while on screen)."""
    report = s.report
    seen = {}  # status id -> (name, buttons) of a row on screen

    def look():
        viewport = extents(s.the_list)
        for row in rows_of(s.the_list):
            if not on_screen(row, viewport):
                continue
            name = name_of(row)
            sid = status_of(name)
            if sid is not None and sid not in seen:
                seen[sid] = (name, row_buttons(row), row)
        return len(seen) == len(MASTODON_NAMES)

    press("Home")
    s.events.wait_focus(s.acc, lambda o: is_row(o) and status_of(name_of(o)) == "poll", 3)
    poll(lambda: (look(), None), 2, 0.2)
    for _ in range(len(MASTODON_NAMES)):
        if look():
            break
        before = s.focused()
        press("Down")
        s.events.wait_focus(s.acc, lambda o: is_row(o) and o != before and name_of(o) != name_of(before), 3)
        poll(lambda: (look(), None), 0.5, 0.1)

    for sid, (prefix, suffix) in MASTODON_NAMES.items():
        # Not read yet (a row is read once scrolled past, so never while on screen).
        expected = f"{prefix}{WHEN}, unread{suffix}"
        name, buttons, _ = seen.get(sid, ("", [], None))
        report.check(name == expected, f"the '{sid}' post's row is named '{name}'",
                     f"expected '{expected}'; rows seen: {[v[0] for v in seen.values()]}")
        report.check(MASTODON_BUTTONS[sid] <= set(buttons) and all(buttons),
                     f"... its buttons on screen are named: {buttons}",
                     f"expected {sorted(MASTODON_BUTTONS[sid])} among them, none unnamed")

    # Custom emoji by name: no row, and nothing inside one, says a shortcode.
    spoken = []
    for name, _, row in seen.values():
        spoken.append(name)
        spoken.extend(name_of(o) for o in walk(row))
    shortcodes = [text for text in spoken if any(code in text for code in SHORTCODES)]
    report.check(bool(seen) and not shortcodes,
                 f"custom emoji are read by name, never as ':shortcode:', in the rows and everything in them "
                 f"({len(spoken)} names read)", f"found: {shortcodes}")

    check_show_media(s, seen.get("sensitive-video"))


def check_show_media(s, seen):
    """Show Media, activated through AT-SPI on the row on screen: the
    button becomes Hide Media and the video's badge appears, named."""
    report = s.report
    if seen is None:
        report.check(False, "the sensitive video's row was on screen for Show Media", "never seen")
        return
    name = seen[0]

    def row_now():
        rows = [r for r in rows_of(s.the_list) if name_of(r) == name and on_screen(r, extents(s.the_list))]
        return rows[0] if rows else None
    row = row_now()
    show = next((o for o in walk(row) if role(o) == pyatspi.ROLE_PUSH_BUTTON and name_of(o) == "Show Media"),
                None) if row is not None else None
    report.check(show is not None and description_of(show) == "Show the media marked sensitive",
                 f"the sensitive video's Show Media is a button with a description: {describe(show)} "
                 f"{description_of(show)!r} {actions_of(show)}", f"row {describe(row)}: {row_buttons(row)}")
    if show is None:
        return
    badge = "Play video, 42 seconds"
    done = safe(lambda: show.queryAction().doAction(0), False)

    def revealed():
        current = row_now()
        buttons = row_buttons(current) if current is not None else []
        return {"Hide Media", badge} <= set(buttons), buttons
    ok, buttons = poll(revealed, 5, 0.1)
    report.check(ok, f"Show Media (its '{actions_of(show)[0] if actions_of(show) else '?'}' action: {done}) "
                 f"shows the video's badge, '{badge}', and becomes 'Hide Media': {buttons}",
                 f"the row's buttons: {buttons}")
