import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

/// Counts are grouped as the reader's locale groups digits (LC_NUMERIC, as
/// the C library set it from the environment), not always as English does.
final class NumberLocaleTests: XCTestCase {
    /// Real locales made for these tests with the C library's `localedef`
    /// from the `locales` package's sources (a machine may have only C and
    /// C.UTF-8 made), in a folder `LOCPATH` points at while a test reads
    /// them.
    private static let madeLocales: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["de_DE", "fr_FR", "de_CH", "en_GB"] {
            let localedef = Process()
            localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
            localedef.arguments = ["-i", name, "-f", "UTF-8", folder.appendingPathComponent("\(name).UTF-8").path]
            localedef.standardOutput = FileHandle.nullDevice
            localedef.standardError = FileHandle.nullDevice
            try localedef.run()
            localedef.waitUntilExit()
            guard localedef.terminationStatus == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "localedef could not make \(name): are the locales package's sources there? (scripts/setup installs it)"])
            }
        }
        return folder
    }

    /// Runs `body` with `LOCPATH` naming the made locales.
    private func withMadeLocales(_ body: () throws -> Void) throws {
        let folder = try Self.madeLocales.get()
        let savedPath = ProcessInfo.processInfo.environment["LOCPATH"]
        defer { if let savedPath { setenv("LOCPATH", savedPath, 1) } else { unsetenv("LOCPATH") } }
        setenv("LOCPATH", folder.path, 1)
        try body()
    }

    func testTheCLocaleAndLocalesNotInstalledGroupAsEnglish() {
        for untranslated in ["C", "C.UTF-8", "C.utf8", "POSIX", "", nil, "xx_XX.UTF-8"] {
            XCTAssertEqual(DigitGrouping(localeNamed: untranslated), .english,
                           "\(String(describing: untranslated)): English words, English numbers")
        }
    }

    func testCountsAreGroupedAsTheLocaleDataSays() throws {
        try withMadeLocales {
            func grouped(_ number: Int, _ name: String) -> String {
                DigitGrouping(localeNamed: name).group(number)
            }
            XCTAssertEqual(grouped(76_543, "de_DE.UTF-8"), "76.543")
            XCTAssertEqual(grouped(76_543, "fr_FR.UTF-8"), "76\u{202F}543", "a narrow no-break space")
            XCTAssertEqual(grouped(7_654_321, "de_CH.UTF-8"), "7’654’321")
            XCTAssertEqual(grouped(76_543, "en_GB.UTF-8"), "76,543")
            XCTAssertEqual(grouped(999, "de_DE.UTF-8"), "999")
            XCTAssertEqual(grouped(-1_200, "de_DE.UTF-8"), "-1.200")
        }
    }

    func testGroupsOfTheirOwnSizesRepeatTheLast() {
        let lakhs = DigitGrouping(separator: ",", sizes: [3, 2])
        XCTAssertEqual(lakhs.group(7_654_321), "76,54,321", "lakh and crore")
        XCTAssertEqual(lakhs.group(12_345_678_901), "12,34,56,78,901")
        XCTAssertEqual(DigitGrouping(separator: ".", sizes: []).group(1_234_567), "1234567", "not grouped")
        XCTAssertEqual(DigitGrouping.english.group(Int.min), "-9,223,372,036,854,775,808")
        XCTAssertEqual(DigitGrouping.english.group(100_000), "100,000")
    }

    func testTheCLocaleGroupsAsEnglishWithNothingOdd() {
        for name in ["C", "C.UTF-8", "POSIX"] {
            let text = DigitGrouping(localeNamed: name).group(1_234_567)
            XCTAssertEqual(text, "1,234,567", name)
            XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), "\(name): \(text)")
        }
        XCTAssertEqual(PostText.grouped(0), "0")
        XCTAssertEqual(DigitGrouping(localeNamed: "C").group(-1200), "-1,200")
    }

    /// The whole way: LC_NUMERIC set from the environment the way start-up
    /// sets it, then read back.
    func testTheCLibrarysNumericLocaleIsFollowed() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["LC_ALL"].map { !$0.isEmpty } ?? false,
                      "LC_ALL is set and overrides LC_NUMERIC")
        try withMadeLocales {
            let saved = try XCTUnwrap(setlocale(LC_NUMERIC, nil).map { String(cString: $0) })
            let savedNumeric = ProcessInfo.processInfo.environment["LC_NUMERIC"]
            defer {
                setlocale(LC_NUMERIC, saved)
                if let savedNumeric { setenv("LC_NUMERIC", savedNumeric, 1) } else { unsetenv("LC_NUMERIC") }
            }
            setenv("LC_NUMERIC", "de_DE.UTF-8", 1)
            XCTAssertNotNil(setlocale(LC_NUMERIC, ""), "the made locale is found")
            XCTAssertEqual(Localization.currentDigitGrouping().group(76_543), "76.543")

            setlocale(LC_NUMERIC, "C.UTF-8")
            XCTAssertEqual(Localization.currentDigitGrouping().group(76_543), "76,543")
        }
    }

    func testWholeNumbersInMessagesAreGroupedAndOtherValuesAreNot() {
        // Under the tests' C locale numbers are written as English writes them.
        XCTAssertEqual(Localization.format("%d items", 12_345), "12,345 items")
        XCTAssertEqual(Localization.format("Item %1$d of %2$d", 1_000, 25_000), "Item 1,000 of 25,000")
        XCTAssertEqual(Localization.format("Server error (%d)", 503), "Server error (503)")
        XCTAssertEqual(Localization.format("%s", "12345"), "12345", "text stays as it is")
    }
}

