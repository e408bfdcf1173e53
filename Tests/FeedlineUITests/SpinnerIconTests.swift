import Foundation
import GtkKit
import XCTest

@testable import FeedlineUI

/// The busy spinner draws Feedline's own symbolic PNG, not the theme's
/// `process-working-symbolic`, which Adwaita has only as an SVG: drawing
/// that one loads librsvg for a single icon. It names its files in CSS and
/// leaves the icon theme as GTK read it (adding a folder to the theme
/// makes GTK read it again on the main thread, at start).
final class SpinnerIconTests: GtkTestCase, @unchecked Sendable {
    private var data: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
    }

    func testTheSpinnersRulesNameTheAppsOwnPNGs() throws {
        let css = FeedlineStyle.spinnerCSS(iconFolder: data.appendingPathComponent("icons"))
        let files = css.components(separatedBy: "url(\"").dropFirst()
            .compactMap { $0.components(separatedBy: "\")").first }.compactMap(URL.init(string:))
        XCTAssertEqual(Set(files.map(\.lastPathComponent)), ["feedline-working-symbolic.symbolic.png"])
        XCTAssertEqual(files.map { $0.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent },
                       ["16x16", "16x16@2", "16x16@2"],
                       "one for a scale of 1, twice the pixels for 2 and for a status page's larger spinner")
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "\(file.path) exists")
        }
        let themes = MainActor.assumeIsolated {
            _ = TestApplication.shared
            return Style.iconFile(named: "process-working-symbolic", size: 16, scale: 1)
        }
        XCTAssertTrue(themes?.hasSuffix(".svg") ?? false, "the theme's own would be an SVG: \(themes ?? "nothing")")
    }

    /// Spinners in a wide and a tall space, and a status page's: each
    /// square, at its size, and drawn (the icon's file was read).
    func testSpinnersAreSquareAndDrawTheIcon() throws {
        MainActor.assumeIsolated {
            let wide = Spinner(), tall = Spinner()
            let page = StatusPage(iconName: nil, title: "Loading a feed with a long name…")
            let row = Box(.horizontal, spacing: 0, children: [tall])
            row.setSizeRequest(height: 80)
            let window = Window(application: TestApplication.shared)
            window.setDefaultSize(width: 400, height: 400)
            window.setChild(Box(.vertical, spacing: 0, children: [wide, row, page.root]))
            window.present()
            defer { window.close() }
            for spinner in [wide, tall, page.spinner] { spinner.isSpinning = true }
            waitUntil("the spinners are laid out and drawn") {
                [wide, tall, page.spinner].allSatisfy { ($0.renderedPixels()?.inkedCount ?? 0) > 0 }
            }
            XCTAssertEqual([wide, tall, page.spinner].map(\.allocatedWidth), [16, 16, 32])
            XCTAssertEqual([wide, tall, page.spinner].map(\.allocatedHeight), [16, 16, 32])
        }
    }

    func testTheStyleLeavesTheIconThemesFoldersAlone() throws {
        MainActor.assumeIsolated {
            _ = TestApplication.shared
            let before = Style.iconSearchPath
            FeedlineStyle.install(iconFolder: data.appendingPathComponent("icons"))
            XCTAssertEqual(Style.iconSearchPath, before)
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

    /// Run from a checkout, the app's icon is not in the theme until the
    /// About window asks for it; then it is found in the data folder.
    func testTheAppIconIsFoundInTheDataFolderWhenTheThemeLacksIt() throws {
        MainActor.assumeIsolated {
            _ = TestApplication.shared
            let name = FeedlineApp.id
            guard !Style.hasIcon(named: name) else {
                XCTAssertFalse(Style.iconSearchPath.contains { $0.hasSuffix("data/icons") },
                               "installed: the theme has it without the data folder")
                return
            }
            let before = Style.iconSearchPath
            defer { Style.iconSearchPath = before }
            FeedlineStyle.findAppIcon(name, in: [data])
            XCTAssertTrue(Style.hasIcon(named: name))
            XCTAssertTrue(Style.iconSearchPath.contains { $0.hasSuffix("data/icons") }, "\(Style.iconSearchPath)")
        }
    }
}
