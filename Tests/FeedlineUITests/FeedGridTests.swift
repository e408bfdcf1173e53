import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import GtkKitTestSupport
import XCTest

@testable import FeedlineUI

/// The photo grid in real windows: Ctrl+2 and the header's buttons switch
/// to a GtkGridView that pages, fails, retries, ends and refreshes exactly
/// like the list; switching keeps the reader's item and focus; each feed
/// reopens in the layout chosen for it; tiles keep their size when pictures
/// arrive.
final class FeedGridTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    @MainActor
    private func press(_ keys: String..., in window: FeedWindow) {
        XDoTool.press(keys, inWindowTitled: window.window.title ?? "")
    }

    /// A feed of 30 items with more to come, whose requests the test
    /// answers, in a window showing it as a grid.
    @MainActor
    private func gridOfGatedFeed(file: StaticString = #filePath, line: UInt = #line) -> (GatedSource, FeedWindow) {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
        let window = openWindow(on: source, file: file, line: line)
        press("ctrl+2", in: window)
        waitUntil("the grid shows the feed", file: file, line: line) { window.feedList.view is GridView }
        waitUntil("tiles are laid out, three across", file: file, line: line) {
            let tops = (0..<4).map { window.feedList.factory.rowWidget(at: $0)?.top(in: window.feedList.scroller) }
            guard let first = tops[0], let third = tops[2], let fourth = tops[3] else { return false }
            return first == tops[1] && tops[1] == third && fourth > third
        }
        return (source, window)
    }

    /// A window on a local feed of `count` items, settled.
    @MainActor
    private func localFeed(count: Int, pageSize: Int, file: StaticString = #filePath, line: UInt = #line) -> FeedWindow {
        let source = SimulatedNetwork(LocalFeedSource(file: fixture.writeFeed(count: count), pageSize: pageSize),
                                      latency: .zero)
        let window = openWindow(on: source, file: file, line: line)
        settle(window, file: file, line: line)
        return window
    }

    func testCtrl2ShowsTheSameItemsAsTilesThreeAcross() throws {
        try MainActor.assumeIsolated {
            let source = GatedSource()
            source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
            let window = openWindow(on: source)
            XCTAssertTrue(window.header.listButton.isActive)
            press("ctrl+2", in: window)
            waitUntil("the grid shows the feed") { window.feedList.view is GridView }
            XCTAssertTrue(window.header.gridButton.isActive, "the header says which layout is shown")
            XCTAssertFalse(window.header.listButton.isActive)
            XCTAssertEqual(ids(window), (0..<30).map(FeedFixture.id), "the same items, none reloaded")
            XCTAssertEqual(source.requestCount, 1)
            waitUntil("tiles are laid out, three across in a window of the default width") {
                let tops = (0..<4).map { window.feedList.factory.rowWidget(at: $0)?.top(in: window.feedList.scroller) }
                guard let first = tops[0], let third = tops[2], let fourth = tops[3] else { return false }
                return first == tops[1] && tops[1] == third && fourth > third
            }
            XCTAssertNotNil(window.feedList.factory.cell(at: 0)?.tile, "grid cells are tiles")
            XCTAssertTrue(try XCTUnwrap(window.feedList.factory.rowWidget(at: 0)).accessibleLabelIs("Item 0"),
                          "a tile has the same short name as a row")
        }
    }

    func testTheGridPagesFailsRetriesAndEndsLikeTheList() throws {
        try MainActor.assumeIsolated {
            let (source, window) = gridOfGatedFeed()
            scrollToBottom(window)
            waitUntil("the next page is asked for at the end of the grid") { source.requestCount == 2 }
            XCTAssertEqual(try source.request(1).cursor, PageCursor("30"))
            waitUntil("the loading tile spins") {
                self.scrollToBottom(window)
                return self.footerCell(window)?.shownFooter?.spinner.isSpinning == true
            }
            source.answer(1, with: .failure(FeedError("The server is down")))
            waitUntil("the footer tile offers Retry") {
                self.scrollToBottom(window)
                return self.footerCell(window)?.shownFooter?.retryButton.isMapped == true
            }
            XCTAssertEqual(ids(window), (0..<30).map(FeedFixture.id), "nothing already loaded is lost")
            press("alt+r", in: window)
            waitUntil("Retry asks for the same page") { source.requestCount == 3 }
            XCTAssertEqual(try source.request(2).cursor, PageCursor("30"))
            source.answer(2, with: .success(GatedSource.page(30..<45, next: nil)))
            waitUntil("the page lands and the feed ends") { window.feedList.footer == .end }
            XCTAssertEqual(ids(window), (0..<45).map(FeedFixture.id), "no item skipped or shown twice")
            waitUntil("the end tile says so") {
                self.scrollToBottom(window)
                return self.footerCell(window)?.shownFooter?.message.text == "You're all caught up"
            }
        }
    }

    func testARefreshStartsTheGridAgainAtTheTopAndListGoesBackToRows() throws {
        try MainActor.assumeIsolated {
            let (source, window) = gridOfGatedFeed()
            press("ctrl+r", in: window)
            waitUntil("Refresh asks for the first page") { source.requestCount == 2 }
            XCTAssertNil(try source.request(1).cursor)
            source.answer(1, with: .success(GatedSource.page(100..<120, next: 120)))
            waitUntil("the grid starts again from the top") { ids(window).first == "item-100" }
            XCTAssertTrue(window.feedList.view is GridView, "still a grid")
            waitUntil("at the top") { window.feedList.adjustment.value == 0 }

            window.header.listButton.click()
            waitUntil("List goes back to rows") { window.feedList.view is ListView }
            XCTAssertNotNil(window.feedList.factory.cell(at: 0)?.row)
            XCTAssertEqual(ids(window).first, "item-100")
        }
    }

    func testSwitchingKeepsTheFocusedItemFocused() throws {
        try MainActor.assumeIsolated {
            let window = localFeed(count: 100, pageSize: 50)
            window.feedList.focusRow(at: 37)
            waitUntil("row 37 has focus") { window.feedList.focusedItem?.id == FeedFixture.id(37) }
            press("ctrl+2", in: window)
            waitUntil("the grid has the same item focused") {
                window.feedList.view is GridView && window.feedList.focusedItem?.id == FeedFixture.id(37)
            }
            let tile = try XCTUnwrap(window.feedList.factory.rowWidget(at: 37))
            let top = tile.top(in: window.feedList.scroller) ?? -1
            XCTAssertTrue(top >= 0 && top < Double(window.feedList.scroller.allocatedHeight), "and in view: \(top)")
            press("Right", in: window)
            waitUntil("arrow keys move along the grid's row") { window.feedList.focusedItem?.id == FeedFixture.id(38) }
            press("ctrl+1", in: window)
            waitUntil("the list has it focused") {
                window.feedList.view is ListView && window.feedList.focusedItem?.id == FeedFixture.id(38)
            }
        }
    }

    func testSwitchingWithNothingFocusedKeepsTheItemInViewWithoutAWarning() {
        MainActor.assumeIsolated {
            let window = localFeed(count: 200, pageSize: 100)
            window.feedList.view.dropFocus()
            // Scrolled as a wheel would, a step a frame, until item 60 is
            // at the top of the view.
            let list = window.feedList
            for _ in 0..<60 {
                let rows = list.visibleRows
                if let row = rows.first(where: { $0.position == 60 }) {
                    if abs(row.top) < 1 { break }
                    list.adjustment.value += row.top
                } else {
                    list.adjustment.value += (rows.allSatisfy { $0.position < 60 } ? 1 : -1) * list.adjustment.pageSize / 2
                }
                settle(window)
            }
            XCTAssertEqual(list.visibleRows.min { $0.position < $1.position }?.position, 60, "item 60 is at the top")
            XCTAssertNil(window.feedList.focusedItem, "nothing is focused")
            let warnings = capturingStandardError {
                window.show(layout: .grid)
                waitUntil("the grid shows item 60") {
                    window.feedList.view is GridView && window.feedList.visibleRows.contains { $0.position == 60 }
                }
                settle(window)
            }
            XCTAssertFalse(warnings.contains("failed to scroll"), warnings)
            XCTAssertFalse(warnings.contains("ran out of items"), warnings)
            XCTAssertTrue(window.feedList.visibleRows.contains { $0.position == 60 }, "item 60 stays in view")
        }
    }

    /// The columns in the grid's first row of tiles.
    @MainActor
    private func columns(_ window: FeedWindow) -> Int {
        let list = window.feedList
        let tops = (0..<20).map { list.factory.rowWidget(at: $0)?.top(in: list.scroller) }
        return tops.prefix { $0 != nil && $0 == tops[0] }.count
    }

    func testTheGridKeepsTilesOnlyForTheColumnsItShowsAndFollowsTheWindowsWidth() {
        MainActor.assumeIsolated {
            let window = localFeed(count: 600, pageSize: 600)
            window.show(layout: .grid)
            waitUntil("three across") { self.columns(window) == 3 }
            settle(window)
            // GtkGridView 4.8 keeps tiles for about 32 rows of its most
            // columns: 384 tiles for a limit of 12.
            let tiles = window.feedList.view.rowWidgetCount
            XCTAssertLessThanOrEqual(tiles, 32 * 4 + 8, "tiles for the columns shown and one more, not for 12")
            XCTAssertGreaterThanOrEqual(tiles, 30 * 3, "tiles for the rows GTK keeps of the columns shown")

            let title = window.window.title ?? ""
            XDoTool.resize(title, width: window.window.allocatedWidth + 3 * 200, height: window.window.allocatedHeight)
            waitUntil("a wider window shows more columns") { self.columns(window) >= 6 }
            XDoTool.resize(title, width: window.window.allocatedWidth - 3 * 200, height: window.window.allocatedHeight)
            waitUntil("and fewer again when narrower") { self.columns(window) == 3 }
            settle(window)
            XCTAssertLessThanOrEqual(window.feedList.view.rowWidgetCount, 32 * 4 + 8)
        }
    }

    func testEachFeedOpensInTheLayoutChosenForItAlsoAfterARestart() throws {
        try MainActor.assumeIsolated {
            let reader = SubscriptionsFixture()
            let store = try reader.store()
            let photos = FeedSpec.document(reader.feeds.writeFeed(named: "photos.json", title: "Photos", count: 30))
            let ids = try subscribe(store, [(.sample, "Sample", []), (photos, "Photos", [])])
            let window = openWindow(on: reader.subscriptions(over: store), opening: .scope(.subscription(ids[1])))
            XCTAssertTrue(window.feedList.view is ListView, "a list until chosen otherwise")
            window.header.gridButton.click()
            waitUntil("the grid") { window.feedList.view is GridView }

            window.open(.subscription(ids[0]))
            waitUntil("the sample feed is shown") { window.feedList.items.first?.title == "Sample 0" }
            XCTAssertTrue(window.feedList.view is ListView, "the sample feed was never switched")
            XCTAssertTrue(window.header.listButton.isActive)
            window.open(.all)
            waitUntil("All items is shown") { window.window.title == "All items" && window.feedList.itemCount > 0 }
            XCTAssertTrue(window.feedList.view is ListView, "All items keeps a layout of its own")
            window.open(.subscription(ids[1]))
            waitUntil("the photos feed is back") { window.feedList.items.first?.title == "Item 0" }
            XCTAssertTrue(window.feedList.view is GridView, "in the grid chosen for it")
            XCTAssertTrue(window.header.gridButton.isActive)

            let kept = try wait("the store keeps it") {
                for _ in 0..<100 where try await store.subscriptions()[1].layout != .grid {
                    try await Task.sleep(for: .milliseconds(20))
                }
                return try await store.subscriptions().map(\.layout)
            }
            XCTAssertEqual(kept, [.list, .grid], "kept in the store")
            let reopened = openWindow(on: reader.subscriptions(over: store), opening: .scope(.subscription(ids[1])),
                                      waitForItems: false)
            XCTAssertTrue(reopened.feedList.view is GridView, "a new window opens it as a grid")
            XCTAssertTrue(reopened.header.gridButton.isActive)
        }
    }

    func testATileKeepsItsSizeWhenItsPictureArrivesAndAWarnedPictureWaitsForShowPost() throws {
        let server = try LoopbackServer { request in
            .init(status: 200, headers: ["Content-Type": "image/png"],
                  body: TestImages.png(width: 400, height: 300), delay: .milliseconds(request.path == "/slow.png" ? 600 : 0))
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let source = GatedSource()
            let items = [
                FeedItem(id: "photo", title: "Photo", imageURL: server.url("/slow.png")),
                FeedItem(id: "text", title: "Words", summary: "Only words here"),
                FeedItem(id: "warned", title: "Hidden", imageURL: server.url("/warned.png"), contentWarning: "Spiders"),
            ]
            source.answer(0, with: .success(FeedPage(items: items, next: nil)))
            let window = openWindow(on: source)
            window.show(layout: .grid)
            waitUntil("the tiles are laid out") { (window.feedList.factory.cell(at: 0)?.tile?.root.allocatedHeight ?? 0) > 0 }
            let photo = try XCTUnwrap(window.feedList.factory.cell(at: 0)?.tile)
            let height = photo.root.allocatedHeight
            XCTAssertNil(photo.picture.picture.texture, "the slow picture is not here yet")
            XCTAssertTrue(photo.picture.picture.isVisible, "its placeholder holds its place")
            waitUntil("the picture arrives") { photo.picture.picture.texture != nil }
            waitUntilSteady("the tile's height", in: window) { photo.root.allocatedHeight }
            XCTAssertEqual(photo.root.allocatedHeight, height, "the tile did not change height")

            let text = try XCTUnwrap(window.feedList.factory.cell(at: 1)?.tile)
            XCTAssertFalse(text.picture.picture.isVisible)
            XCTAssertEqual(text.excerpt.text, "Only words here", "a tile without a picture shows its words")
            XCTAssertEqual(text.root.allocatedHeight, height, "in a box of the same size")
            let scroller = window.feedList.scroller
            XCTAssertEqual(text.title.top(in: scroller), photo.title.top(in: scroller),
                           "the card takes the picture's place: the titles are in line")

            let warned = try XCTUnwrap(window.feedList.factory.cell(at: 2)?.tile)
            XCTAssertEqual(warned.title.text, "Content warning: Spiders")
            XCTAssertTrue(warned.picture.picture.isVisible, "the placeholder stands in")
            waitUntilDownloadsFinish(.shared, drawing: window)
            XCTAssertFalse(server.requests.contains { $0.path == "/warned.png" }, "not even downloaded")
            warned.revealButton.click()
            waitUntil("Show Post shows the picture") { warned.picture.picture.texture != nil }
            XCTAssertEqual(warned.title.text, "Hidden")
            XCTAssertEqual(warned.revealButton.label, "Hide Post")
        }
    }
}
