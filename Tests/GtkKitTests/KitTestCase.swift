import Foundation
import XCTest

@testable import GtkKit

/// Base of GtkKit's tests with real GTK objects: a display (Xvfb, from
/// scripts/test) and GTK started, through an application of their own.
class KitTestCase: XCTestCase, @unchecked Sendable {
    override func setUp() {
        super.setUp()
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            XCTFail("No display. Run the suite with scripts/test (it starts Xvfb), or set DISPLAY.")
            return
        }
        MainActor.assumeIsolated { _ = KitTestApplication.shared }
    }
}

@MainActor
enum KitTestApplication {
    static let shared: Application = {
        let application = Application(id: "io.github.feedline.GtkKitTests", unique: false)
        application.register()
        return application
    }()
}
