import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

/// Counts are grouped as the reader's locale groups digits (LC_NUMERIC, as
/// the C library set it from the environment), not always as English does.
final class NumberLocaleTests: XCTestCase {
    func testTheLocaleNameIsReadAsTheCLibraryWritesIt() {
        XCTAssertEqual(Localization.numberLocale(named: "de_DE.UTF-8").identifier, "de_DE")
        XCTAssertEqual(Localization.numberLocale(named: "de_DE@euro").identifier, "de_DE")
        XCTAssertEqual(Localization.numberLocale(named: "fr_FR.ISO-8859-1").identifier, "fr_FR")
        XCTAssertEqual(Localization.numberLocale(named: "pt_BR").identifier, "pt_BR")
        for untranslated in ["C", "C.UTF-8", "C.utf8", "POSIX", "", nil] {
            XCTAssertEqual(Localization.numberLocale(named: untranslated).identifier, "en_US",
                           "\(String(describing: untranslated)): English words, English numbers")
        }
    }

    func testCountsAreGroupedForTheLocale() {
        func grouped(_ number: Int, _ name: String) -> String {
            PostText.grouped(number, locale: Localization.numberLocale(named: name))
        }
        XCTAssertEqual(grouped(76_543, "de_DE.UTF-8"), "76.543")
        XCTAssertEqual(grouped(76_543, "fr_FR.UTF-8"), "76\u{202F}543", "a narrow no-break space")
        XCTAssertEqual(grouped(7_654_321, "de_CH.UTF-8"), "7’654’321")
        XCTAssertEqual(grouped(7_654_321, "hi_IN.UTF-8"), "76,54,321", "lakh and crore")
        XCTAssertEqual(grouped(76_543, "en_GB.UTF-8"), "76,543")
        XCTAssertEqual(grouped(999, "de_DE.UTF-8"), "999")
    }

    func testTheCLocaleGroupsAsEnglishWithNothingOdd() {
        for name in ["C", "C.UTF-8", "POSIX"] {
            let text = PostText.grouped(1_234_567, locale: Localization.numberLocale(named: name))
            XCTAssertEqual(text, "1,234,567", name)
            XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), "\(name): \(text)")
        }
        XCTAssertEqual(PostText.grouped(0), "0")
        XCTAssertEqual(PostText.grouped(-1200, locale: Localization.numberLocale(named: "C")), "-1,200")
    }

    /// The whole way, with a real German locale made for the test (only C
    /// and C.UTF-8 are installed here): LC_NUMERIC set from the environment
    /// the way start-up sets it, then read back.
    func testTheCLibrarysNumericLocaleIsFollowed() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["LC_ALL"].map { !$0.isEmpty } ?? false,
                      "LC_ALL is set and overrides LC_NUMERIC")
        let locales = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-locales-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: locales) }
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path]
        localedef.standardOutput = FileHandle.nullDevice
        localedef.standardError = FileHandle.nullDevice
        do { try localedef.run() } catch { throw XCTSkip("no localedef: \(error)") }
        localedef.waitUntilExit()
        try XCTSkipUnless(localedef.terminationStatus == 0, "localedef could not make de_DE.UTF-8")

        let saved = try XCTUnwrap(setlocale(LC_NUMERIC, nil).map { String(cString: $0) })
        let savedPath = ProcessInfo.processInfo.environment["LOCPATH"]
        let savedNumeric = ProcessInfo.processInfo.environment["LC_NUMERIC"]
        defer {
            setlocale(LC_NUMERIC, saved)
            if let savedPath { setenv("LOCPATH", savedPath, 1) } else { unsetenv("LOCPATH") }
            if let savedNumeric { setenv("LC_NUMERIC", savedNumeric, 1) } else { unsetenv("LC_NUMERIC") }
        }
        setenv("LOCPATH", locales.path, 1)
        setenv("LC_NUMERIC", "de_DE.UTF-8", 1)
        XCTAssertNotNil(setlocale(LC_NUMERIC, ""), "the made locale is found")
        XCTAssertEqual(PostText.grouped(76_543, locale: Localization.currentNumberLocale()), "76.543")

        setlocale(LC_NUMERIC, "C.UTF-8")
        XCTAssertEqual(PostText.grouped(76_543, locale: Localization.currentNumberLocale()), "76,543")
    }

    func testWholeNumbersInMessagesAreGroupedAndOtherValuesAreNot() {
        // Under the tests' C locale numbers are written as English writes them.
        XCTAssertEqual(Localization.format("%d items", 12_345), "12,345 items")
        XCTAssertEqual(Localization.format("Item %1$d of %2$d", 1_000, 25_000), "Item 1,000 of 25,000")
        XCTAssertEqual(Localization.format("Server error (%d)", 503), "Server error (503)")
        XCTAssertEqual(Localization.format("%s", "12345"), "12345", "text stays as it is")
    }
}

