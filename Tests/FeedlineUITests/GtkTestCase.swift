import FeedCore
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// Base of the tests that open real windows (under Xvfb: see
/// `build-aux/with-display.sh`, which `scripts/test` uses).
///
/// XCTest runs these synchronous test methods on the process's main thread,
/// which is the GTK thread; test bodies enter the main actor with
/// `MainActor.assumeIsolated` and pump the GLib loop (which also runs Swift
/// concurrency's main queue, as in the app) while waiting for something.
/// (`@unchecked Sendable`: XCTest creates and runs these on the main thread
/// only; the main actor is entered with a run-time check.)
class GtkTestCase: XCTestCase, @unchecked Sendable {
    static let timeout: Duration = .seconds(15)
    private var windows: [FeedWindow] = []

    override func setUp() {
        super.setUp()
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            XCTFail("No display. Run the suite with scripts/test (it starts Xvfb), or set DISPLAY.")
            return
        }
        MainActor.assumeIsolated { _ = TestApplication.shared }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            for window in windows { window.window.close() }
            windows.removeAll()
            // What closing set going (unmapping, idle callbacks) runs now,
            // before the next test opens its window.
            drainPendingWork()
        }
        super.tearDown()
    }

    /// Opens a window on `source` and waits until its first page is shown.
    @MainActor
    func openWindow(on source: any FeedSource, waitForItems: Bool = true,
                    file: StaticString = #filePath, line: UInt = #line) -> FeedWindow {
        let window = FeedWindow(application: TestApplication.shared, source: source)
        windows.append(window)
        window.present()
        if waitForItems {
            waitUntil("the first page is shown", file: file, line: line) {
                window.feedList.itemCount > 0 && window.feedList.adjustment.pageSize > 0
            }
        }
        return window
    }

    /// Closes `window` when the test ends.
    @MainActor
    func track(_ window: FeedWindow) {
        windows.append(window)
    }

    /// Pumps the main loop until `condition` holds; fails the test if it
    /// does not within the timeout.
    @MainActor
    @discardableResult
    func waitUntil(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                   _ condition: () -> Bool) -> Bool {
        let met = MainLoop.run(until: condition, timeout: Self.timeout)
        if !met { XCTFail("timed out waiting until \(what)", file: file, line: line) }
        return met
    }

    /// Pumps until nothing loads, no position report waits for a frame,
    /// and the prefetch distance asks for nothing more: the list is where
    /// the reader would see it stop.
    @MainActor
    func settle(_ window: FeedWindow, file: StaticString = #filePath, line: UInt = #line) {
        let list = window.feedList
        waitUntil("paging settles", file: file, line: line) {
            window.session.state.inFlight == nil && !list.positionReportScheduled
                && (window.session.phase != .idle || !window.session.prefetch.shouldLoadMore(list.metrics))
        }
    }

    /// Scrolls the list down to `pixels` as a reader would: as far as is
    /// loaded, then on as pages come; then waits for paging to settle.
    @MainActor
    func scrollDown(_ window: FeedWindow, to pixels: Double, file: StaticString = #filePath, line: UInt = #line) {
        let adjustment = window.feedList.adjustment
        waitUntil("the list is \(pixels) px down", file: file, line: line) {
            adjustment.value = min(pixels, adjustment.upper - adjustment.pageSize)
            return adjustment.value == pixels
        }
        settle(window, file: file, line: line)
    }

    /// Scrolls the list to its very end, as dragging the scrollbar would.
    @MainActor
    func scrollToBottom(_ window: FeedWindow) {
        let adjustment = window.feedList.adjustment
        adjustment.value = adjustment.upper - adjustment.pageSize
    }

    /// The cell now showing the footer, if its row exists.
    @MainActor
    func footerCell(_ window: FeedWindow) -> FeedCell? {
        window.feedList.factory.cell(at: window.feedList.store.count - 1).flatMap {
            $0.shownFooter == nil ? nil : $0
        }
    }

    /// The ids of the feed items in the list, in order.
    @MainActor
    func ids(_ window: FeedWindow) -> [String] {
        window.feedList.items.map(\.id)
    }
}

/// The one GtkApplication of the test process: registered (which
/// initializes GTK) but never run; tests pump the loop themselves.
@MainActor
enum TestApplication {
    static let shared: Application = {
        let application = Application(id: "io.github.feedline.Feedline.Tests", unique: false)
        application.register()
        FeedlineApp.installShortcuts(on: application)
        FeedlineStyle.install()
        return application
    }()
}
