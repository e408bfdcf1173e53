import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// `ListItemFactory.laidOutRows(in:)`, what a list reads of its rows in
/// every frame: one place per row GTK laid out, with its item's position,
/// where its content is in the scrolled window and how tall, the rows one
/// under the other in the order of their items (a row's padding between
/// them), moving as the list scrolls.
final class LaidOutRowsTests: KitTestCase, @unchecked Sendable {
    func testEachRowLaidOutIsPlacedUnderThePreviousOneAndMovesWithTheScroll() {
        MainActor.assumeIsolated {
            let store = ListStore<String>()
            store.append(contentsOf: (0..<2_000).map { "Row \($0)" })
            let factory = ListItemFactory<String, Label>(makeCell: { _ in Label() }, bind: { label, text, row in
                label.text = text
                row.setChild(label)
            })
            let list = ListView(model: store, factory: factory)
            let scroller = ScrolledWindow()
            scroller.setChild(list)
            scroller.verticalExpand = true
            let window = show(scroller, width: 400, height: 300)
            defer { close(window) }
            XCTAssertTrue(MainLoop.run(until: { factory.rowWidget(at: 5)?.allocatedHeight ?? 0 > 0 },
                                       timeout: .seconds(15)), "laid out")

            let atTop = factory.laidOutRows(in: scroller).sorted { $0.position < $1.position }
            XCTAssertEqual(atTop.first?.position, 0)
            XCTAssertEqual(atTop.first?.top ?? -1, 0, accuracy: 4, "the first row at the top of the view")
            XCTAssertLessThan(atTop.count, 2_000, "only the rows GTK made, not every item")
            XCTAssertEqual(atTop.map(\.position), Array(atTop.first!.position...atTop.last!.position), "no gap")
            let spacing = atTop[1].top - atTop[0].top
            for (above, below) in zip(atTop, atTop.dropFirst()) {
                XCTAssertGreaterThan(above.height, 0)
                XCTAssertGreaterThanOrEqual(below.top, above.bottom, "row \(below.position) under row \(above.position)")
                XCTAssertEqual(below.top - above.top, spacing, "rows of one line: all as tall")
            }
            let row5 = factory.rowWidget(at: 5)!
            XCTAssertEqual(atTop.first { $0.position == 5 }?.top, row5.top(in: scroller), "where the widget is")

            let adjustment = scroller.verticalAdjustment
            adjustment.value = 2_000
            @MainActor func firstInView() -> Int? {
                factory.laidOutRows(in: scroller).filter { $0.bottom > 0 }.map(\.position).min()
            }
            XCTAssertTrue(MainLoop.run(until: { firstInView() ?? 0 > 5 }, timeout: .seconds(15)),
                          "scrolled: another row is at the top of the view")
            XCTAssertEqual(Double(firstInView() ?? 0), 2_000 / spacing, accuracy: 2,
                           "the row 2,000 px down (\(spacing) px a row)")
        }
    }
}
