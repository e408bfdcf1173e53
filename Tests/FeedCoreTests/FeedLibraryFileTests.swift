import FeedCore
import FeedTestSupport
import Foundation
import XCTest

final class FeedLibraryFileTests: XCTestCase {
    private var fixture: FeedFixture!
    private var file: FeedLibraryFile!

    override func setUp() {
        fixture = FeedFixture()
        file = FeedLibraryFile(url: fixture.directory.appendingPathComponent("config/feedline/feeds.json"))
    }

    override func tearDown() {
        fixture = nil
    }

    private let everyKind: [SavedFeed] = [
        SavedFeed(.document(URL(fileURLWithPath: "/home/me/news.xml"))),
        SavedFeed(.document(URL(string: "https://example.org/feed.atom")!), title: "Example"),
        SavedFeed(.mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .federated)),
        SavedFeed(.mastodon(instance: URL(string: "https://fosstodon.org")!, timeline: .local)),
        SavedFeed(.mastodon(instance: URL(string: "https://mastodon.social")!, timeline: .tag("swift"))),
        SavedFeed(.gitHubSearch(query: "language:swift stars:>100", api: URL(string: "https://ghe.example.com/api/v3")!)),
        SavedFeed(.hackerNews(api: FeedSpec.hackerNewsAPI)),
    ]

    func testNoFileYetIsAnEmptyLibraryWithoutComplaint() {
        let loaded = file.load()
        XCTAssertEqual(loaded.library, FeedLibrary())
        XCTAssertNil(loaded.problem)
    }

    func testEveryKindOfFeedSurvivesASaveAndLoad() throws {
        let library = FeedLibrary(feeds: everyKind, lastOpened: everyKind[4].spec)
        try file.save(library)
        let loaded = file.load()
        XCTAssertNil(loaded.problem)
        XCTAssertEqual(loaded.library, library)
        XCTAssertEqual(loaded.library.feeds.map(\.title)[1], "Example")
        XCTAssertEqual(loaded.library.feeds.map(\.title)[4], "#swift on mastodon.social")
    }

    func testTheFileIsReadableJSONInTheDocumentedShape() throws {
        try file.save(FeedLibrary(feeds: [everyKind[4]], lastOpened: .sample))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any]
        XCTAssertEqual(json?["version"] as? Int, 1)
        let feed = (json?["feeds"] as? [[String: Any]])?.first
        XCTAssertEqual(feed?["kind"] as? String, "mastodon")
        XCTAssertEqual(feed?["instance"] as? String, "https://mastodon.social")
        XCTAssertEqual(feed?["timeline"] as? String, "tag")
        XCTAssertEqual(feed?["tag"] as? String, "swift")
        XCTAssertEqual((json?["lastOpened"] as? [String: Any])?["kind"] as? String, "sample")
    }

    func testEachFeedsLayoutIsRememberedAndForgottenWithTheFeed() throws {
        var library = FeedLibrary(feeds: everyKind)
        library.setLayout(.grid, of: .sample)
        library.setLayout(.grid, of: everyKind[2].spec)
        library.setLayout(.grid, of: everyKind[3].spec)
        library.setLayout(.list, of: everyKind[3].spec)
        try file.save(library)
        let loaded = file.load().library
        XCTAssertEqual(loaded, library)
        XCTAssertEqual(loaded.layout(of: .sample), .grid)
        XCTAssertEqual(loaded.layout(of: everyKind[2].spec), .grid)
        XCTAssertEqual(loaded.layout(of: everyKind[3].spec), .list, "back to the list")
        XCTAssertEqual(loaded.layout(of: everyKind[0].spec), .list, "a list until chosen otherwise")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any]
        let layouts = json?["layouts"] as? [[String: Any]]
        XCTAssertEqual(layouts?.count, 2, "only the feeds not shown as a list")
        XCTAssertEqual(layouts?.compactMap { $0["layout"] as? String }, ["grid", "grid"])
        var removed = loaded
        removed.remove(everyKind[2].spec)
        XCTAssertEqual(removed.layout(of: everyKind[2].spec), .list, "a removed feed's layout goes with it")
    }

    func testAFileWithoutLayoutsOrWithAnUnknownOneStillLoads() throws {
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "feeds": []}"#.utf8).write(to: file.url)
        XCTAssertEqual(file.load().library, FeedLibrary())
        let layouts = #"[{"kind": "sample", "layout": "carousel"},"#
            + #" {"kind": "hacker-news", "api": "https://hn.algolia.com", "layout": "grid"}]"#
        try Data(#"{"version": 1, "feeds": [], "layouts": \#(layouts)}"#.utf8).write(to: file.url)
        let loaded = file.load()
        XCTAssertNil(loaded.problem, "a later version's layout is not damage")
        XCTAssertEqual(loaded.library.layout(of: .sample), .list)
        XCTAssertEqual(loaded.library.layout(of: .hackerNews(api: FeedSpec.hackerNewsAPI)), .grid)
    }

    func testTheReadersPictureSettingIsKeptOnlyWhenOff() throws {
        var library = FeedLibrary(feeds: everyKind)
        try file.save(library)
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any]
        XCTAssertNil(json?["readerRemoteImages"], "the default is not written")
        XCTAssertTrue(file.load().library.readerLoadsRemoteImages)
        library.readerLoadsRemoteImages = false
        try file.save(library)
        json = try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any]
        XCTAssertEqual(json?["readerRemoteImages"] as? Bool, false)
        XCTAssertEqual(file.load().library, library)
    }

    func testSavingReplacesTheWholeFileAndLeavesNoTemporaryFiles() throws {
        try file.save(FeedLibrary(feeds: everyKind))
        try file.save(FeedLibrary(feeds: [everyKind[0]]))
        XCTAssertEqual(file.load().library.feeds, [everyKind[0]])
        let folder = file.url.deletingLastPathComponent()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["feeds.json"])
    }

    func testACorruptFileIsKeptAsideAndReported() throws {
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let damaged = Data(#"{"version": 1, "feeds": [{"kind": "mastodon", "instan"#.utf8)
        try damaged.write(to: file.url)

        let loaded = file.load()
        XCTAssertEqual(loaded.library, FeedLibrary())
        let problem = try XCTUnwrap(loaded.problem)
        XCTAssertTrue(problem.contains("feeds.json.bad"), problem)
        XCTAssertEqual(try Data(contentsOf: file.quarantineURL), damaged, "the damaged list is kept byte for byte")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.url.path))

        // The next save starts a good file; the kept one stays.
        try file.save(FeedLibrary(feeds: [everyKind[6]]))
        XCTAssertEqual(file.load().library.feeds, [everyKind[6]])
        XCTAssertEqual(try Data(contentsOf: file.quarantineURL), damaged)
    }

    func testUnknownKindsAndVersionsAreCorruptNotGuessed() throws {
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        for text in [#"{"version": 2, "feeds": []}"#,
                     #"{"version": 1, "feeds": [{"kind": "gopher", "url": "gopher://x"}]}"#,
                     #"{"version": 1, "feeds": [{"kind": "document", "url": "not a url"}]}"#] {
            try Data(text.utf8).write(to: file.url)
            XCTAssertNotNil(file.load().problem, text)
        }
    }

    func testAFolderThatCannotBeCreatedIsAClearError() throws {
        let blocker = fixture.directory.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let blocked = FeedLibraryFile(url: blocker.appendingPathComponent("feedline/feeds.json"))
        XCTAssertThrowsError(try blocked.save(FeedLibrary())) { error in
            XCTAssertEqual((error as? FeedError)?.reason, "Couldn't save your feeds")
        }
    }

    func testTheStandardPlaceFollowsXDGConfigHome() {
        XCTAssertEqual(FeedLibraryFile.standard(environment: ["XDG_CONFIG_HOME": "/tmp/cfg"]).url.path,
                       "/tmp/cfg/feedline/feeds.json")
        XCTAssertTrue(FeedLibraryFile.standard(environment: [:]).url.path.hasSuffix("/.config/feedline/feeds.json"))
    }

    func testAddingAFeedTwiceRenamesItInsteadOfListingItTwice() {
        var library = FeedLibrary()
        library.add(everyKind[2])
        library.add(SavedFeed(everyKind[2].spec, title: "Renamed"))
        library.add(SavedFeed(.sample))
        XCTAssertEqual(library.feeds.map(\.title), ["Renamed"])
        library.lastOpened = everyKind[2].spec
        library.remove(everyKind[2].spec)
        XCTAssertEqual(library, FeedLibrary())
    }
}
