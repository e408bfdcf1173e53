import FeedCore
import Foundation
import XCTest

@testable import FeedlineUI

/// The words a reader is told a failure in are chosen by the UI, from the
/// error's kind and facts (status, name, the server's own message), each
/// through gettext; FeedCore's English reason is for the log.
final class ErrorTextTests: XCTestCase {
    /// Every kind with no facts at all: what FeedCore's reason would be
    /// says nothing here (it is never shown but for `.other`).
    private static func bare(_ kind: FeedError.Kind) -> FeedError {
        FeedError(kind == .other ? "" : "LOG ONLY", kind: kind)
    }

    func testEveryKindHasWordsOfItsOwn() {
        var seen: [String: FeedError.Kind] = [:]
        for kind in FeedError.Kind.allCases {
            let words = ErrorText.reason(Self.bare(kind))
            XCTAssertFalse(words.isEmpty, "\(kind)")
            XCTAssertFalse(words.contains("LOG ONLY"), "\(kind): FeedCore's reason shown: \(words)")
            XCTAssertFalse(words.contains("%"), "\(kind): a template left unfilled: \(words)")
            XCTAssertLessThan(words.count, 60, "\(kind): short: \(words)")
            XCTAssertEqual(words.first?.isUppercase, true, "\(kind): a sentence: \(words)")
            if let other = seen[words] { XCTFail("\(kind) and \(other) both say “\(words)”") }
            seen[words] = kind
        }
    }

    func testTheKindsTheReaderMeetsMostAreSaidPlainly() {
        let expected: [(FeedError.Kind, String)] = [
            (.offline, "No network connection"),
            (.notFound, "This page can't be found"),
            (.refused, "The server refused the connection"),
            (.timedOut, "The server took too long to answer"),
            (.rateLimited, "Rate limited"),
            (.serverError, "The server ran into a problem"),
            (.notAFeed, "This isn't a feed"),
            (.webPage, "This is a web page, not a feed"),
            (.damaged, "This feed is damaged and can't be read"),
            (.other, "Something went wrong"),
        ]
        for (kind, words) in expected {
            XCTAssertEqual(ErrorText.reason(Self.bare(kind)), words, "\(kind)")
        }
    }

    func testTheStatusIsInTheWords() {
        let expected: [(FeedError.Kind, Int, String)] = [
            (.accessDenied, 403, "Access denied (403)"),
            (.notFound, 404, "The page doesn't exist (404)"),
            (.notFound, 410, "The page doesn't exist (410)"),
            (.badRequest, 422, "The server refused the request (422)"),
            (.serverError, 503, "Server error (503)"),
            (.badAnswer, 302, "The server sent an unexpected answer (302)"),
        ]
        for (kind, status, words) in expected {
            let error = FeedError("LOG ONLY", kind: kind, status: status, subject: .server("example.org"))
            XCTAssertEqual(ErrorText.reason(error), words, "\(kind) \(status)")
        }
    }

    func testTheServerOrFileIsNamed() {
        let server = FeedError.Subject.server("feeds.example.org")
        let file = FeedError.Subject.file("feed.xml")
        let expected: [(FeedError.Kind, FeedError.Subject, String)] = [
            (.serverNotFound, server, "Couldn't find the server feeds.example.org"),
            (.refused, server, "The server feeds.example.org refused the connection"),
            (.unreachable, server, "Couldn't reach the server feeds.example.org"),
            (.insecure, server, "Couldn't connect securely to feeds.example.org"),
            (.badAnswer, .server("GitHub"), "The answer from GitHub couldn't be read"),
            (.notFound, file, "The file “feed.xml” doesn't exist"),
            (.accessDenied, file, "You don't have permission to read “feed.xml”"),
            (.other, file, "Couldn't read “feed.xml”"),
        ]
        for (kind, subject, words) in expected {
            XCTAssertEqual(ErrorText.reason(FeedError("LOG ONLY", kind: kind, subject: subject)), words, "\(kind)")
        }
        XCTAssertEqual(ErrorText.reason(FeedError("LOG ONLY", kind: .insecure)),
                       "Only secure (https) addresses are allowed", "no server: the address isn't https")
    }

    func testTheServersOwnMessageIsQuoted() {
        let github = FeedError("LOG ONLY", kind: .serverError, subject: .server("GitHub"),
                               serverMessage: "Validation Failed")
        XCTAssertEqual(ErrorText.reason(github), "GitHub says: “Validation Failed”")
        let mastodon = FeedError("LOG ONLY", kind: .serverError, serverMessage: "This action is not allowed")
        XCTAssertEqual(ErrorText.reason(mastodon), "The server says: “This action is not allowed”")
        let missing = FeedError("LOG ONLY", kind: .notFound, status: 404, subject: .server("mastodon.example"),
                                serverMessage: "Record not found")
        XCTAssertEqual(ErrorText.reason(missing), "The page doesn't exist (404): “Record not found”")
    }

    func testTheServersMessageIsPlainTextNotMarkup() {
        let error = FeedError("LOG ONLY", kind: .serverError, subject: .server("GitHub"),
                              serverMessage: "<b>x</b> & <a href=\"https://evil.example\">y</a>")
        let words = ErrorText.reason(error)
        XCTAssertEqual(words, "GitHub says: “<b>x</b> & <a href=\"https://evil.example\">y</a>”",
                       "shown as written: neither markup nor escaped")
        let multiline = FeedError("LOG ONLY", kind: .badRequest, status: 400, serverMessage: "line one\n\nline two\u{0}")
        XCTAssertEqual(ErrorText.reason(multiline), "The server refused the request (400): “line one line two”")
    }

    func testErrorsFeedCoreThrowsGetTheirWords() throws {
        XCTAssertThrowsError(try FeedDocumentParser.parse(Data("<!DOCTYPE html><html><body>Hi</body></html>".utf8))) {
            XCTAssertEqual(ErrorText.reason(FeedError(describing: $0)), "This is a web page, not a feed")
        }
        XCTAssertThrowsError(try GitHubSearchParser.parse(Data(#"{"message": "Validation Failed"}"#.utf8))) {
            XCTAssertEqual(ErrorText.reason(FeedError(describing: $0)), "GitHub says: “Validation Failed”")
        }
        XCTAssertEqual(ErrorText.reason(FeedError(describing: CocoaError(.fileReadUnknown))), "Something went wrong")
    }

    // MARK: Where the words are shown

    func testTheFooterHoldsTheChosenWords() throws {
        var state = PagingState()
        let first = try XCTUnwrap(state.requestMore())
        _ = state.receive(FeedPage(items: [FeedItem(id: "1", title: "One")], next: PageCursor("1")), for: first)
        let more = try XCTUnwrap(state.requestMore())
        _ = state.fail(FeedError("Server error (503)", kind: .serverError, status: 503), for: more)
        let footer = try XCTUnwrap(FooterState(state.phase, hasItems: true, retryIn: 4))
        XCTAssertEqual(footer, .failed(reason: "Server error (503)", refresh: false, retryIn: 4))
        XCTAssertEqual(PagingText.footer(footer), "Couldn't load more items: Server error (503), retrying in 4 s")
        XCTAssertEqual(PagingText.status(state.phase, itemCount: 1, retryIn: 0),
                       "Couldn't load more items: Server error (503), retrying…")
    }

    // MARK: In another language

    /// Each kind's words, with names and numbers filled in, come from the
    /// catalog: under the pseudo-locale (every translation its English
    /// between markers) each is one translated sentence.
    func testEveryKindsWordsAreTranslated() throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("feedline-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: catalog) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("pseudo-locale/make-pseudo-locale.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, catalog.path]
        try process.run()
        process.waitUntilExit()
        try XCTSkipUnless(process.terminationStatus == 0, "make-pseudo-locale.sh failed (is gettext installed?)")

        let savedMessages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) }
        let savedLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        let savedDirectory = Localization.localeDirectory
        setlocale(LC_MESSAGES, "C.UTF-8")
        setenv("LANGUAGE", "xx", 1)
        Localization.bind(localeDirectory: catalog.path)
        defer {
            if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, savedMessages ?? "C")
            Localization.bind(localeDirectory: savedDirectory)
        }

        for kind in FeedError.Kind.allCases {
            let words = ErrorText.reason(Self.bare(kind))
            XCTAssertTrue(words.hasPrefix("⟦") && words.hasSuffix("⟧"), "\(kind): untranslated: \(words)")
        }
        let file = ErrorText.reason(FeedError("LOG ONLY", kind: .notFound, subject: .file("feed.xml")))
        XCTAssertEqual(file, "⟦The file “feed.xml” doesn't exist⟧", "the name inside the translated sentence")
        let status = ErrorText.reason(FeedError("LOG ONLY", kind: .serverError, status: 503))
        XCTAssertEqual(status, "⟦Server error (503)⟧")
        let said = ErrorText.reason(FeedError("LOG ONLY", kind: .serverError, subject: .server("GitHub"),
                                              serverMessage: "Validation Failed"))
        XCTAssertEqual(said, "⟦GitHub says: “Validation Failed”⟧")
    }
}
