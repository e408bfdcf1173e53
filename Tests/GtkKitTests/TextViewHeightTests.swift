import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// A text view is as tall as its text wrapped at its width, however the
/// text and the width came: text filled in before the view was first laid
/// out (as the reader fills a page the moment it is shown), text filled in
/// while the view was hidden (the reader's pages beside the one shown), a
/// view made narrower. GTK 4.8 alone leaves the view at the height its
/// text had at its old width (0, or thousands of pixels for text wrapped
/// at no width) in each of these.
final class TextViewHeightTests: KitTestCase, @unchecked Sendable {
    static let text = String(repeating: "Some words that wrap across the width of the page, ", count: 6)


    /// A window 600 pixels wide with two pages, "other" shown: a label, and
    /// the text view under a title in a scrolled page (as the reader has it),
    /// beside a spacer whose width takes from the page's.
    @MainActor
    private struct Page {
        let window = Window(application: KitTestApplication.shared)
        let stack = Stack()
        let textView = TextView()
        let spacer = Label()

        init() {
            let page = Box(.vertical, spacing: 12, children: [Label("Title"), textView])
            let scroller = ScrolledWindow()
            scroller.setChild(page)
            scroller.verticalExpand = true
            scroller.horizontalExpand = true
            stack.add(Label("Other"), name: "other")
            stack.add(Box(.horizontal, children: [spacer, scroller]), name: "text")
            window.setDefaultSize(width: 600, height: 400)
            window.setChild(stack)
            window.present()
        }

        func fill() {
            textView.append(TextViewHeightTests.text)
            textView.appendLink([("a link", [])], address: "https://example.org/")
            textView.append(".")
        }

        func close() {
            window.close()
            MainLoop.run(until: { !window.isMapped }, timeout: .seconds(15))
            while MainLoop.iterate() {}
        }
    }

    /// Pumps until `widget`'s frame clock has painted `count` more frames.
    @MainActor
    private func waitForFrames(_ count: Int, of widget: Widget) {
        var painted = 0
        func next() {
            widget.afterNextFrame {
                painted += 1
                if painted < count { next() }
            }
        }
        next()
        XCTAssertTrue(MainLoop.run(until: { painted >= count }, timeout: .seconds(15)), "\(count) frames drawn")
    }

    /// Pumps until the view, laid out at a width, is as tall as its text
    /// needs at that width.
    @MainActor
    @discardableResult
    private func waitUntilAsTallAsItsText(_ view: TextView, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let met = MainLoop.run(until: {
            view.allocatedWidth > 0 && view.heightNeeded > 0 && view.allocatedHeight == view.heightNeeded
        }, timeout: .seconds(15))
        XCTAssertTrue(met, "\(view.allocatedHeight) pixels tall at \(view.allocatedWidth) wide; its text needs \(view.heightNeeded)",
                      file: file, line: line)
        return met
    }

    func testTextFilledInBeforeTheViewIsFirstLaidOutTakesItsHeightAtItsWidth() {
        MainActor.assumeIsolated {
            let page = Page()
            defer { page.close() }
            waitForFrames(2, of: page.window)
            page.stack.visibleChildName = "text"
            page.fill()  // before any frame has laid the view out
            XCTAssertEqual(page.textView.allocatedWidth, 0)
            waitUntilAsTallAsItsText(page.textView)
        }
    }

    func testTextFilledInWhileHiddenTakesItsHeightWhenShown() {
        MainActor.assumeIsolated {
            let page = Page()
            defer { page.close() }
            waitForFrames(2, of: page.window)
            page.fill()
            while MainLoop.iterate() {}  // GTK wraps it at no width meanwhile
            XCTAssertFalse(page.textView.isMapped)
            page.stack.visibleChildName = "text"
            waitUntilAsTallAsItsText(page.textView)
        }
    }

    func testAViewMadeNarrowerGrowsToItsTextWrappedAgain() {
        MainActor.assumeIsolated {
            let page = Page()
            defer { page.close() }
            page.stack.visibleChildName = "text"
            waitForFrames(2, of: page.window)
            page.fill()
            guard waitUntilAsTallAsItsText(page.textView) else { return }
            let (width, height) = (page.textView.allocatedWidth, page.textView.allocatedHeight)

            page.spacer.setSizeRequest(width: 300)
            XCTAssertTrue(MainLoop.run(until: { page.textView.allocatedWidth == width - 300 }, timeout: .seconds(15)),
                          "narrower: \(page.textView.allocatedWidth)")
            waitUntilAsTallAsItsText(page.textView)
            XCTAssertGreaterThan(page.textView.allocatedHeight, height, "more lines")
        }
    }
}
