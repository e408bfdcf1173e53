import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// What views see of a ListStore: its items in order, one items-changed per
/// splice with the right numbers, and item objects GTK can hold.
final class ListStoreTests: XCTestCase, @unchecked Sendable {
    /// The items-changed signals the store emitted: (position, removed, added).
    nonisolated(unsafe) private static var changes: [(UInt32, UInt32, UInt32)] = []

    override func setUp() {
        super.setUp()
        Self.changes = []
    }

    @MainActor
    private func watch(_ store: ListStore<String>) {
        let record: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, _ in
            ListStoreTests.changes.append((position, removed, added))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(store.model), "items-changed",
                              unsafeBitCast(record, to: GCallback.self), nil, nil, GConnectFlags(0))
    }

    private var changes: [[UInt32]] { Self.changes.map { [$0.0, $0.1, $0.2] } }

    func testSplicesKeepOrderAndSayWhatChanged() {
        MainActor.assumeIsolated {
            let store = ListStore<String>()
            watch(store)
            store.append(contentsOf: ["a", "b", "c"])
            store.splice(at: 1, removing: 1, inserting: ["x", "y"])
            store.splice(at: 0, removing: 0, inserting: ["first"])
            store.append(contentsOf: [])
            store.splice(at: 4, removing: 1, inserting: ["last"])
            XCTAssertEqual(store.elements, ["first", "a", "x", "y", "last"])
            XCTAssertEqual(store.count, 5)
            XCTAssertEqual(changes, [[0, 0, 3], [1, 1, 2], [0, 0, 1], [4, 1, 1]],
                           "one items-changed per splice that changes anything, none for an empty one")
            store.removeAll()
            XCTAssertEqual(store.count, 0)
            XCTAssertEqual(changes.last, [0, 5, 0])
        }
    }

    func testItemsAreObjectsOfTheModelsItemTypeThatOutliveRemoval() {
        MainActor.assumeIsolated {
            let store = ListStore<String>()
            store.append(contentsOf: ["kept"])
            let model = store.model
            XCTAssertEqual(g_list_model_get_n_items(model), 1)
            XCTAssertNil(g_list_model_get_item(model, 1), "past the end there is no item")
            let item = g_list_model_get_item(model, 0)!
            XCTAssertNotEqual(g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self),
                                                         g_list_model_get_item_type(model)), 0)
            store.removeAll()
            // A view may still hold an item it showed: its value stays readable.
            XCTAssertEqual(ListStore<String>.value(of: item), "kept")
            g_object_unref(item)
        }
    }

    func testAQuietChangeReplacesTheValueWithoutTellingViews() {
        MainActor.assumeIsolated {
            let store = ListStore<String>()
            store.append(contentsOf: ["a", "b"])
            watch(store)
            store.setValueQuietly("B", at: 1)
            XCTAssertEqual(store.elements, ["a", "B"])
            XCTAssertTrue(changes.isEmpty)
        }
    }

    func testAnObjectOfAnotherTypeCarriesNoValue() {
        MainActor.assumeIsolated {
            let other = g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!
            XCTAssertNil(ListStore<String>.value(of: UnsafeMutableRawPointer(other)))
            g_object_unref(other)
        }
    }
}
