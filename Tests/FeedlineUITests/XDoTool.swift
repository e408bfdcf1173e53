import Foundation
import XCTest

/// Real key presses through the X server (XTEST), as a keyboard would send
/// them: GTK cannot tell these from a person typing.
enum XDoTool {
    /// Gives X input focus to the window titled exactly `title`, then types
    /// `keys` (xdotool key names: "End", "ctrl+r"). Blocks until xdotool is
    /// done; the test then pumps the main loop to let GTK handle the events.
    static func press(_ keys: [String], inWindowTitled title: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        run(["search", "--sync", "--limit", "1", "--name", pattern, "windowfocus", "--sync"], file: file, line: line)
        run(["key", "--delay", "30"] + keys, file: file, line: line)
    }

    private static func run(_ arguments: [String], file: StaticString, line: UInt) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            XCTFail("xdotool could not run (scripts/setup installs it): \(error)", file: file, line: line)
            return
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            XCTFail("xdotool \(arguments.joined(separator: " ")) failed with \(process.terminationStatus)",
                    file: file, line: line)
        }
    }
}
