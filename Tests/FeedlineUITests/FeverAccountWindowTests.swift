import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import GtkKit
import Secrets
import XCTest

@testable import FeedlineUI

/// A Fever account added from the real window's Add Feed dialog, against
/// a real Fever server (coldsweat on 127.0.0.1) and a real Secret Service
/// on the test run's own session bus.
final class FeverAccountWindowTests: StoreTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try TestSecretService.start()
    }

    /// A window on All items over an empty store, and its Add Feed dialog
    /// on the Fever kind, filled in for `server` with `password`.
    @MainActor
    private func dialog(for server: ColdsweatServer, password: String) throws
        -> (window: FeedWindow, subscriptions: Subscriptions, store: FeedStore, dialog: AddFeedDialog) {
        let store = try fixture.store()
        let subscriptions = fixture.subscriptions(over: store, updates: true)
        let window = openWindow(on: subscriptions, opening: .scope(.all), waitForItems: false)
        XCTAssertTrue(window.window.activateAction("win.add-feed"))
        let dialog = try XCTUnwrap(window.addFeedDialog)
        waitUntil("the dialog is up") { dialog.window.isMapped }
        dialog.kind.selected = AddFeedDialog.Kind.fever.rawValue
        XCTAssertTrue(dialog.user.isVisible && dialog.password.isVisible, "the account's fields")
        XCTAssertFalse(dialog.api.isVisible)
        dialog.address.text = server.endpoint.absoluteString
        dialog.user.text = server.email
        dialog.password.text = password
        return (window, subscriptions, store, dialog)
    }

    /// A window with `server`'s account added through Add Feed, once All
    /// items shows its `items` items.
    @MainActor
    private func windowWithAccount(of server: ColdsweatServer, items: Int) throws
        -> (window: FeedWindow, subscriptions: Subscriptions, store: FeedStore) {
        let (window, subscriptions, store, dialog) = try dialog(for: server, password: server.password)
        dialog.addButton.click()
        waitUntil("All items shows the account's items") { window.feedList.items.count == items }
        return (window, subscriptions, store)
    }

    /// The keyring forgets `server`'s password (the keyring outlives the
    /// test).
    @MainActor
    private func forgetPassword(of server: ColdsweatServer) throws {
        try wait { try await Passwords.remove(server: server.endpoint, user: server.email) }
    }

    private func client(of server: ColdsweatServer) -> FeverClient {
        FeverClient(endpoint: server.endpoint, user: server.email, password: server.password, http: HTTPClient())
    }

    /// The sidebar's subscriptions, by title, with their folders.
    @MainActor
    private func listedFeeds(_ window: FeedWindow) -> [String: [String]] {
        Dictionary(window.sidebar!.listed.compactMap { $0.subscription.map { ($0.title, $0.folder) } },
                   uniquingKeysWith: { first, _ in first })
    }

    func testAnAccountAddedInAddFeedShowsItsFeedsInTheirFoldersAndItsItems() throws {
        let account = try FeverFixture(groups: [("News", 2), ("Tech", 1)], itemsPerFeed: 3)
        try MainActor.assumeIsolated {
            let (window, _, _, dialog) = try dialog(for: account.server, password: account.server.password)
            dialog.addButton.click()
            waitUntil("the account is added and the dialog closes") { !dialog.window.isMapped }
            waitUntil("the sidebar lists the account's feeds") { listedFeeds(window).count == 3 }
            XCTAssertEqual(listedFeeds(window), ["Feed 0": ["News"], "Feed 1": ["News"], "Feed 2": ["Tech"]])
            waitUntil("All items shows the account's items") { window.feedList.items.count == 9 }
            XCTAssertEqual(window.feedList.items.first?.title, FeverFixture.title(feed: 2, item: 2))
            let kept = try wait { try await Passwords.password(server: account.server.endpoint, user: account.server.email) }
            XCTAssertEqual(kept, account.server.password)
            try forgetPassword(of: account.server)
        }
    }

    func testAWrongPasswordKeepsTheDialogUpSayingWhyAndAddsNothing() throws {
        let account = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 1)
        try MainActor.assumeIsolated {
            let (window, _, store, dialog) = try dialog(for: account.server, password: "not the password")
            dialog.addButton.click()
            waitUntil("the server answers") { !dialog.spinner.isVisible && !dialog.message.text.isEmpty }
            XCTAssertEqual(dialog.message.text, "Couldn't add this account: The server refused the user name or password")
            XCTAssertTrue(dialog.window.isMapped)
            let accounts = try wait { try await store.feverAccounts() }
            XCTAssertEqual(accounts, [])
            XCTAssertEqual(listedFeeds(window), [:])
        }
    }

    func testAnItemReadInTheWindowIsReadOnTheServerSoonAfter() throws {
        let account = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 2)
        let client = client(of: account.server)
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowWithAccount(of: account.server, items: 2)
            let item = try XCTUnwrap(window.feedList.items.first)
            subscriptions.mark(MarkChange(mark: .read(true), items: [item.id]), from: nil)
            let serverID = try wait { try await client.items(after: 0).items.first { $0.item.title == item.title }?.id }
            waitUntil("the server has it read") {
                (try? wait { try await client.unreadItemIDs() }).map { !$0.contains(serverID ?? -1) } ?? false
            }
            waitUntil("the change no longer waits") {
                (try? wait { try await subscriptions.store!.pendingMarks(of: 1) })?.isEmpty ?? false
            }
            try forgetPassword(of: account.server)
        }
    }

    func testRemovingTheAccountTakesItsFeedsItemsAndPassword() throws {
        let account = try FeverFixture(groups: [("News", 2)], itemsPerFeed: 2)
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowWithAccount(of: account.server, items: 4)
            waitUntil("the sidebar lists the account's feeds") { listedFeeds(window).count == 2 }
            let feed = try XCTUnwrap(subscriptions.list.first { $0.spec.isFeverFeed })
            XCTAssertTrue(window.window.activateAction("win.remove-account", string: String(feed.id)))
            waitUntil("the account's feeds leave the sidebar") { listedFeeds(window).isEmpty }
            waitUntil("All items is empty") { window.feedList.items.isEmpty }
            let accounts = try wait { try await store.feverAccounts() }
            XCTAssertEqual(accounts, [])
            let kept = try wait { try await Passwords.password(server: account.server.endpoint, user: account.server.email) }
            XCTAssertNil(kept)
            waitUntil("the status line says so") { window.statusBar.label.text == "Removed the account at 127.0.0.1" }
        }
    }

    func testARefusedPasswordIsAskedForAgainAndTheNewOneKept() throws {
        let account = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 2)
        try MainActor.assumeIsolated {
            let (window, subscriptions, _) = try windowWithAccount(of: account.server, items: 2)
            waitUntil("the dialog is gone") { window.addFeedDialog == nil }
            // The keyring lost the password (as after the password changed).
            try forgetPassword(of: account.server)
            try wait { await subscriptions.updateAll() }
            let prompt = try XCTUnwrap(window.addFeedDialog, "the password is asked for")
            waitUntil("the prompt is up") { prompt.window.isMapped }
            XCTAssertEqual(prompt.user.text, account.server.email)
            XCTAssertEqual(prompt.address.text, account.server.endpoint.absoluteString)
            XCTAssertEqual(prompt.message.text,
                           "Type the password again: No password is kept for \(account.server.email) at 127.0.0.1")
            waitUntil("the password field has the keyboard") { prompt.password.containsFocus }
            prompt.password.text = account.server.password
            prompt.addButton.click()
            waitUntil("the account syncs again and the prompt closes") { !prompt.window.isMapped }
            let kept = try wait { try await Passwords.password(server: account.server.endpoint, user: account.server.email) }
            XCTAssertEqual(kept, account.server.password)
            try forgetPassword(of: account.server)
        }
    }

    func testChangesStillWaitingAreSentBeforeQuitting() throws {
        let account = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 2)
        let client = client(of: account.server)
        try MainActor.assumeIsolated {
            let (window, subscriptions, store) = try windowWithAccount(of: account.server, items: 2)
            let item = try XCTUnwrap(window.feedList.items.first)
            subscriptions.mark(MarkChange(mark: .starred(true), items: [item.id]), from: nil)
            // What quitting (or closing the last window) waits for, well
            // within the second the sending otherwise waits for marks.
            try wait { await subscriptions.flush() }
            let waiting = try wait { try await store.pendingMarks(of: 1) }
            XCTAssertEqual(waiting, [])
            let saved = try wait { try await client.savedItemIDs() }
            XCTAssertEqual(saved.count, 1)
            try forgetPassword(of: account.server)
        }
    }
}
