@testable import FeedCore
import FeedTestSupport
import Foundation
import Loopback
import XCTest

/// The Fever client against a real Fever server (coldsweat on 127.0.0.1)
/// subscribed to Atom feeds served on 127.0.0.1.
final class FeverClientTests: XCTestCase {
    private let http = HTTPClient()

    private func client(_ fixture: FeverFixture, password: String? = nil) -> FeverClient {
        FeverClient(endpoint: fixture.server.endpoint, user: fixture.server.email,
                    password: password ?? fixture.server.password, http: http)
    }

    func testTheKeyIsTheMD5OfUserColonPasswordAsTheAPIDefinesIt() {
        // RFC 1321's test suite, then a Fever key.
        XCTAssertEqual(MD5.hex(""), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex("abc"), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(MD5.hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0")
        XCTAssertEqual(MD5.hex(String(repeating: "1234567890", count: 8)), "57edf4a22be3c955ac49da2e2107b67a")
        XCTAssertEqual(MD5.hex("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b")
        // GNU md5sum's answer for a key as Fever makes one.
        XCTAssertEqual(MD5.hex("reader@example.org:correct horse battery"), "39e0e363c192f9253c0479c938f681c8")
    }

    func testGroupsAndFeedsComeWithWhichFeedIsInWhichGroup() async throws {
        let fixture = try FeverFixture(groups: [("News", 2), ("Tech", 1)], itemsPerFeed: 2)
        try await client(fixture).verify()
        let subscriptions = try await client(fixture).subscriptions()
        XCTAssertEqual(Set(subscriptions.groups.map(\.title)), ["News", "Tech"])
        XCTAssertEqual(Set(subscriptions.feeds.map(\.title)), ["Feed 0", "Feed 1", "Feed 2"])
        let news = try XCTUnwrap(subscriptions.groups.first { $0.title == "News" })
        let inNews = subscriptions.feeds.filter { $0.groupIDs.contains(news.id) }.map(\.title)
        XCTAssertEqual(Set(inNews), ["Feed 0", "Feed 1"])
        let feed2 = try XCTUnwrap(subscriptions.feeds.first { $0.title == "Feed 2" })
        XCTAssertEqual(feed2.url, fixture.feeds.url("/feed-2.xml"))
    }

    func testPagingForwardFromZeroGetsEveryItemOnceWithItsText() async throws {
        let fixture = try FeverFixture(groups: [("All", 3)], itemsPerFeed: 40)
        let client = client(fixture)
        var seen: [FeverItem] = []
        var last: FeverID = 0
        var pages = 0
        while true {
            let page = try await client.items(after: last)
            pages += 1
            XCTAssertEqual(page.total, 120)
            XCTAssertTrue(page.items.allSatisfy { $0.id > last })
            seen += page.items
            guard page.isFull, let highest = page.items.map(\.id).max() else { break }
            last = highest
        }
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(seen.count, 120)
        XCTAssertEqual(Set(seen.map(\.id)).count, 120, "each item once")
        let item = try XCTUnwrap(seen.first { $0.item.title == FeverFixture.title(feed: 1, item: 7) })
        XCTAssertEqual(item.item.id, String(item.id))
        XCTAssertEqual(item.item.summary, "Text of feed 1 item 7")
        XCTAssertEqual(item.item.author, "Author 1")
        XCTAssertEqual(item.item.date, FeverFixture.date(feed: 1, item: 7))
        XCTAssertEqual(item.item.link, URL(string: "http://127.0.0.1:\(fixture.feeds.port)/feed-1/7"))
        XCTAssertFalse(item.item.isRead)
    }

    func testPagingBackFromTheNewestGetsEveryOlderItemOnceHighestFirst() async throws {
        let fixture = try FeverFixture(groups: [("All", 3)], itemsPerFeed: 40)
        let client = client(fixture)
        var below = FeverID.max
        var ids: [FeverID] = []
        while true {
            let page = try await client.items(before: below)
            XCTAssertTrue(page.items.allSatisfy { $0.id < below })
            XCTAssertEqual(page.items.map(\.id), page.items.map(\.id).sorted(by: >), "highest first")
            ids += page.items.map(\.id)
            guard let lowest = page.items.last?.id else { break }
            below = lowest
        }
        XCTAssertEqual(ids.count, 120)
        XCTAssertEqual(ids, ids.sorted(by: >), "each page older than the one before")
        XCTAssertEqual(Set(ids).count, 120)
    }

    func testItemsAskedForByIDComeInTurnsOfFifty() async throws {
        let fixture = try FeverFixture(groups: [("All", 2)], itemsPerFeed: 40)
        let all = try await client(fixture).items(after: 0).items + client(fixture).items(after: 50).items
        let wanted = all.map(\.id).filter { $0 % 3 != 0 }
        let got = try await client(fixture).items(ids: wanted)
        XCTAssertGreaterThan(wanted.count, 50)
        XCTAssertEqual(Set(got.map(\.id)), Set(wanted))
    }

    func testMarksAreSeenInTheServersListsOfUnreadAndSavedItems() async throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 5)
        let client = client(fixture)
        let ids = try await client.items(after: 0).items.map(\.id).sorted()
        var unread = try await client.unreadItemIDs()
        XCTAssertEqual(unread, Set(ids))
        try await client.mark(item: ids[0], as: .read)
        try await client.mark(item: ids[1], as: .read)
        try await client.mark(item: ids[1], as: .unread)
        try await client.mark(item: ids[2], as: .saved)
        try await client.mark(item: ids[3], as: .saved)
        try await client.mark(item: ids[3], as: .unsaved)
        unread = try await client.unreadItemIDs()
        XCTAssertEqual(unread, Set(ids).subtracting([ids[0]]))
        let saved = try await client.savedItemIDs()
        XCTAssertEqual(saved, [ids[2]])
        let reread = try await client.items(ids: [ids[0], ids[2]])
        XCTAssertEqual(reread.first { $0.id == ids[0] }?.item.isRead, true)
        XCTAssertEqual(reread.first { $0.id == ids[2] }?.item.isStarred, true)
    }

    func testMarkingAFeedReadReadsItsItemsFromBeforeThen() async throws {
        let fixture = try FeverFixture(groups: [("All", 2)], itemsPerFeed: 4)
        let client = client(fixture)
        let feeds = try await client.subscriptions().feeds
        let feed0 = try XCTUnwrap(feeds.first { $0.title == "Feed 0" })
        let items = try await client.items(after: 0).items
        try await client.markRead(feed: feed0.id, before: Date())
        let unread = try await client.unreadItemIDs()
        XCTAssertEqual(unread, Set(items.filter { $0.feedID != feed0.id }.map(\.id)))
        XCTAssertEqual(unread.count, 4)
    }

    func testTheFeedsIconsComeAsTheirPictures() async throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 1)
        let feed = try await client(fixture).subscriptions().feeds[0]
        let icons = try await client(fixture).favicons()
        let icon = try XCTUnwrap(feed.faviconID.flatMap { icons[$0] })
        XCTAssertEqual(icon, TestImages.png(width: 16, height: 16))
    }

    func testAWrongPasswordIsRefusedInWordsThatNeverHoldThePasswordOrTheKey() async throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 1)
        let wrong = "not the password"
        do {
            try await client(fixture, password: wrong).verify()
            XCTFail("a wrong password was taken")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .credentialsRefused)
            XCTAssertEqual(error.reason, "The server refused the user name or password")
            XCTAssertEqual(error.subject, .server("127.0.0.1"))
            let text = "\(error)"
            XCTAssertFalse(text.contains(wrong))
            XCTAssertFalse(text.contains(MD5.hex("\(fixture.server.email):\(wrong)")))
        }
    }

    func testAServerThatIsNotFeverIsSaidToBeNone() async throws {
        let page = try LoopbackServer { _ in .text("<html><body>Welcome</body></html>") }
        let other = try LoopbackServer { _ in .text(#"{"status": "ok"}"#) }
        for server in [page, other] {
            let client = FeverClient(endpoint: server.url("/api/fever.php"), user: "a", password: "b", http: http)
            do {
                try await client.verify()
                XCTFail("\(server.baseURL) was taken for a Fever API")
            } catch let error as FeedError {
                XCTAssertEqual(error.kind, .notFeverAPI)
                XCTAssertEqual(error.subject, .server("127.0.0.1"))
            }
            XCTAssertEqual(server.requests.first?.method, "POST")
            XCTAssertEqual(server.requests.first?.target, "/api/fever.php?api")
        }
    }

    func testAServerThatHasStoppedIsUnreachableAndAnHTTPErrorIsExplained() async throws {
        let fixture = try FeverFixture(groups: [("All", 1)], itemsPerFeed: 1)
        fixture.server.stop()
        do {
            try await client(fixture).verify()
            XCTFail("a stopped server answered")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .refused)
        }
        let failing = try LoopbackServer { _ in .text("Service Unavailable", status: 503) }
        do {
            try await FeverClient(endpoint: failing.url("/fever/"), user: "a", password: "b", http: http).verify()
            XCTFail("a 503 was taken")
        } catch let error as FeedError {
            XCTAssertEqual(error.kind, .serverError)
            XCTAssertEqual(error.status, 503)
        }
    }

    func testAPostIsNotFollowedWhereARedirectWouldDropItsFormOrHandItElsewhere() async throws {
        let elsewhere = try LoopbackServer { _ in .text(#"{"api_version": 3, "auth": 1}"#) }
        for status in [302, 307] {
            let moving = try LoopbackServer { _ in .redirect(to: elsewhere.url("/fever/").absoluteString, status: status) }
            do {
                try await FeverClient(endpoint: moving.url("/fever/"), user: "a", password: "b", http: http).verify()
                XCTFail("a \(status) to another server was followed")
            } catch let error as FeedError {
                XCTAssertEqual(error.kind, .badAnswer)
                XCTAssertEqual(error.status, status)
            }
        }
        XCTAssertTrue(elsewhere.requests.isEmpty, "the key went to another server")
    }
}
