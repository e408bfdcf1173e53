import CGtk
import FeedTestSupport
import Loopback
import FeedCore
import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

// Waits on conditions, never on the clock. Each helper names what it waits
// for; all of them pump the main loop under `GtkTestCase.timeout`, so a
// loaded machine makes a test slower, not red.
//
// For checks that something does NOT happen ("no second request", "no
// move lost or doubled", "not downloaded"), these wait until the
// opportunity has provably passed: the input was handled and frames were
// drawn after it, the downloads that started have finished, a later timer
// has fired.

extension GtkTestCase {
    /// Pumps until `widget`'s frame clock has painted `count` more frames
    /// (a frame is requested each time, so they come even when nothing
    /// changes). A widget not realized yet: its first frames once it is.
    @MainActor
    func waitForFrames(_ count: Int = 2, of widget: Widget,
                       file: StaticString = #filePath, line: UInt = #line) {
        var painted = 0
        func next() {
            widget.afterNextFrame {
                painted += 1
                if painted < count { next() }
            }
        }
        next()
        waitUntil("\(count) frames are drawn", file: file, line: line) { painted >= count }
    }

    /// Pumps until GTK has handled every input event sent so far and drawn
    /// `frames` frames after them. xdotool's events are all in the X server
    /// when it exits (`XDoTool` waits for that); a round trip to the server
    /// (`gdk_display_sync`) puts every event it generated before the reply
    /// in this client's queue, and GDK dispatches queued events before it
    /// paints the next frame.
    @MainActor
    func waitForInputHandled(in window: FeedWindow, frames: Int = 2,
                             file: StaticString = #filePath, line: UInt = #line) {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        drainPendingWork()
        waitForFrames(frames, of: window.window, file: file, line: line)
    }

    /// Runs every main-loop source that is ready now (idle callbacks, the
    /// Swift main queue), without blocking.
    @MainActor
    func drainPendingWork() {
        var rounds = 0
        while MainLoop.iterate(), rounds < 1000 { rounds += 1 }
    }

    /// Pumps until `value` has stayed the same across `frames` frames in a
    /// row: the intent of "let GTK settle" for one thing a test checks.
    @MainActor
    func waitUntilSteady<Value: Equatable>(_ what: String, in window: FeedWindow, frames: Int = 2,
                                           file: StaticString = #filePath, line: UInt = #line,
                                           _ value: () -> Value) {
        var last = value()
        var steady = 0
        let deadline = ContinuousClock.now + Self.timeout
        while steady < frames {
            waitForFrames(1, of: window.window, file: file, line: line)
            let now = value()
            steady = now == last ? steady + 1 : 0
            last = now
            if ContinuousClock.now > deadline {
                XCTFail("timed out waiting until \(what) stays the same", file: file, line: line)
                return
            }
        }
    }

    /// Pumps until `images` has no download waiting or running, after the
    /// work ready now (binds, the tasks they start) has run and a frame has
    /// been drawn: whatever was going to be downloaded was asked for and is
    /// done. Asked of the fetcher's actor.
    @MainActor
    func waitUntilDownloadsFinish(_ images: ImageLoader, drawing window: FeedWindow? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) {
        drainPendingWork()
        if let window { waitForFrames(1, of: window.window, file: file, line: line) }
        drainPendingWork()
        waitUntil("no picture is downloading", file: file, line: line) {
            self.downloadsInProgress(images) == 0
        }
    }

    /// Downloads `images` has waiting or running (asked of its actor).
    @MainActor
    func downloadsInProgress(_ images: ImageLoader) -> Int {
        let fetcher = images.fetcher
        var count: Int?
        Task { count = await fetcher.downloadsInProgress }
        MainLoop.run(until: { count != nil }, timeout: .seconds(5))
        return count ?? -1
    }
}

extension GatedSource {
    /// Request `index`, or a failure of the test (not of the whole run)
    /// when it was never made.
    func request(_ index: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Request {
        let requests = self.requests
        return try XCTUnwrap(requests.indices.contains(index) ? requests[index] : nil,
                             "request \(index) was never made", file: file, line: line)
    }
}

extension LoopbackServer {
    /// Request `index` the server received, or a failure of the test.
    func request(_ index: Int, file: StaticString = #filePath, line: UInt = #line) throws -> LoopbackServer.Request {
        let requests = self.requests
        return try XCTUnwrap(requests.indices.contains(index) ? requests[index] : nil,
                             "request \(index) was never received", file: file, line: line)
    }
}
