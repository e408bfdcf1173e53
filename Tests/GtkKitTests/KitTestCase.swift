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

extension KitTestCase {
    /// A window showing `child`, mapped and laid out.
    @MainActor
    func show(_ child: Widget, width: Int32 = 600, height: Int32 = 300,
              file: StaticString = #filePath, line: UInt = #line) -> Window {
        let window = Window(application: KitTestApplication.shared)
        window.setDefaultSize(width: width, height: height)
        window.setChild(child)
        window.present()
        XCTAssertTrue(MainLoop.run(until: { child.allocatedWidth > 0 }, timeout: .seconds(15)), "laid out",
                      file: file, line: line)
        return window
    }

    /// Closes a window `show` opened, and lets GTK finish with it.
    @MainActor
    func close(_ window: Window) {
        window.close()
        MainLoop.run(until: { !window.isMapped }, timeout: .seconds(15))
        while MainLoop.iterate() {}
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
