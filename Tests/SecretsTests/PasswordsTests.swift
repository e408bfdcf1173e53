import FeedTestSupport
import Foundation
import Secrets
import XCTest

/// Passwords kept by a real Secret Service (gnome-keyring-daemon on the
/// test run's own D-Bus session bus).
final class PasswordsTests: XCTestCase {
    override func setUpWithError() throws {
        try TestSecretService.start()
    }

    private let server = URL(string: "https://rss.example.org/api/fever.php")!

    func testAPasswordKeptIsFoundByItsServerAndUserOnly() async throws {
        let user = "reader-\(UUID().uuidString)"
        try await Passwords.save("first secret", server: server, user: user, label: "Feedline: rss.example.org")
        let found = try await Passwords.password(server: server, user: user)
        XCTAssertEqual(found, "first secret")
        let otherUser = try await Passwords.password(server: server, user: user + "-other")
        XCTAssertNil(otherUser)
        let otherServer = try await Passwords.password(server: URL(string: "https://other.example.org/fever/")!, user: user)
        XCTAssertNil(otherServer)
    }

    func testSavingAgainReplacesThePasswordAndRemovingForgetsIt() async throws {
        let user = "reader-\(UUID().uuidString)"
        try await Passwords.save("old", server: server, user: user, label: "Feedline")
        try await Passwords.save("new ünïcode pässword", server: server, user: user, label: "Feedline")
        let replaced = try await Passwords.password(server: server, user: user)
        XCTAssertEqual(replaced, "new ünïcode pässword")
        try await Passwords.remove(server: server, user: user)
        let removed = try await Passwords.password(server: server, user: user)
        XCTAssertNil(removed)
        try await Passwords.remove(server: server, user: user)  // nothing kept: no error
    }
}
