import FeedCore
import FeedStore
import FeedTestSupport
import Foundation
import Secrets
import XCTest

/// `feedline --fever URL --user NAME` and `--update` with an account, as
/// scripts run them: the real program in a process of its own, a real
/// Fever server (coldsweat on 127.0.0.1), a real Secret Service on the
/// test run's own session bus, and the store it leaves.
final class FeverCommandTests: XCTestCase {
    private var home: FeedlineHome!

    override func setUpWithError() throws {
        try TestSecretService.start()
        home = try FeedlineHome()
    }

    private func environment(password: String) -> [String: String] {
        var environment = home.environment
        environment["FEEDLINE_FEVER_PASSWORD"] = password
        return environment
    }

    /// Every byte of the store's files, as text.
    private func storeBytes() throws -> String {
        let path = home.storeFile.url.path
        return try ["", "-wal"].compactMap { suffix in
            FileManager.default.fileExists(atPath: path + suffix) ? try Data(contentsOf: URL(fileURLWithPath: path + suffix)) : nil
        }.map { String(decoding: $0, as: UTF8.self) }.joined()
    }

    func testFeverChecksTheAccountKeepsThePasswordInTheKeyringOnlyAndSyncs() throws {
        let fixture = try FeverFixture(groups: [("News", 2), ("Tech", 1)], itemsPerFeed: 4)
        // A user name of this test's own: the keyring outlives the test.
        let server = fixture.server
        let run = try home.run(["--fever", server.endpoint.absoluteString, "--user", server.email],
                               environment: environment(password: server.password))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Synced 127.0.0.1: 3 feeds, 12 new items\n")
        XCTAssertEqual(run.stderr, "")
        let feeds = try home.subscriptions().filter(\.spec.isFeverFeed)
        XCTAssertEqual(Set(feeds.map(\.title)), ["Feed 0", "Feed 1", "Feed 2"])
        XCTAssertEqual(feeds.first { $0.title == "Feed 2" }?.folder, ["Tech"])
        let kept = try blocking { try await Passwords.password(server: server.endpoint, user: server.email) }
        XCTAssertEqual(kept, server.password)
        XCTAssertFalse(try storeBytes().contains(server.password), "the password is in the store")
        XCTAssertFalse(try storeBytes().contains("correct horse"), "part of the password is in the store")
        try blocking { try await Passwords.remove(server: server.endpoint, user: server.email) }
    }

    func testAWrongPasswordIsSaidSoAndNothingIsAdded() throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 1)
        let server = fixture.server
        let run = try home.run(["--fever", server.endpoint.absoluteString, "--user", server.email],
                               environment: environment(password: "not the password"))
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "feedline: The server refused the user name or password\n")
        XCTAssertEqual(try home.subscriptions().filter(\.spec.isFeverFeed), [])
        let kept = try blocking { try await Passwords.password(server: server.endpoint, user: server.email) }
        XCTAssertNil(kept)
    }

    func testUpdateSyncsTheAccountWithThePasswordFromTheKeyring() throws {
        let fixture = try FeverFixture(groups: [("All", 2)], itemsPerFeed: 3)
        let server = fixture.server
        let added = try home.run(["--fever", server.endpoint.absoluteString, "--user", server.email],
                                 environment: environment(password: server.password))
        XCTAssertEqual(added.status, 0, added.stderr)
        fixture.add(2, to: 1)
        try server.fetch()
        let update = try home.run(["--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.hasSuffix("; synced 1 account: 2 new items\n"), update.stdout)
        let store = try home.storeFile.open().store
        let items = try blocking { try await store.walk(.all, pageSize: 100) }
        XCTAssertTrue(items.contains { $0.title == FeverFixture.title(feed: 1, item: 4) })
        try blocking { try await Passwords.remove(server: server.endpoint, user: server.email) }
        let noPassword = try home.run(["--update"])
        XCTAssertEqual(noPassword.status, 0)
        XCTAssertTrue(noPassword.stderr.contains("127.0.0.1: No password is kept for \(server.email) at 127.0.0.1"),
                      noPassword.stderr)
    }

    func testFeverWithoutAUserIsAUsageError() throws {
        let run = try home.run(["--fever", "https://rss.example.org/api/fever.php"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("feedline: --fever needs --user NAME"), run.stderr)
    }
}
