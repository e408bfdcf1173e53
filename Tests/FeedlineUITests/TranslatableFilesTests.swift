import Foundation
import XCTest

/// po/POTFILES lists every file whose words go through gettext: a file
/// missing from it would show its words untranslated in every language.
final class TranslatableFilesTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryFileWithTranslatableWordsIsListedForTranslators() throws {
        let listed = Set(try String(contentsOf: Self.repository.appendingPathComponent("po/POTFILES"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        // Only the app's UI has gettext (FeedCore and the store have none).
        let sources = Self.repository.appendingPathComponent("Sources/FeedlineUI")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 60)
        var withWords: [String] = []
        let call = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_])L\(""#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard call.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
            let path = String(file.standardizedFileURL.path.dropFirst(Self.repository.standardizedFileURL.path.count + 1))
            // Where L is defined: its own words are the pseudo-locale's.
            if path != "Sources/FeedlineUI/Text/Localization.swift" { withWords.append(path) }
        }
        XCTAssertGreaterThan(withWords.count, 30)
        XCTAssertEqual(Set(withWords).subtracting(listed).sorted(), [], "files with L(\"…\") missing from po/POTFILES")
    }
}
