import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// What views see of a LazyListStore: its length, items made only when
/// asked for, the same object for a position while one is alive (moved
/// along by splices), values changed in place, and nothing kept by the
/// store itself.
final class LazyListStoreTests: KitTestCase, @unchecked Sendable {
    /// A store whose values are "value N" from `values`, counting how
    /// many it was asked for.
    @MainActor
    private final class Values {
        var values: [String] = []
        var asked = 0
    }

    @MainActor
    private func store(_ values: Values) -> LazyListStore<String> {
        LazyListStore { position in
            values.asked += 1
            return values.values[position]
        }
    }

    /// The item GTK would be given at `position` (a new reference, which
    /// the caller drops).
    @MainActor
    private func item(_ store: LazyListStore<String>, _ position: Int) -> OpaquePointer? {
        g_list_model_get_item(store.model, UInt32(position)).map(OpaquePointer.init)
    }

    func testItemsAreMadeWhenAskedAndNotKept() {
        MainActor.assumeIsolated {
            let values = Values()
            values.values = (0..<1_000_000).map { "value \($0)" }
            let list = store(values)
            list.splice(at: 0, removing: 0, inserting: 1_000_000)
            XCTAssertEqual(list.count, 1_000_000)
            XCTAssertEqual(values.asked, 0, "nothing is made before a view asks")
            let object = item(list, 765_432)!
            XCTAssertEqual(ListStore<String>.value(of: UnsafeMutableRawPointer(object)), "value 765432")
            XCTAssertEqual(list.aliveCount, 1)
            XCTAssertTrue(list.isAlive(765_432))
            XCTAssertNil(item(list, 1_000_000), "no item past the end")
            g_object_unref(UnsafeMutableRawPointer(object))
            XCTAssertEqual(list.aliveCount, 0, "the store keeps no item once the view let it go")
            XCTAssertFalse(list.isAlive(765_432))
        }
    }

    func testAPositionKeepsItsObjectWhileItLivesAndMovesWithSplices() {
        MainActor.assumeIsolated {
            let values = Values()
            values.values = ["a", "b", "c", "d"]
            let list = store(values)
            list.splice(at: 0, removing: 0, inserting: 4)
            let c = item(list, 2)!
            let again = item(list, 2)!
            XCTAssertEqual(c, again, "the same object while one is alive")
            XCTAssertEqual(values.asked, 1)
            g_object_unref(UnsafeMutableRawPointer(again))

            // Two items above it: it is at 4 now.
            values.values = ["x", "y", "a", "b", "c", "d"]
            list.splice(at: 0, removing: 0, inserting: 2)
            XCTAssertEqual(item(list, 4).map { object in
                defer { g_object_unref(UnsafeMutableRawPointer(object)) }
                return object
            }, c)
            XCTAssertFalse(list.isAlive(2))

            // Changed in place: the object a view holds carries the new value.
            values.values[4] = "c, read"
            XCTAssertTrue(list.refresh(at: 4))
            XCTAssertEqual(ListStore<String>.value(of: UnsafeMutableRawPointer(c)), "c, read")
            XCTAssertFalse(list.refresh(at: 0), "no object at 0: nothing to change")

            // Removed: forgotten, though the view still holds it.
            values.values.remove(at: 4)
            list.splice(at: 4, removing: 1, inserting: 0)
            XCTAssertEqual(list.aliveCount, 0)
            XCTAssertEqual(list.count, 5)
            g_object_unref(UnsafeMutableRawPointer(c))
        }
    }

    func testAListViewShowsOnlyWhatItsRowsNeed() {
        MainActor.assumeIsolated {
            let values = Values()
            values.values = (0..<100_000).map { "row \($0)" }
            let list = store(values)
            list.splice(at: 0, removing: 0, inserting: values.values.count)
            let factory = ListItemFactory<String, Label>(makeCell: { _ in Label("") }, bind: { label, value, row in
                label.text = value
                row.setChild(label)
            })
            let view = ListView(model: list, factory: factory)
            let scroller = ScrolledWindow()
            scroller.setChild(view)
            let window = show(scroller, width: 300, height: 400)
            defer { close(window) }
            XCTAssertTrue(MainLoop.run(until: { factory.cell(at: 0)?.text == "row 0" }, timeout: .seconds(10)))
            XCTAssertLessThan(values.asked, 1_000, "a view of 100,000 items asked for \(values.asked)")
            XCTAssertLessThanOrEqual(list.aliveCount, 300)
        }
    }
}
