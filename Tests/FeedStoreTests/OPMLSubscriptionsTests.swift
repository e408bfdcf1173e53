import FeedCore
import FeedStore
import Foundation
import XCTest

/// Subscriptions through OPML and back: an export imports as the same
/// subscriptions, every kind of feed; an import merges with what the
/// store follows and reports what it left out.
final class OPMLSubscriptionsTests: XCTestCase {
    let sampleFile = repository.appendingPathComponent("data/sample-feed.json")

    /// One subscription of every kind Feedline follows, in folders.
    private var everyKind: [NewSubscription] {
        let site = URL(string: "https://blog.example.org/")
        return [
            NewSubscription(.sample),
            NewSubscription(.document(URL(string: "https://blog.example.org/feed.xml")!), title: "A blog",
                            folder: ["Reading"], siteURL: site),
            NewSubscription(.document(URL(string: "https://news.example.com/atom?lang=en&x=1")!), title: "News & more <b>",
                            folder: ["Reading", "Daily"]),
            NewSubscription(.document(URL(fileURLWithPath: "/home/ada/feeds/local feed.xml")), title: "On disk",
                            folder: ["Reading", "Daily"]),
            NewSubscription(.mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .federated),
                            title: "Everyone", folder: ["Social"]),
            NewSubscription(.mastodon(instance: URL(string: "https://fosstodon.org")!, timeline: .local), folder: ["Social"]),
            NewSubscription(.mastodon(instance: URL(string: "https://social.example.net/mastodon")!, timeline: .tag("café_2")),
                            folder: ["Social"]),
            NewSubscription(.gitHubSearch(query: "gtk4 language:swift stars:>10", api: FeedSpec.gitHubAPI), folder: ["Code"]),
            NewSubscription(.gitHubSearch(query: "feed reader", api: URL(string: "https://ghe.example.com/api/v3")!),
                            folder: ["Code"]),
            NewSubscription(.hackerNews(api: FeedSpec.hackerNewsAPI)),
        ]
    }

    /// What makes a subscription the same after a round trip.
    private func essentials(_ store: FeedStore) async throws -> [String] {
        try await store.subscriptions().map {
            "\($0.spec) | \($0.title) | \($0.folder) | \($0.siteURL?.absoluteString ?? "-")"
        }
    }

    func testAnExportImportsBackAsTheSameSubscriptionsEveryKindAndFolder() async throws {
        let original = try StoreFolder().open()
        _ = try await original.subscribe(everyKind)
        let outlines = try await original.exportSubscriptions(sampleFile: sampleFile)
        let data = OPMLWriter.write(outlines, title: "Feedline subscriptions", created: Date())
        let text = String(decoding: data, as: UTF8.self)
        for type in ["rss", "feedline-sample", "feedline-mastodon", "feedline-github", "feedline-hacker-news"] {
            XCTAssertTrue(text.contains("type=\"\(type)\""), type)
        }
        XCTAssertTrue(text.contains("xmlUrl=\"https://social.example.net/mastodon/tags/caf%C3%A9_2.rss\""),
                      "a hashtag as Mastodon's RSS of it, which other readers can follow")

        let copy = try StoreFolder().open()
        let imported = try await copy.importSubscriptions(try OPMLReader.read(data))
        XCTAssertEqual(imported.added, everyKind.count)
        XCTAssertEqual(imported.alreadyThere, 0)
        XCTAssertEqual(imported.problems, [])
        let value1 = try await essentials(copy)
        let value2 = try await essentials(original)
        XCTAssertEqual(value1, value2)
    }

    func testImportingTheSameListAgainAddsNothing() async throws {
        let store = try StoreFolder().open()
        _ = try await store.subscribe(everyKind)
        let list = try OPMLReader.read(OPMLWriter.write(try await store.exportSubscriptions(sampleFile: sampleFile),
                                                        title: "Mine", created: Date()))
        let again = try await store.importSubscriptions(list)
        XCTAssertEqual(again.added, 0)
        XCTAssertEqual(again.alreadyThere, everyKind.count)
        let count = try await store.subscriptions().count
        XCTAssertEqual(count, everyKind.count)
    }

    func testAFeedAlreadyFollowedUnderAnotherSpellingStaysAsItIs() async throws {
        let store = try StoreFolder().open()
        let kept = try await store.subscribe([
            NewSubscription(.document(URL(string: "HTTPS://Blog.Example.org:443/feed.xml")!), title: "Mine", folder: ["Kept"]),
            NewSubscription(.mastodon(instance: URL(string: "https://mastodon.social/")!, timeline: .local), title: "Local"),
        ]).subscriptions
        let opml = """
            <opml version="2.0"><body>
              <outline text="Elsewhere"><outline type="rss" text="Theirs" xmlUrl="https://blog.example.org/feed.xml#top"/></outline>
              <outline type="feedline-mastodon" text="Theirs too" xmlUrl="https://mastodon.social/api/v1/timelines/public?local=true"/>
              <outline type="rss" text="New" xmlUrl="https://new.example.org/rss"/>
            </body></opml>
            """
        let imported = try await store.importSubscriptions(try OPMLReader.read(Data(opml.utf8)))
        XCTAssertEqual(imported.added, 1)
        XCTAssertEqual(imported.alreadyThere, 2)
        XCTAssertEqual(Array(imported.subscriptions.prefix(2)), kept)
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.map(\.title), ["Mine", "Local", "New"])
        XCTAssertEqual(subscriptions[0].folder, ["Kept"], "the first one wins, as in the list's own duplicates")
    }

    func testWhatCantBeImportedIsReportedAndTheRestImported() async throws {
        let opml = """
            <opml version="1.0"><head><title>Mixed</title></head><body>
              <outline text="Tech">
                <outline type="rss" text="Good" xmlUrl="https://good.example/feed" htmlUrl="https://good.example/"/>
                <outline type="rss" text="No address"/>
                <outline type="rss" text="Script" xmlUrl="javascript:alert(1)"/>
                <outline type="rss" text="Good again" xmlUrl="https://GOOD.example/feed"/>
              </outline>
              <outline type="feedline-mastodon" text="Not Mastodon" xmlUrl="https://m.example/about"/>
              <outline type="feedline-future" text="From a later Feedline" xmlUrl="https://f.example/x"/>
              <outline type="atom" text="Atom" xmlUrl="https://atom.example/feed"/>
            </body></opml>
            """
        let store = try StoreFolder().open()
        let imported = try await store.importSubscriptions(try OPMLReader.read(Data(opml.utf8)))
        XCTAssertEqual(imported.added, 2)
        XCTAssertEqual(imported.duplicatesMerged, 1)
        XCTAssertEqual(imported.problems.map(\.title), ["No address", "Script", "Not Mastodon", "From a later Feedline"])
        XCTAssertEqual(imported.problems.map(\.reason), [.noAddress, .unusableAddress, .unusableAddress, .unusableAddress])
        let subscriptions = try await store.subscriptions()
        XCTAssertEqual(subscriptions.map(\.spec), [.document(URL(string: "https://good.example/feed")!),
                                                   .document(URL(string: "https://atom.example/feed")!)])
        XCTAssertEqual(subscriptions.map(\.folder), [["Tech"], []])
        XCTAssertEqual(subscriptions[0].siteURL, URL(string: "https://good.example/"))
    }

    func testFeedlinesOwnKindsReadBackFromTheirAddresses() {
        func spec(_ type: String, _ address: String) -> FeedSpec? {
            OPMLFeeds.spec(of: OPMLSubscription(address: URL(string: address)!, type: type))
        }
        XCTAssertEqual(spec("feedline-sample", "file:///usr/share/feedline/sample-feed.json"), .sample)
        XCTAssertEqual(spec("Feedline-Mastodon", "https://m.example/api/v1/timelines/public"),
                       .mastodon(instance: URL(string: "https://m.example")!, timeline: .federated))
        XCTAssertEqual(spec("feedline-mastodon", "https://m.example/tags/Swift.rss"),
                       .mastodon(instance: URL(string: "https://m.example")!, timeline: .tag("Swift")))
        XCTAssertNil(spec("feedline-mastodon", "https://m.example/tags/no-dashes.rss"))
        XCTAssertEqual(spec("feedline-github", "https://api.github.com/search/repositories?q=a%20b&sort=stars"),
                       .gitHubSearch(query: "a b", api: FeedSpec.gitHubAPI))
        XCTAssertNil(spec("feedline-github", "https://api.github.com/search/repositories"), "no query")
        XCTAssertEqual(spec("feedline-hacker-news", "https://hn.algolia.com/api/v1/search_by_date?tags=story"),
                       .hackerNews(api: FeedSpec.hackerNewsAPI))
        XCTAssertEqual(spec("HTML+XPath", "https://scraped.example/page"),
                       .document(URL(string: "https://scraped.example/page")!), "other readers' types are documents")
    }
}
