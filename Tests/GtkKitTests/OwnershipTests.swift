import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// The ownership rules GtkKit's files state, one test per rule: who holds a
/// GObject, who frees a signal closure, when a Swift value on a list item or
/// a scheduled call is released. A leak or a double free shows up here.
final class OwnershipTests: KitTestCase, @unchecked Sendable {
    /// Something to watch for deallocation.
    final class Token {}


    /// Hangs a token on the GObject itself: it is released when the GObject
    /// is finalized, so `weak` on it tells whether the GObject still lives.
    @MainActor
    private func finalizationProbe(_ object: Object) -> () -> Bool {
        let token = Token()
        weak let weakToken = token
        Attached.set(token, on: UnsafeMutableRawPointer(object.object), key: Attached.quark("test-probe"))
        return { weakToken == nil }
    }

    func testAWidgetLivesWhileItsSwiftOwnerOrAParentHoldsIt() {
        MainActor.assumeIsolated {
            var box: Box? = Box(.vertical)
            var label: Label? = Label("child")
            let labelFinalized = finalizationProbe(label!)
            let boxFinalized = finalizationProbe(box!)
            box!.append(label!)
            label = nil
            XCTAssertFalse(labelFinalized(), "the box holds its child")
            box = nil
            XCTAssertTrue(boxFinalized(), "the floating reference was sunk and dropped exactly once")
            XCTAssertTrue(labelFinalized(), "the child goes with its parent")
        }
    }

    func testAListViewHoldsItsModelAndFactory() {
        MainActor.assumeIsolated {
            var store: ListStore<Token>? = ListStore()
            var factory: ListItemFactory<Token, Token>? = ListItemFactory(
                makeCell: { _ in Token() }, bind: { _, _, _ in })
            let storeFinalized = finalizationProbe(store!)
            let factoryFinalized = finalizationProbe(factory!)
            var view: ListView? = ListView(model: store!, factory: factory!)
            let viewFinalized = finalizationProbe(view!)
            store = nil
            factory = nil
            XCTAssertFalse(storeFinalized(), "the view's selection model holds the store")
            XCTAssertFalse(factoryFinalized(), "the view holds its factory")
            view = nil
            XCTAssertTrue(viewFinalized())
            XCTAssertTrue(storeFinalized(), "the store goes with the view")
            XCTAssertTrue(factoryFinalized(), "the factory goes with the view")
        }
    }

    func testAWindowLivesUntilClosedAndReleased() {
        MainActor.assumeIsolated {
            var window: Window? = Window(application: KitTestApplication.shared)
            let finalized = finalizationProbe(window!)
            window!.present()
            XCTAssertTrue(MainLoop.run(until: { window?.isMapped == true }, timeout: .seconds(15)), "the window is shown")
            window!.close()
            XCTAssertTrue(MainLoop.run(until: { window?.isMapped == false }, timeout: .seconds(15)), "and closed")
            while MainLoop.iterate() {}  // what closing set going
            XCTAssertFalse(finalized(), "our reference keeps the closed window's object")
            window = nil
            XCTAssertTrue(finalized(), "GTK's reference and ours were each dropped once")
        }
    }

    func testASignalClosureIsReleasedWhenItsObjectIsFinalized() {
        MainActor.assumeIsolated {
            var token: Token? = Token()
            weak let weakToken = token
            var button: Button? = Button(label: "Press")
            button!.onClicked { [token] in _ = token }
            token = nil
            XCTAssertNotNil(weakToken, "the connected closure keeps its captures")
            button = nil
            XCTAssertNil(weakToken, "finalizing the button released the closure")
        }
    }

    func testDisconnectingReleasesTheClosureAndStopsCalls() {
        MainActor.assumeIsolated {
            var token: Token? = Token()
            weak let weakToken = token
            var calls = 0
            let button = Button(label: "Press")
            let connection = button.onClicked { [token] in
                _ = token
                calls += 1
            }
            token = nil
            button.click()
            XCTAssertEqual(calls, 1)
            connection.disconnect()
            XCTAssertNil(weakToken)
            button.click()
            XCTAssertEqual(calls, 1)
            connection.disconnect()  // twice is harmless
        }
    }

    func testAListStoreReleasesEachValueWhenItsItemIsRemoved() {
        MainActor.assumeIsolated {
            let store = ListStore<Token>()
            var tokens: [Token]? = (0..<3).map { _ in Token() }
            let weakTokens = tokens!.map { token in { [weak token] in token } }
            store.append(contentsOf: tokens!)
            tokens = nil
            XCTAssertEqual(store.count, 3)
            XCTAssertTrue(weakTokens.allSatisfy { $0() != nil }, "the store holds its values")
            XCTAssertTrue(store[1] === weakTokens[1]())
            store.splice(at: 1, removing: 1, inserting: [])
            XCTAssertNil(weakTokens[1](), "a removed item's value is released")
            XCTAssertNotNil(weakTokens[0]())
            store.removeAll()
            XCTAssertTrue(weakTokens.allSatisfy { $0() == nil })
        }
    }

    func testAScheduledCallRunsOnceOrNotAtAllWhenCancelled() {
        MainActor.assumeIsolated {
            var runs = 0
            var token: Token? = Token()
            weak let weakToken = token
            let call = MainLoop.schedule(after: .milliseconds(1)) { [token] in
                _ = token
                runs += 1
            }
            token = nil
            MainLoop.run(until: { runs > 0 }, timeout: .seconds(5))
            // A later timer has fired: the first had its chance to run again.
            var later = false
            MainLoop.schedule(after: .milliseconds(5)) { later = true }
            XCTAssertTrue(MainLoop.run(until: { later }, timeout: .seconds(5)))
            XCTAssertEqual(runs, 1)
            XCTAssertFalse(call.isPending)
            XCTAssertNil(weakToken, "the action is released after it ran")

            let cancelled = MainLoop.schedule(after: .milliseconds(1)) { runs += 100 }
            cancelled.cancel()
            // A timer due after it has fired: the cancelled one would have run by now.
            var after = false
            MainLoop.schedule(after: .milliseconds(5)) { after = true }
            XCTAssertTrue(MainLoop.run(until: { after }, timeout: .seconds(5)))
            XCTAssertEqual(runs, 1)
        }
    }

    /// A widget class's action (the list's `scroll-to-item`) and an action
    /// that isn't there both leave a floating parameter as it came, so
    /// the wrapper has to take it: afterwards it is no longer floating,
    /// and the wrapper's reference is gone (ours, taken first, is the
    /// last: GLib would report a double unref at our own).
    func testAnActionsParameterIsTakenFromItsCaller() {
        MainActor.assumeIsolated {
            let store = ListStore<Token>()
            store.append(contentsOf: [Token()])
            let view = ListView(model: store, factory: ListItemFactory<Token, Token>(
                makeCell: { _ in Token() }, bind: { _, _, _ in }))
            for (name, exists) in [("list.scroll-to-item", true), ("list.no-such-action", false)] {
                let parameter: OpaquePointer = g_variant_new_uint32(0)
                g_variant_ref(parameter)
                XCTAssertEqual(view.activateAction(name, parameter: parameter), exists, name)
                XCTAssertEqual(g_variant_is_floating(parameter), 0, "\(name): the floating reference was taken")
                g_variant_unref(parameter)
            }
        }
    }
}

/// Swift concurrency inside the GLib loop: the bridge of `MainLoop`.
final class MainLoopBridgeTests: XCTestCase, @unchecked Sendable {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { MainLoop.attachSwiftConcurrency() }
    }

    func testMainActorTasksAndContinuationsRunOnTheMainThreadInsideTheLoop() {
        MainActor.assumeIsolated {
            var steps: [String] = []
            var threads: [Bool] = []
            Task { @MainActor in
                steps.append("started")
                threads.append(Thread.isMainThread)
                let value = await Self.offMain()
                steps.append("resumed \(value)")
                threads.append(Thread.isMainThread)
                // A sleep is the behaviour checked here: a timer's
                // resumption comes back to the main actor in the loop.
                try? await Task.sleep(for: .milliseconds(5))
                steps.append("slept")
                await MainActor.run { steps.append("MainActor.run") }
            }
            let finished = MainLoop.run(until: { steps.count == 4 }, timeout: .seconds(5))
            XCTAssertTrue(finished, "\(steps)")
            XCTAssertEqual(steps, ["started", "resumed false", "slept", "MainActor.run"])
            XCTAssertEqual(threads, [true, true])
        }
    }

    @concurrent
    private static func offMain() async -> Bool {
        Thread.isMainThread
    }
}
