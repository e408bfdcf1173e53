import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// Every word Feedline shows or says goes through gettext: the real window
/// runs under a pseudo-locale whose every translation is its English text
/// between markers ("⟦Refresh⟧", made from the sources by
/// Tests/pseudo-locale/make-pseudo-locale.sh), and any text without them —
/// a label, a button, a tooltip, an accessible name or description, a
/// menu, an announcement, `--help` — is a string left unmarked.
///
/// The feed's own words are content, not Feedline's: the test feed writes
/// them between the same markers, so "by ⟦Ana⟧" (an unmarked "by") fails
/// while "⟦by ⟦Ana⟧⟧" passes.
final class PseudoLocaleTests: GtkTestCase, @unchecked Sendable {
    private var locale: PseudoLocale?

    override func setUpWithError() throws {
        try super.setUpWithError()
        let locale = try PseudoLocale.make()
        locale.activate()
        self.locale = locale
    }

    override func tearDown() {
        // The windows close (in English or not) before the language goes back.
        super.tearDown()
        locale?.deactivate()
        locale = nil
    }

    // MARK: The check itself

    func testTheCheckFindsUnmarkedText() {
        XCTAssertTrue(PseudoLocale.isMarked("⟦Refresh⟧"))
        XCTAssertTrue(PseudoLocale.isMarked("⟦by ⟦Ana⟧⟧, ⟦2 hours ago⟧"))
        XCTAssertTrue(PseudoLocale.isMarked("  ⟦Ctrl⟧+R, F5  ⟦Refresh⟧"), "key names GTK and keyboards print stay")
        XCTAssertTrue(PseudoLocale.isMarked("★ 76,543 · 50%"), "numbers and symbols are not words")
        XCTAssertTrue(PseudoLocale.isMarked("https://example.org/feed.xml"), "an address is not words")
        XCTAssertFalse(PseudoLocale.isMarked("Refresh"))
        XCTAssertFalse(PseudoLocale.isMarked("by ⟦Ana⟧"))
        XCTAssertFalse(PseudoLocale.isMarked("⟦Loaded 3 more items⟧. You're all caught up"))
        XCTAssertFalse(PseudoLocale.isMarked("⟦Refresh⟧ (Ctrl+R)"))
    }

    func testThePseudoLocaleIsInEffect() {
        XCTAssertEqual(L("Refresh"), "⟦Refresh⟧", "gettext reads the pseudo-locale's catalog")
        XCTAssertEqual(PagingText.count(1), "⟦1 item⟧")
        XCTAssertEqual(PagingText.count(3), "⟦3 items⟧", "plural forms through ngettext")
    }

    // MARK: The window

    func testEveryTextOfTheWindowIsTranslated() {
        MainActor.assumeIsolated {
            // A window on a source whose pages the test gives (the sidebar's
            // texts have a test of their own, below).
            let source = GatedSource(displayName: "⟦Pseudo Feed⟧")
            let window = FeedWindow(application: TestApplication.shared, source: source)
            track(window)
            window.present()
            waitUntil("the window is up and asks for the first page") {
                window.window.isMapped && source.requestCount == 1
            }
            expectMarked(window.window, "the loading page")

            // Each turn waits for its announcement (they are sent once the
            // list settles, and a newer one replaces one not yet sent).
            source.answer(0, with: .success(FeedPage(items: Self.items(), next: PageCursor("2"),
                                                     feedTitle: "⟦Pseudo Feed⟧")))
            waitUntil("the first page is shown, announced, and the next asked for") {
                window.feedList.itemCount > 0 && window.announcements.count == 1 && source.requestCount == 2
            }
            expectMarked(window.window, "rows, and the next page loading")

            source.answer(1, with: .failure(FeedError("⟦The server is down⟧")))
            waitUntil("the failure shows and is announced") {
                window.statusBar.retryButton.isMapped && window.announcements.count == 2
            }
            expectMarked(window.window, "a page that failed")

            XCTAssertTrue(window.window.activateAction("win.retry"))
            waitUntil("Retry asks again") { source.requestCount == 3 }
            source.answer(2, with: .success(FeedPage(items: [], next: nil)))
            waitUntil("the end of the feed, announced") {
                window.session.phase == .exhausted && window.announcements.count == 3
            }
            expectMarked(window.window, "the end of the feed")

            window.header.menuButton.popUp()
            waitUntil("the main menu is open") { window.header.menuButton.isOpen }
            expectMarked(window.window, "the main menu")
            window.header.menuButton.popDown()

            XCTAssertTrue(window.window.activateAction("win.layout", string: "grid"))
            waitUntil("the grid shows") { window.feedList.layout == .grid }
            drainPendingWork()
            expectMarked(window.window, "the grid")
            XCTAssertTrue(window.window.activateAction("win.layout", string: "list"))

            window.showReader(at: 0)
            waitUntil("the reader shows") { window.reader.root.isMapped }
            expectMarked(window.window, "the reader view")
            window.closeReader()

            XCTAssertTrue(window.window.activateAction("win.show-help-overlay"))
            waitUntil("the shortcuts window shows") { window.shortcutsWindow.isMapped }
            // The key caps and the search field are GTK's own words (its
            // text domain, gtk40), not Feedline's.
            expectMarked(window.shortcutsWindow, "the shortcuts window",
                         skipping: ["GtkShortcutLabel", "GtkSearchEntry"], gtkWords: ["Shortcuts"])
            window.shortcutsWindow.isVisible = false

            XCTAssertGreaterThanOrEqual(window.announcements.count, 3)
            for announcement in window.announcements {
                XCTAssertTrue(PseudoLocale.isMarked(announcement), "unmarked announcement: “\(announcement)”")
            }
        }
    }

    func testTheSidebarAndItsDialogsAreTranslated() throws {
        try MainActor.assumeIsolated {
            // A store of its own: a feed in a folder, with items, and one
            // whose last update failed. Their own words are marked.
            let reader = SubscriptionsFixture()
            let store = try reader.store()
            let ids = try subscribe(store, [(.document(URL(string: "https://example.org/news.xml")!), "⟦Pseudo News⟧", ["⟦Pseudo Folder⟧"]),
                                            (.document(reader.folder.appendingPathComponent("missing.json")), "⟦Down Feed⟧", [])])
            let items = (0..<3).map { FeedItem(id: "n\($0)", title: "⟦News \($0)⟧", summary: "⟦About news \($0)⟧",
                                               date: Date().addingTimeInterval(-600 * Double($0))) }
            try wait {
                _ = try await store.store(items, in: ids[0])
                try await store.recordUpdate(of: ids[0], at: Date())
                try await store.recordUpdate(of: ids[1], at: Date(), failure: FeedError("⟦Down⟧", kind: .serverError, status: 503))
            }
            let window = openWindow(on: reader.subscriptions(over: store))
            waitUntil("the first page is shown and announced") { window.announcements.count == 1 }
            expectMarked(window.window, "the window with its sidebar")

            window.header.menuButton.popUp()
            waitUntil("the main menu is open") { window.header.menuButton.isOpen }
            expectMarked(window.window, "the main menu with Import and Export")
            window.header.menuButton.popDown()
            window.importSubscriptions(from: reader.folder.appendingPathComponent("missing.opml"))
            waitUntil("an import says why it failed") { window.lastListMessage != nil }
            XCTAssertTrue(PseudoLocale.isMarked(window.lastListMessage ?? ""), "unmarked: \(window.lastListMessage ?? "")")
            window.exportSubscriptions(to: reader.folder.appendingPathComponent("export.opml"))
            waitUntil("an export says what it did") { window.lastListMessage?.contains("export.opml") == true }
            XCTAssertTrue(PseudoLocale.isMarked(window.lastListMessage ?? ""), "unmarked: \(window.lastListMessage ?? "")")

            let sidebar = try XCTUnwrap(window.sidebar)
            let (cell, _) = try sidebarRow(window, .subscription(ids[0]))
            sidebar.onContextMenu?(try XCTUnwrap(cell.entry), cell.root, nil, nil)
            waitUntil("a feed's menu is open") { ContextMenu.isOpen }
            expectMarked(window.window, "a feed's menu")
            XDoTool.press(["Escape"], inWindowTitled: window.window.title ?? "")
            waitUntil("closed") { !ContextMenu.isOpen }

            XCTAssertTrue(window.window.activateAction("win.mark-all-read"))
            waitUntil("Mark All as Read offers Undo") { window.undoNotification.isShown }
            expectMarked(window.window, "the notification with Undo")
            window.undoNotification.runUndo()
            waitUntil("undone") { !window.feedList.items.contains(where: \.isRead) }

            // An update stored an item above the reader's.
            try wait {
                _ = try await store.store([FeedItem(id: "late", title: "⟦Late⟧", date: Date().addingTimeInterval(60))], in: ids[0])
            }
            window.itemsStored()
            waitUntil("the new-items banner shows") { window.newItemsBanner.button.isVisible }
            expectMarked(window.window, "the new-items banner")

            window.showRenameDialog(for: try XCTUnwrap(cell.entry?.subscription))
            let rename = try XCTUnwrap(window.renameDialog)
            waitUntil("the Rename dialog is up") { rename.window.isMapped }
            expectMarked(rename.window, "the Rename dialog", skipping: ["GtkWindowControls"])
            rename.window.close()

            window.showAddFeedDialog()
            let dialog = try XCTUnwrap(window.addFeedDialog)
            waitUntil("the Add Feed dialog is up") { dialog.window.isMapped }
            expectMarked(dialog.window, "the Add Feed dialog", skipping: ["GtkWindowControls"])
            dialog.address.text = ""
            if case .failure(let problem) = dialog.chosenFeed() {
                XCTAssertTrue(PseudoLocale.isMarked(problem.message), "unmarked: \(problem.message)")
            } else {
                XCTFail("an empty address is a problem")
            }
            dialog.window.close()

            // Nothing stored and its update failed: its first page is asked
            // of the file again, which is not there.
            window.open(.subscription(ids[1]))
            waitUntil("the failed feed's error page") { window.errorPage.root.isMapped }
            expectMarked(window.window, "a feed that can't be read, failed in the sidebar")
            for announcement in window.announcements {
                XCTAssertTrue(PseudoLocale.isMarked(announcement), "unmarked announcement: “\(announcement)”")
            }
        }
    }

    func testTheFeedPagesAreTranslated() {
        MainActor.assumeIsolated {
            let failing = GatedSource(displayName: "⟦Failing Feed⟧")
            let window = openWindow(on: failing, waitForItems: false)
            waitUntil("the first page is asked for") { failing.requestCount == 1 }
            failing.answer(0, with: .failure(FeedError("⟦Offline⟧")))
            waitUntil("the error page shows") { window.errorPage.root.isMapped }
            expectMarked(window.window, "the error page")

            let empty = GatedSource(displayName: "⟦Empty Feed⟧")
            let emptyWindow = openWindow(on: empty, waitForItems: false)
            waitUntil("the first page is asked for") { empty.requestCount == 1 }
            empty.answer(0, with: .success(FeedPage(items: [], next: nil)))
            waitUntil("the empty page shows") { emptyWindow.emptyPage.root.isMapped }
            expectMarked(emptyWindow.window, "the empty page")
            for announcement in window.announcements + emptyWindow.announcements {
                XCTAssertTrue(PseudoLocale.isMarked(announcement), "unmarked announcement: “\(announcement)”")
            }
        }
    }

    // MARK: The command line

    func testHelpAndUsageErrorsAreTranslated() throws {
        XCTAssertTrue(PseudoLocale.isMarked(LaunchCommand.usage), "unmarked in --help:\n\(LaunchCommand.usage)")
        for arguments in [["--bogus"], ["--page-size", "0"], ["--tag", "x"], ["--mastodon"], ["a", "b"]] {
            XCTAssertThrowsError(try LaunchCommand.parse(arguments)) { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(PseudoLocale.isMarked(message), "unmarked usage error: “\(message)”")
            }
        }
        // The real program, which binds its catalogs at start-up.
        let locale = try XCTUnwrap(self.locale)
        let help = try locale.run(["--help"])
        XCTAssertTrue(help.hasPrefix("⟦Usage: feedline"), "feedline --help runs in the pseudo-locale")
        let unmarked = help.split(separator: "\n").filter { !PseudoLocale.isMarked(String($0)) }
        XCTAssertEqual(unmarked, [], "unmarked lines of feedline --help")
        // "feedline: " is the program's name, as every command prints it.
        let wrong = try locale.run(["--bogus"], standardError: true)
        XCTAssertTrue(wrong.hasPrefix("feedline: ⟦"), wrong)
        let unmarkedErrors = wrong.replacingOccurrences(of: "feedline: ", with: "").split(separator: "\n")
            .filter { !PseudoLocale.isMarked(String($0)) }
        XCTAssertEqual(unmarkedErrors, [], "unmarked lines of a usage error")
    }

    // MARK: Helpers

    /// Fails on every text of `widget` (and what is inside it) without the
    /// markers, naming where it is. GTK's own words are left out: the
    /// window's Minimize/Maximize/Close buttons and the keys a menu shows
    /// beside its entries ("Ctrl+?"), which GTK translates in its domain.
    @MainActor
    /// `gtkWords`: other texts GTK writes itself (the shortcuts window's
    /// heading).
    private func expectMarked(_ widget: Widget, _ what: String, skipping: Set<String> = [], gtkWords: Set<String> = [],
                              file: StaticString = #filePath, line: UInt = #line) {
        let texts = widget.visibleTexts(skipping: skipping.union(["GtkWindowControls", "accelerator"]))
        XCTAssertFalse(texts.isEmpty, "\(what): no text found at all", file: file, line: line)
        for text in texts where !PseudoLocale.isMarked(text.text) && !gtkWords.contains(text.text) {
            XCTFail("\(what): unmarked \(text)", file: file, line: line)
        }
    }

    /// Items with everything a row can say: an author, a boost, a content
    /// warning, sensitive media, a video and a sound with their lengths, a
    /// poll, a repository's stars, no title, dates from just now to last
    /// year. Their own words are marked like translations.
    private static func items() -> [FeedItem] {
        let now = Date()
        let poll = Poll(options: [Poll.Option(title: "⟦Bike⟧", votes: 3), Poll.Option(title: "⟦Car⟧", votes: 1)],
                        votes: 4, expiresAt: now.addingTimeInterval(3 * 3600 + 60))
        return [
            FeedItem(id: "a", title: "⟦Alpha⟧", summary: "⟦Words about alpha⟧", contentHTML: "<p>⟦Alpha's text⟧</p>",
                     author: "⟦Ana⟧", date: now.addingTimeInterval(-7200), link: URL(string: "https://example.org/a"),
                     sharedBy: "⟦Bo⟧"),
            FeedItem(id: "b", title: "⟦Beta⟧", summary: "⟦Hidden words⟧", author: "⟦Cy⟧",
                     date: now.addingTimeInterval(-3 * 86_400), contentWarning: "⟦Spiders⟧"),
            FeedItem(id: "c", title: "⟦Gamma⟧", date: now.addingTimeInterval(-20),
                     details: PostDetails(poll: poll)),
            FeedItem(id: "d", title: "⟦Delta⟧", date: now.addingTimeInterval(-86_400 - 60),
                     details: PostDetails(sensitiveMedia: true, media: MediaAttachment(kind: .video, duration: 84))),
            FeedItem(id: "e", title: "⟦Epsilon⟧", date: now.addingTimeInterval(-400 * 86_400),
                     details: PostDetails(media: MediaAttachment(kind: .audio, url: URL(string: "https://example.org/e.ogg"),
                                                                 duration: 3723))),
            FeedItem(id: "f", title: "⟦someone/project⟧", summary: "⟦A project⟧", date: now.addingTimeInterval(-600),
                     details: PostDetails(facts: ItemFacts(stars: 76_543, language: "⟦Python⟧"))),
            FeedItem(id: "g", title: "", summary: "⟦No title⟧", date: now.addingTimeInterval(-40 * 86_400)),
        ]
    }
}

/// The pseudo-locale "xx": its catalog made in a folder of its own, and the
/// process switched to it and back.
private final class PseudoLocale {
    let directory: URL
    private var savedMessages: String?
    private var savedDirectory: String?
    private var savedLanguage: String?

    private init(directory: URL) { self.directory = directory }

    deinit { try? FileManager.default.removeItem(at: directory) }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Builds the catalog with Tests/pseudo-locale/make-pseudo-locale.sh.
    static func make() throws -> PseudoLocale {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-pseudo-\(UUID().uuidString)")
        let script = repository.appendingPathComponent("Tests/pseudo-locale/make-pseudo-locale.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, directory.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PseudoLocaleError(message: "make-pseudo-locale.sh failed (is gettext installed? scripts/setup)")
        }
        return PseudoLocale(directory: directory)
    }

    /// gettext reads LANGUAGE only when LC_MESSAGES is not "C"; C.UTF-8
    /// always exists.
    func activate() {
        savedMessages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        savedDirectory = Localization.localeDirectory
        setlocale(LC_MESSAGES, "C.UTF-8")
        setenv("LANGUAGE", "xx", 1)
        Localization.bind(localeDirectory: directory.path)
    }

    func deactivate() {
        if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
        setlocale(LC_MESSAGES, savedMessages ?? "C")
        Localization.bind(localeDirectory: savedDirectory)
    }

    /// Runs the real `feedline` (built beside the tests) under the
    /// pseudo-locale; its standard output, or its standard error.
    func run(_ arguments: [String], standardError: Bool = false) throws -> String {
        let bundle = Bundle(for: PseudoLocaleTests.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("feedline") }
        guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw PseudoLocaleError(message: "no feedline built beside the tests (\(bundle.path))")
        }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANGUAGE"] = "xx"
        environment["FEEDLINE_LOCALE_DIR"] = directory.path
        process.environment = environment
        let pipe = Pipe()
        if standardError { process.standardError = pipe } else { process.standardOutput = pipe }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether every word of `text` is inside markers: the marked spans
    /// (innermost first) taken out, no letter may be left but the key
    /// names keyboards print ("F5", the "R" of "⟦Ctrl⟧+R") and web
    /// addresses (an entry's example, https://example.org/feed.xml).
    static func isMarked(_ text: String) -> Bool {
        var rest = text.replacingOccurrences(of: #"https?://[^\s⟦⟧]+"#, with: " ", options: .regularExpression)
        while let span = rest.range(of: "⟦[^⟦⟧]*⟧", options: .regularExpression) {
            rest.replaceSubrange(span, with: " ")
        }
        // Key names as keyboards print them: F1, Ctrl+R's R, and a letter
        // key alone in --help's keys column ("  M   Mark the item…").
        rest = rest.replacingOccurrences(of: #"(?m)\bF[0-9]{1,2}\b|\+[A-Z0-9?](?![A-Za-z])|^ {2}[A-Z](?= {2})"#, with: " ",
                                         options: .regularExpression)
        return rest.rangeOfCharacter(from: .letters) == nil
    }
}

private struct PseudoLocaleError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
