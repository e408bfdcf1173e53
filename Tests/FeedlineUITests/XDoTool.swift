import Foundation
import XCTest

/// Real key presses through the X server (XTEST), as a keyboard would send
/// them: GTK cannot tell these from a person typing.
enum XDoTool {
    /// Gives X input focus to the window titled exactly `title`, then types
    /// `keys` (xdotool key names: "End", "ctrl+r"). Blocks until xdotool is
    /// done; the test then pumps the main loop to let GTK handle the events.
    /// `delay`: milliseconds between keys.
    static func press(_ keys: [String], inWindowTitled title: String, delay: Int = 30,
                      file: StaticString = #filePath, line: UInt = #line) {
        focus(title, file: file, line: line)
        run(["key", "--delay", String(delay)] + keys, file: file, line: line)
    }

    /// Gives X input focus to the window titled `title`, puts the pointer
    /// at (`x`, `y`) in it (no `--sync`: it waits 15 s when the pointer is
    /// already there), then runs the pointer `actions` (xdotool
    /// commands: "click", "7" scrolls right; "mousedown", "1",
    /// "mousemove_relative", "--", "-40", "0", "mouseup", "1" drags left).
    static func point(at x: Int, _ y: Int, then actions: [String], inWindowTitled title: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        focus(title, file: file, line: line)
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        run(["search", "--sync", "--limit", "1", "--name", pattern,
             "mousemove", "--window", "%1", String(x), String(y), "sleep", "0.2"] + actions, file: file, line: line)
    }

    /// Resizes the window titled exactly `title` to `width` × `height`, as
    /// a window manager would at a person's drag.
    static func resize(_ title: String, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        run(["search", "--sync", "--limit", "1", "--name", pattern, "windowsize", "%1", String(width), String(height)],
            file: file, line: line)
    }

    /// Gives X input focus to the window titled exactly `title`: GTK
    /// makes it the active window.
    static func focus(_ title: String, file: StaticString = #filePath, line: UInt = #line) {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        run(["search", "--sync", "--limit", "1", "--name", pattern, "windowfocus", "--sync"], file: file, line: line)
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
