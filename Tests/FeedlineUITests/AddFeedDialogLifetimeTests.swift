import FeedCore
import FeedTestSupport
import Loopback
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// The Add Feed dialog outliving nothing it should not: its window closing
/// while the dialog is up, after a check failed, leaves the app running.
final class AddFeedDialogLifetimeTests: GtkTestCase, @unchecked Sendable {
    func testClosingTheWindowWithTheDialogUpAfterAFailedCheck() throws {
        let server = try LoopbackServer { _ in
            .text("<!DOCTYPE html><html><body><p>Hi</p></body></html>", headers: ["Content-Type": "text/html"])
        }
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let reader = SubscriptionsFixture(sampleCount: 5)
            let window = FeedWindow(application: TestApplication.shared, subscriptions: reader.startedSubscriptions())
            window.present()
            waitUntil("the feed shows") { window.feedList.itemCount > 0 }
            XCTAssertTrue(window.window.activateAction("win.add-feed"))
            let dialog = try XCTUnwrap(window.addFeedDialog)
            waitUntil("the dialog is up") { dialog.window.isMapped }
            dialog.address.text = server.url("/page.html").absoluteString
            dialog.addButton.click()
            waitUntil("the check fails") { !dialog.message.text.isEmpty && !dialog.spinner.isVisible }

            window.window.close()
            waitUntil("the window and its dialog are gone") { !window.window.isMapped && !dialog.window.isMapped }
            waitUntil("the dialog is let go with its window") { window.addFeedDialog == nil }
        }
    }
}
