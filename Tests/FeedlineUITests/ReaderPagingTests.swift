import FeedCore
import FeedTestSupport
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Moving item to item in the reader view, in real windows with real key
/// presses, scrolls and drags (xdotool through the X server): three page
/// widgets however far the reader goes, the ring on a finished feed, the
/// next page loading (and failing, and retried) past the last item loaded,
/// rapid moves counted exactly, and the way back to the list.
final class ReaderPagingTests: GtkTestCase, @unchecked Sendable {
    let fixture = FeedFixture()

    @MainActor
    private func press(_ keys: [String], in window: FeedWindow, delay: Int = 30) {
        XDoTool.press(keys, inWindowTitled: window.window.title ?? "", delay: delay)
    }

    /// Opens the reader on the item at `index` the way a person does: focus
    /// its row, press Enter.
    @MainActor
    private func read(_ index: Int, in window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) {
        window.feedList.focusRow(at: index)
        waitUntil("row \(index) has focus", file: file, line: line) {
            window.feedList.focusedItem?.id == FeedFixture.id(index)
        }
        press(["Return"], in: window)
        waitUntil("the reader shows item \(index)", file: file, line: line) {
            window.isReading && window.reader.item?.id == FeedFixture.id(index)
        }
    }

    /// The titles shown by the previous, current and next pages.
    @MainActor
    private func neighbourhood(_ reader: ReaderView) -> [String] {
        guard let shown = reader.pages.firstIndex(where: { $0 === reader.currentPage }) else { return [] }
        return [(shown + 2) % 3, shown, (shown + 1) % 3].map { reader.pages[$0].item?.title ?? "–" }
    }

    /// A finished feed of 7 items (one page): the window and its title.
    @MainActor
    private func finishedFeed(_ name: String, count: Int = 7) -> FeedWindow {
        let title = "\(name) \(UUID().uuidString.prefix(8))"
        let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: count)))
        waitUntil("the feed is finished") { window.window.title == title && window.isExhausted }
        return window
    }

    /// A feed with more to come, whose requests the test answers: the
    /// first page (items 0–29) is in.
    @MainActor
    private func gatedFeedOf30() -> (GatedSource, FeedWindow) {
        let source = GatedSource()
        source.answer(0, with: .success(GatedSource.page(0..<30, next: 30)))
        return (source, openWindow(on: source))
    }

    func testLeftOnTheFirstItemShowsTheLastAndRightOnTheLastTheFirst() {
        MainActor.assumeIsolated {
            let window = finishedFeed("Ring")
            let reader = window.reader
            read(0, in: window)
            XCTAssertEqual(neighbourhood(reader), ["Item 6", "Item 0", "Item 1"],
                           "the pages beside the first are the last and the second")
            XCTAssertTrue(reader.previousButton.isSensitive)

            press(["Left"], in: window)
            waitUntil("Left on the first item shows the last") { reader.item?.id == FeedFixture.id(6) }
            XCTAssertEqual(reader.position.text, "Item 7 of 7")
            waitUntil("and says so") { window.announcements.last == "Item 7 of 7: Item 6" }
            press(["Right"], in: window)
            waitUntil("Right on the last shows the first") { reader.item?.id == FeedFixture.id(0) }
            waitUntil("and says so") { window.announcements.last == "Item 1 of 7: Item 0" }
        }
    }

    func testThreePageWidgetsServe200MovesRoundTheRingNoneLostOrDoubled() {
        MainActor.assumeIsolated {
            let window = finishedFeed("Ring")
            let reader = window.reader
            read(0, in: window)
            press(Array(repeating: "Right", count: 200), in: window, delay: 8)
            waitUntil("200 moves land on item 200 mod 7 = 4") { reader.item?.id == FeedFixture.id(4) }
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(4), "and stay there: no move lost or doubled")
            XCTAssertEqual(reader.carousel.childCount, 3, "three page widgets, the same three all along")
            XCTAssertEqual(neighbourhood(reader), ["Item 3", "Item 4", "Item 5"])
            XCTAssertEqual(reader.position.text, "Item 5 of 7")
        }
    }

    func testPageUpAndPageDownGoRoundTheRingToo() {
        MainActor.assumeIsolated {
            let window = finishedFeed("Ring")
            let reader = window.reader
            read(4, in: window)
            press(Array(repeating: "Prior", count: 12), in: window)
            waitUntil("Page Up goes back, across the first item") { reader.item?.id == FeedFixture.id(6) }
            press(["Next"], in: window)
            waitUntil("Page Down goes on, across the last") { reader.item?.id == FeedFixture.id(0) }
            XCTAssertEqual(reader.carousel.childCount, 3)
        }
    }

    func testThePreviousAndNextButtonsMoveOneItemEach() {
        MainActor.assumeIsolated {
            let window = finishedFeed("Ring")
            let reader = window.reader
            read(0, in: window)
            reader.nextButton.click()
            reader.nextButton.click()
            reader.previousButton.click()
            XCTAssertEqual(reader.item?.id, FeedFixture.id(1), "the buttons move one item each")
        }
    }

    func testTenRapidMovesLandExactlyTenItemsAwayAcrossTheWrap() {
        MainActor.assumeIsolated {
            let window = finishedFeed("Rapid")
            let reader = window.reader
            read(5, in: window)
            // Ten presses in a third of a second: each slide is cut short by the next.
            press(Array(repeating: "Right", count: 10), in: window)
            waitUntil("ten items on: (5 + 10) mod 7 = 1") { reader.item?.id == FeedFixture.id(1) }
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(1))
            XCTAssertEqual(neighbourhood(reader), ["Item 0", "Item 1", "Item 2"])
            waitUntil("the last move is what screen readers hear") {
                window.announcements.last == "Item 2 of 7: Item 1"
            }

            press(Array(repeating: "Left", count: 10), in: window)
            waitUntil("and ten back") { reader.item?.id == FeedFixture.id(5) }
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(5))
        }
    }

    func testTenItemsBeforeTheLastLoadedTheNextPageIsAskedFor() throws {
        try MainActor.assumeIsolated {
            let (source, window) = gatedFeedOf30()
            let reader = window.reader
            read(18, in: window)
            XCTAssertEqual(source.requestCount, 1, "11 items before the last, nothing more is asked yet")
            XCTAssertTrue(reader.previousButton.isSensitive)

            press(["Right"], in: window)
            waitUntil("ten items before the last the next page is asked for") { source.requestCount == 2 }
            XCTAssertEqual(try source.request(1).cursor, PageCursor("30"))
        }
    }

    /// A feed with more to come, read up to its last loaded item (by
    /// Enter on row 18 and eleven moves): the next page is asked for.
    @MainActor
    private func atTheLastLoadedItem(file: StaticString = #filePath, line: UInt = #line) -> (GatedSource, FeedWindow) {
        let (source, window) = gatedFeedOf30()
        read(18, in: window, file: file, line: line)
        for _ in 0..<11 { window.reader.move(.next) }
        waitUntil("the last item loaded, the next page asked for", file: file, line: line) {
            window.reader.item?.id == FeedFixture.id(29) && source.requestCount == 2
        }
        return (source, window)
    }

    /// As `atTheLastLoadedItem`, one move on: the page loading, whose
    /// request failed.
    @MainActor
    private func onTheFailedPage(file: StaticString = #filePath, line: UInt = #line) -> (GatedSource, FeedWindow) {
        let (source, window) = atTheLastLoadedItem(file: file, line: line)
        window.reader.move(.next)
        source.answer(1, with: .failure(FeedError("The server is down")))
        waitUntil("the failure shows with Retry", file: file, line: line) {
            window.reader.currentPage.footer.retryButton.isMapped
        }
        return (source, window)
    }

    func testPastTheLastLoadedItemComesTheLoadingPageNotTheFirstItem() {
        MainActor.assumeIsolated {
            let (_, window) = gatedFeedOf30()
            let reader = window.reader
            read(18, in: window)
            press(Array(repeating: "Right", count: 11), in: window)
            waitUntil("the last item loaded") { reader.item?.id == FeedFixture.id(29) }
            XCTAssertTrue(reader.nextButton.grabFocus())
            press(["space"], in: window)
            waitUntil("Next goes on to the page loading, not around to the first item") {
                reader.currentPage.footer.spinner.isSpinning && reader.item == nil
            }
            XCTAssertFalse(reader.nextButton.isSensitive, "nothing beyond until it comes")
            XCTAssertTrue(reader.root.containsFocus, "focus leaves the insensitive Next for Back, in the reader")
            press(["Left"], in: window)
            waitUntil("so Left still works") { reader.item?.id == FeedFixture.id(29) }
            press(["Right"], in: window)
            waitUntil("and Right") { reader.item == nil }
            XCTAssertEqual(reader.position.text, "Loading more items")
            press(["Right"], in: window)
            waitForInputHandled(in: window)
            XCTAssertNil(reader.item, "still waiting")
        }
    }

    func testAFailedNextPageSaysSoLosesNothingAndIsNotRetriedByItself() {
        MainActor.assumeIsolated {
            let (source, window) = onTheFailedPage()
            let reader = window.reader
            XCTAssertEqual(reader.currentPage.footer.message.text, "Couldn't load more items: The server is down")
            XCTAssertEqual(reader.position.text, "Couldn't load more items: The server is down")
            waitUntil("screen readers hear it") {
                window.announcements.last == "Couldn't load more items: The server is down. Retry is available"
            }
            press(["Left"], in: window)
            waitUntil("back to the last item: nothing the reader had is lost") {
                reader.item?.id == FeedFixture.id(29)
            }
            XCTAssertEqual(source.requestCount, 2, "no retry by itself")
            press(["Right"], in: window)
            waitUntil("the failure again") { reader.currentPage.footer.retryButton.isMapped }
        }
    }

    func testRetryAsksForTheSamePageWhoseFirstItemTakesTheLoadingPagesPlace() throws {
        try MainActor.assumeIsolated {
            let (source, window) = onTheFailedPage()
            let reader = window.reader
            reader.currentPage.footer.retryButton.click()
            waitUntil("Retry asks for the same page") { source.requestCount == 3 }
            XCTAssertEqual(try source.request(2).cursor, PageCursor("30"))
            XCTAssertTrue(reader.currentPage.footer.spinner.isSpinning)
            source.answer(2, with: .success(GatedSource.page(30..<50, next: nil)))
            waitUntil("the new page's first item takes the loading page's place") {
                reader.item?.id == FeedFixture.id(30)
            }
            XCTAssertEqual(reader.position.text, "Item 31 of 50")
            waitUntil("and is announced") { window.announcements.last == "Item 31 of 50: Item 30" }
            XCTAssertEqual(ids(window), (0..<50).map(FeedFixture.id), "no item skipped or shown twice")
        }
    }

    func testOnceTheLastPageLandsTheItemsFormARing() {
        MainActor.assumeIsolated {
            let (source, window) = atTheLastLoadedItem()
            let reader = window.reader
            reader.move(.next)
            source.answer(1, with: .success(GatedSource.page(30..<50, next: nil)))
            waitUntil("the new page's first item") { reader.item?.id == FeedFixture.id(30) }
            press(Array(repeating: "Right", count: 20), in: window, delay: 15)
            waitUntil("now the feed is finished, past the last item comes the first") {
                reader.item?.id == FeedFixture.id(0)
            }
            press(["Left"], in: window)
            waitUntil("and before the first, the last") { reader.item?.id == FeedFixture.id(49) }
        }
    }

    func testBackReturnsToTheListAtTheItemLastRead() {
        MainActor.assumeIsolated {
            let title = "Back \(UUID().uuidString.prefix(8))"
            let window = openWindow(on: LocalFeedSource(file: fixture.writeFeed(title: title, count: 60)))
            waitUntil("the title is the feed's") { window.window.title == title }
            read(2, in: window)
            press(Array(repeating: "Right", count: 14), in: window)
            waitUntil("item 16") { window.reader.item?.id == FeedFixture.id(16) }
            press(["Escape"], in: window)
            waitUntil("the list, with focus on item 16") {
                !window.isReading && window.feedList.focusedItem?.id == FeedFixture.id(16)
            }
            XCTAssertEqual(window.feedList.factory.focusedCell?.cell.item?.id, FeedFixture.id(16))
            let row = window.feedList.factory.rowWidget(at: 16)
            XCTAssertNotNil(row?.top(in: window.feedList.scroller), "its row is laid out")
            if let top = row?.top(in: window.feedList.scroller) {
                XCTAssertTrue(top >= 0 && top < window.feedList.adjustment.pageSize, "and in view")
            }
        }
    }

    func testARefreshKeepsTheItemReadWhereverItMoved() throws {
        try MainActor.assumeIsolated {
            let (source, window) = gatedFeedOf30()
            let reader = window.reader
            read(5, in: window)
            press(["ctrl+r"], in: window)
            waitUntil("Refresh asks for the first page") { source.requestCount == 2 }
            XCTAssertNil(try source.request(1).cursor)
            source.answer(1, with: .success(GatedSource.page(3..<33, next: 33)))
            waitUntil("the refreshed feed is in") { window.feedList.item(at: 0)?.id == FeedFixture.id(3) }
            XCTAssertTrue(window.isReading, "the item is still in the feed: the reader stays on it")
            XCTAssertEqual(reader.item?.id, FeedFixture.id(5))
            XCTAssertEqual(reader.position.text, "Item 3 of 30", "where it is now")
            press(["Right"], in: window)
            waitUntil("and moves on from there") { reader.item?.id == FeedFixture.id(6) }
        }
    }

    func testARefreshWithoutTheItemReadGoesBackToTheList() {
        MainActor.assumeIsolated {
            let (source, window) = gatedFeedOf30()
            read(5, in: window)
            press(["ctrl+r"], in: window)
            waitUntil("Refresh") { source.requestCount == 2 }
            source.answer(1, with: .success(GatedSource.page(100..<130, next: 130)))
            waitUntil("the item is gone: back to the list, focus on its first row") {
                !window.isReading && window.feedList.focusedItem?.id == FeedFixture.id(100)
            }
        }
    }

    func testUpDownHomeAndEndScrollALongItemWithoutLeavingIt() {
        MainActor.assumeIsolated {
            let title = "Long \(UUID().uuidString.prefix(8))"
            let url = fixture.writeFeed(title: title, count: 3) { index, item in
                item["content_text"] = (1...150).map { "Paragraph \($0) of item \(index)." }.joined(separator: "\n\n")
            }
            let window = openWindow(on: LocalFeedSource(file: url))
            waitUntil("the feed is finished") { window.window.title == title && window.isExhausted }
            read(1, in: window)
            let reader = window.reader
            let scroll = { reader.currentPage.scrollOffset }
            waitUntil("the text is laid out, taller than the window") { reader.currentPage.scrollRange > 1000 }
            press(["Down", "Down", "Down"], in: window)
            waitUntil("Down scrolls the text a line at a time") { scroll() == 3 * ReaderPage.lineHeight }
            press(["Up"], in: window)
            waitUntil("Up back") { scroll() == 2 * ReaderPage.lineHeight }
            press(["End"], in: window)
            waitUntil("End: to the bottom") { scroll() == reader.currentPage.scrollRange }
            press(["Home"], in: window)
            waitUntil("Home: to the top") { scroll() == 0 }
            XCTAssertEqual(reader.item?.id, FeedFixture.id(1), "on the same item all along")
            XCTAssertTrue(reader.backButton.containsFocus, "and focus did not wander")
        }
    }

    /// A finished feed of 7 items of 12 selectable lines, read at item 3:
    /// the window and its title.
    @MainActor
    private func readingForGestures(file: StaticString = #filePath, line: UInt = #line) -> (FeedWindow, String) {
        let title = "Gestures \(UUID().uuidString.prefix(8))"
        let url = fixture.writeFeed(title: title, count: 7) { index, item in
            item["content_text"] = (1...12).map { "Line \($0) of item \(index), long enough to select." }
                .joined(separator: "\n")
        }
        let window = openWindow(on: LocalFeedSource(file: url), file: file, line: line)
        waitUntil("the feed is finished", file: file, line: line) { window.window.title == title && window.isExhausted }
        read(3, in: window, file: file, line: line)
        // The pointer comes into the window first, as a hand on the mouse
        // does before it drags or scrolls.
        XDoTool.point(at: 320, 400, then: [], inWindowTitled: title, file: file, line: line)
        waitForInputHandled(in: window, file: file, line: line)
        return (window, title)
    }

    /// A drag of 180 px in six steps, starting where the pointer is.
    private static func drag(left: Bool) -> [String] {
        let step = left ? ["mousemove_relative", "--", "-30", "2"] : ["mousemove_relative", "30", "0"]
        return ["mousedown", "1"] + Array(repeating: step, count: 6).flatMap { ["sleep", "0.02"] + $0 } + ["mouseup", "1"]
    }

    /// Where a drag on the reader's title (plain text, not selectable) starts.
    @MainActor
    private func titleY(_ window: FeedWindow) throws -> Int {
        let title = window.reader.currentPage.title
        waitUntil("the title is laid out") { (title.top(in: window.window) ?? 0) > 0 }
        return Int(try XCTUnwrap(title.top(in: window.window))) + 10
    }

    func testSidewaysScrollingMovesOneItemEachAndUpAndDownStay() {
        MainActor.assumeIsolated {
            let (window, title) = readingForGestures()
            let reader = window.reader
            let (x, y) = (320, 400)

            // GTK's X11 backend takes the first scroll along each axis after
            // the pointer comes in as where the wheel starts, not as a
            // scroll: turn both wheels once, then start from where that left.
            XDoTool.point(at: x, y, then: ["click", "5", "sleep", "0.05", "click", "6"], inWindowTitled: title)
            waitForInputHandled(in: window)
            let start = reader.item.flatMap { Int($0.id.dropFirst("item-".count)) } ?? -1
            XCTAssertTrue([2, 3].contains(start), "at most one step back, no more")
            XDoTool.point(at: x, y, then: ["click", "7"], inWindowTitled: title)
            waitUntil("a click of the wheel to the right: the next item") {
                reader.item?.id == FeedFixture.id(start + 1)
            }
            XDoTool.point(at: x, y, then: ["click", "6"], inWindowTitled: title)
            waitUntil("to the left: the previous one") { reader.item?.id == FeedFixture.id(start) }
            XDoTool.point(at: x, y, then: ["click", "5", "sleep", "0.05", "click", "4"], inWindowTitled: title)
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(start), "scrolling down and up stays on the item")
        }
    }

    func testDraggingTheTitleMovesOneItemEachAlsoTwiceInOneSlide() throws {
        try MainActor.assumeIsolated {
            let (window, title) = readingForGestures()
            let reader = window.reader
            let titleY = try titleY(window)
            let dragLeft = Self.drag(left: true)
            XDoTool.point(at: 500, titleY, then: dragLeft, inWindowTitled: title)
            waitUntil("a drag to the left: the next item") { reader.item?.id == FeedFixture.id(4) }
            XDoTool.point(at: 100, titleY, then: Self.drag(left: false), inWindowTitled: title)
            waitUntil("to the right: the previous one") { reader.item?.id == FeedFixture.id(3) }
            XDoTool.point(at: 500, titleY, then: dragLeft + ["mousemove", "--window", "%1", "500", String(titleY)]
                            + dragLeft, inWindowTitled: title)
            waitUntil("two swipes, the second while the first still slides: two items on") {
                reader.item?.id == FeedFixture.id(5)
            }
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(5), "no more")
        }
    }

    func testAShortSlowDragMovesNothing() throws {
        try MainActor.assumeIsolated {
            let (window, title) = readingForGestures()
            let shortDrag = ["mousedown", "1", "sleep", "0.3", "mousemove_relative", "--", "-20", "0",
                             "sleep", "0.3", "mouseup", "1"]
            XDoTool.point(at: 300, try titleY(window), then: shortDrag, inWindowTitled: title)
            waitForInputHandled(in: window)
            XCTAssertEqual(window.reader.item?.id, FeedFixture.id(3), "a short, slow drag moves nothing")
        }
    }

    func testAMouseDragOverTheTextSelectsItAndStaysOnTheItem() throws {
        try MainActor.assumeIsolated {
            let (window, title) = readingForGestures()
            let reader = window.reader
            let body = reader.currentPage.body
            waitUntil("the text is laid out") { (body.top(in: window.window) ?? 0) > 0 }
            let bodyY = Int(try XCTUnwrap(body.top(in: window.window))) + 20
            XCTAssertFalse(body.hasSelection)
            XDoTool.point(at: 500, bodyY, then: Self.drag(left: true), inWindowTitled: title)
            waitUntil("a mouse drag over the text selects it") { body.hasSelection }
            waitForInputHandled(in: window)
            XCTAssertEqual(reader.item?.id, FeedFixture.id(3), "and stays on the item")
            XCTAssertTrue(window.isReading)
        }
    }
}
