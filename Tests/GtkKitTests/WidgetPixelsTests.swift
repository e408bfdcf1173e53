import XCTest

@testable import GtkKit

/// What a shown widget draws, read back: text leaves ink, an empty box none.
final class WidgetPixelsTests: KitTestCase, @unchecked Sendable {
    func testTextIsDrawnAndAnEmptyBoxIsNot() throws {
        MainActor.assumeIsolated {
            let label = Label("Ink")
            let empty = Box(.vertical)
            empty.setSizeRequest(width: 40, height: 40)
            let window = show(Box(.vertical, children: [label, empty]), width: 200, height: 120)
            defer { close(window) }
            let text = label.renderedPixels()
            XCTAssertEqual(text?.width, label.allocatedWidth)
            XCTAssertEqual(text?.height, label.allocatedHeight)
            XCTAssertGreaterThan(text?.inkedCount ?? 0, 10, "the letters are drawn")
            XCTAssertEqual(empty.renderedPixels()?.inkedCount ?? 0, 0, "nothing to draw")
        }
    }
}
