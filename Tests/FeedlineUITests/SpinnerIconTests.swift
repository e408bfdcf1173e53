import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// The busy spinner draws Feedline's own symbolic PNG, not the theme's
/// `process-working-symbolic`, which Adwaita has only as an SVG: drawing
/// that one loads librsvg for a single icon.
final class SpinnerIconTests: GtkTestCase, @unchecked Sendable {
    func testTheSpinnersIconIsTheAppsOwnPNG() throws {
        MainActor.assumeIsolated {
            _ = TestApplication.shared
            let small = Style.iconFile(named: FeedlineStyle.spinnerIcon, size: 16, scale: 1)
            XCTAssertTrue(small?.hasSuffix("data/icons/hicolor/16x16/status/feedline-working-symbolic.symbolic.png") ?? false,
                          "found in the checkout's data/icons: \(small ?? "nothing")")
            let large = Style.iconFile(named: FeedlineStyle.spinnerIcon, size: 16, scale: 2)
            XCTAssertTrue(large?.hasSuffix("16x16@2/status/feedline-working-symbolic.symbolic.png") ?? false,
                          "twice the pixels for a scale of 2: \(large ?? "nothing")")
            let themes = Style.iconFile(named: "process-working-symbolic", size: 16, scale: 1)
            XCTAssertTrue(themes?.hasSuffix(".svg") ?? false, "the theme's own would be an SVG: \(themes ?? "nothing")")
        }
    }

    func testTheIconFolderIsFoundInstalledAndNotWhereItIsMissing() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        // Laid out as meson installs it: <prefix>/share/feedline/icons/…
        let data = prefix.appendingPathComponent("share/feedline")
        let empty = prefix.appendingPathComponent("empty")
        let icon = data.appendingPathComponent("icons").appendingPathComponent(FeedlineStyle.spinnerIconPath)
        try FileManager.default.createDirectory(at: icon.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data([0x89]).write(to: icon)

        let installed = FeedlineStyle.iconFolder(in: [empty, data])
        XCTAssertEqual(installed?.standardizedFileURL, data.appendingPathComponent("icons").standardizedFileURL)
        XCTAssertNil(FeedlineStyle.iconFolder(in: [empty]),
                     "no folder without the icon: spinners keep the theme's")
    }
}
