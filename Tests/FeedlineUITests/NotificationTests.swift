import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Loopback
import Synchronization
import XCTest

@testable import FeedlineUI

/// Desktop notifications of new items, through the test's own session bus
/// to a notification service answering there as a desktop's does
/// (Tests/notifications/notification_server.py): an update that brings
/// new items to a feed marked for it sends one ("News", "2 new items")
/// while no window is in front, none for other feeds; clicking it opens
/// that feed. Running in the background: the last window closing holds
/// the application while Run in Background is on.
final class NotificationTests: StoreTestCase, @unchecked Sendable {
    private var server: LoopbackServer!
    private var notifications: NotificationService!
    /// How many new items each feed has on top of its 3.
    private let fresh = Fresh()

    private final class Fresh: Sendable {
        private let count = Mutex(0)
        var now: Int { count.withLock { $0 } }
        func set(_ value: Int) { count.withLock { $0 = value } }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let fresh = fresh
        server = try LoopbackServer { request in
            let name = request.path == "/news.json" ? "News" : "Other"
            return .jsonFeed(name, items: (0..<(3 + fresh.now)).map { index in
                (id: "\(name)-\(index)", title: "\(name) \(index)", date: String(format: "2026-11-25T%02d:00:00Z", 10 + index))
            })
        }
        notifications = try NotificationService()
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
        notifications?.stop()
    }

    /// News (notifying) and Other (not), updated once, and the model over
    /// them with its background part; `windows` are the windows open.
    @MainActor
    private func updatedFeeds(windows: @escaping () -> [FeedWindow] = { [] },
                              opened: @escaping (Subscription.ID) -> Void = { _ in }) throws
        -> (Subscriptions, BackgroundUpdates, [Subscription.ID]) {
        let store = try fixture.store()
        let ids = try subscribe(store, [(.document(server.url("/news.json")), "News", []),
                                        (.document(server.url("/other.json")), "Other", [])])
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        try wait { await subscriptions.load() }
        let background = BackgroundUpdates(application: TestApplication.shared, subscriptions: subscriptions,
                                           windows: windows, openFeed: opened)
        // The update at the start (and this one, which waits for it) stored
        // both feeds' three items before News is marked.
        try wait { await subscriptions.updateAll() }
        waitUntil("both feeds are stored") { !subscriptions.isUpdating && subscriptions.count(of: .all) == 6 }
        subscriptions.setNotifies(true, of: ids[0])
        try wait { await subscriptions.flush() }
        return (subscriptions, background, ids)
    }

    func testNewItemsOfAFeedMarkedForItSendANotification() throws {
        try MainActor.assumeIsolated {
            let (subscriptions, background, _) = try updatedFeeds()
            XCTAssertEqual(notifications.received, [], "the first update tells nothing: nothing was marked yet")
            fresh.set(2)
            try wait { await subscriptions.updateAll() }
            waitUntil("the service got one") { !self.notifications.received.isEmpty }
            waitForServiceToSettle()
            XCTAssertEqual(notifications.received.map(\.summary), ["News"], "for News alone: Other is not marked")
            XCTAssertEqual(notifications.received.first?.body, "2 new items")
            XCTAssertEqual(notifications.received.first?.actions.first, "default", "clicking it does something")
            withExtendedLifetime(background) {}
        }
    }

    func testClickingTheNotificationOpensThatFeed() throws {
        try MainActor.assumeIsolated {
            var opened: [Subscription.ID] = []
            let (subscriptions, background, ids) = try updatedFeeds(opened: { opened.append($0) })
            fresh.set(1)
            try wait { await subscriptions.updateAll() }
            waitUntil("the service got it") { !self.notifications.received.isEmpty }
            notifications.click(try XCTUnwrap(notifications.received.first).number)
            waitUntil("the feed is opened") { opened == [ids[0]] }
            withExtendedLifetime(background) {}
        }
    }

    func testNothingIsSentWhileAWindowIsInFront() throws {
        try MainActor.assumeIsolated {
            var windows: [FeedWindow] = []
            let (subscriptions, background, _) = try updatedFeeds(windows: { windows })
            let window = openWindow(on: subscriptions)
            windows = [window]
            XDoTool.focus(window.window.title ?? "")
            waitUntil("the window is in front") { window.window.isActive }
            fresh.set(2)
            try wait { await subscriptions.updateAll() }
            waitForServiceToSettle()
            XCTAssertTrue(window.window.isActive, "still in front")
            XCTAssertEqual(notifications.received, [], "the reader sees them in the window")
            withExtendedLifetime(background) {}
        }
    }

    func testWithRunInBackgroundTheLastWindowClosingHoldsTheApplication() throws {
        try MainActor.assumeIsolated {
            let (subscriptions, background, _) = try updatedFeeds()
            background.lastWindowClosing()
            XCTAssertFalse(background.isHolding, "off at first: Feedline ends with its last window")
            subscriptions.runsInBackground = true
            background.lastWindowClosing()
            XCTAssertTrue(background.isHolding)
            background.windowOpened()
            XCTAssertFalse(background.isHolding, "a window keeps it running now")
            try wait { await subscriptions.flush() }
            let reopened = fixture.subscriptions(over: try fixture.store())
            try wait { await reopened.load() }
            XCTAssertTrue(reopened.runsInBackground, "kept in the store")
        }
    }

    /// Gives a notification that should not come the time one would take.
    @MainActor
    private func waitForServiceToSettle() {
        let until = ContinuousClock.now.advanced(by: .milliseconds(300))
        waitUntil("time passes") { ContinuousClock.now >= until }
    }
}

/// Tests/notifications/notification_server.py, on this test's session bus.
final class NotificationService: @unchecked Sendable {
    struct Notification: Equatable {
        var number: Int
        var app: String
        var summary: String
        var body: String
        var actions: [String]
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lines = Lines()

    private final class Lines: Sendable {
        private let value = Mutex<[String]>([])
        var all: [String] { value.withLock { $0 } }
        func add(_ text: String) { value.withLock { $0 += text.split(separator: "\n").map(String.init) } }
    }

    init(file: StaticString = #filePath) throws {
        let script = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("notifications/notification_server.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path]
        process.standardInput = input
        process.standardOutput = output
        let lines = lines
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lines.add(text)
        }
        try process.run()
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !lines.all.contains("ready"), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard lines.all.contains("ready") else {
            stop()
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "the notification service did not start"])
        }
    }

    /// The notifications received so far, in order.
    var received: [Notification] {
        lines.all.compactMap { line in
            guard line.hasPrefix("notify ") else { return nil }
            let fields = line.dropFirst("notify ".count).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let number = Int(fields[0]) else { return nil }
            return Notification(number: number, app: fields[1], summary: fields[2], body: fields[3],
                                actions: fields[4].split(separator: ",").map(String.init))
        }
    }

    /// Clicks notification `number`, as a person would.
    func click(_ number: Int) {
        input.fileHandleForWriting.write(Data("click \(number)\n".utf8))
    }

    func stop() {
        output.fileHandleForReading.readabilityHandler = nil
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
