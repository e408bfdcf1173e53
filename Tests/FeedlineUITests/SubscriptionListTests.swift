import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Import Subscriptions… and Export Subscriptions… from the main menu of
/// a real window over a real store, with real OPML files: the desktop's
/// file chooser, what an import adds (in its folders) and says, an export
/// that reads back the same, a file that is no list.
final class SubscriptionListTests: StoreTestCase, @unchecked Sendable {
    /// A window on a store following one feed (a file), which updates.
    @MainActor
    private func window(file: StaticString = #filePath, line: UInt = #line) throws -> (FeedWindow, Subscriptions) {
        let store = try fixture.store()
        let known = FeedSpec.document(fixture.feeds.writeFeed(named: "known.json", title: "Known", count: 4, label: "Known"))
        _ = try subscribe(store, [(known, "Known", [])], file: file, line: line)
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        let window = openWindow(on: subscriptions, waitForItems: false, file: file, line: line)
        waitUntil("the first update ends", file: file, line: line) { !subscriptions.isUpdating && self.titles(window).count == 4 }
        return (window, subscriptions)
    }

    private func escaped(_ url: URL) -> String {
        url.absoluteString.replacingOccurrences(of: "&", with: "&amp;")
    }

    func testImportSubscriptionsOpensTheDesktopsFileChooser() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try window()
            XCTAssertTrue(window.window.activateAction("win.import-subscriptions"))
            let chooser = try XCTUnwrap(window.fileChooser)
            XCTAssertEqual(chooser.mode, .open)
            XCTAssertEqual(chooser.title, "Import Subscriptions")
            waitUntil("it shows") { chooser.isShowing }
            // Escape answers Cancel, as the reader would.
            XDoTool.press(["Escape"], inWindowTitled: "Import Subscriptions")
            waitUntil("and goes, letting go of it") { !chooser.isShowing && window.fileChooser == nil }
            XCTAssertNil(window.lastListMessage, "nothing imported")
        }
    }

    func testImportingAListSubscribesToItsFeedsInTheirFoldersAndSaysWhatItDid() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try window()
            let planet = fixture.feeds.writeFeed(named: "planet.json", title: "Planet", count: 3, label: "Planet")
            let lwn = fixture.feeds.writeFeed(named: "lwn.json", title: "LWN", count: 2, label: "LWN")
            let known = fixture.feeds.url("known.json")
            let list = fixture.feeds.write(Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head><title>Someone's feeds</title></head>
                  <body>
                    <outline text="Linux">
                      <outline type="rss" text="Planet GNOME" xmlUrl="\(escaped(planet))"/>
                      <outline text="News">
                        <outline type="rss" text="LWN.net" xmlUrl="\(escaped(lwn))"/>
                      </outline>
                    </outline>
                    <outline type="rss" text="Known again" xmlUrl="\(escaped(known))"/>
                    <outline type="rss" text="Old blog" htmlUrl="https://old.example.org/"/>
                  </body>
                </opml>
                """.utf8), named: "feeds.opml")

            window.importSubscriptions(from: list)
            let said = "Imported 2 subscriptions (1 already there, 1 skipped: “Old blog” has no feed address)"
            waitUntil("it says what it did") { window.lastListMessage == said }
            XCTAssertEqual(window.statusBar.label.text, said)
            waitUntil("and to screen readers") { window.announcements.contains(said) }
            waitUntil("the new feeds update, in their folders") {
                self.sidebarRows(window) == ["All items 9", "Unread 9", "Starred 0", "Known 4", "Linux 5", "  Planet GNOME 3",
                                             "  News 2", "    LWN.net 2"]
            }
            XCTAssertEqual(subscriptions.list.map(\.folder), [[], ["Linux"], ["Linux", "News"]])
        }
    }

    func testAnExportReadsBackAsTheSameSubscriptionsAndFolders() throws {
        try MainActor.assumeIsolated {
            let (window, _) = try window()
            let store = try XCTUnwrap(window.subscriptions?.store)
            let tech = FeedSpec.document(fixture.feeds.writeFeed(named: "tech.json", title: "Tech", count: 1))
            _ = try subscribe(store, [(tech, "Deep Tech", ["Tech", "Deep"])])
            let file = fixture.folder.appendingPathComponent("export.opml")
            window.exportSubscriptions(to: file)
            waitUntil("it says so") { window.lastListMessage == "Exported 2 subscriptions to \(file.path)" }
            let read = try OPMLReader.read(Data(contentsOf: file))
            XCTAssertEqual(read.subscriptions.map(\.title), ["Known", "Deep Tech"])
            XCTAssertEqual(read.subscriptions.map(\.folder), [[], ["Tech", "Deep"]])
            XCTAssertEqual(read.problems, [])
        }
    }

    func testAFileThatIsNoListIsExplainedAndNothingChanges() throws {
        try MainActor.assumeIsolated {
            let (window, subscriptions) = try window()
            let notAList = fixture.feeds.url("known.json")
            window.importSubscriptions(from: notAList)
            waitUntil("it says why") { window.lastListMessage == "“\(notAList.path)” isn't an OPML subscription list" }
            let missing = fixture.folder.appendingPathComponent("missing.opml")
            window.importSubscriptions(from: missing)
            waitUntil("and why not") { window.lastListMessage == "Couldn't read “\(missing.path)”: No such file or directory" }
            XCTAssertEqual(subscriptions.list.count, 1)
        }
    }
}
