import FeedCore
import Foundation
import XCTest

/// `OPMLReader` on the subscription lists people bring: one export from
/// each reader they move from, written by hand in Tests/fixtures/opml
/// after each tool's export code and documented shape (our own test data),
/// and the lists that go wrong. Each test checks what the reader would
/// see after the import: the feeds, their folders, and what was left out.
final class OPMLReaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/opml")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    private func read(_ name: String) throws -> OPMLImport {
        try OPMLReader.read(Self.fixture(name))
    }

    /// Each subscription as "Folder/Subfolder: Title <address>".
    private func lines(_ list: OPMLImport) -> [String] {
        list.subscriptions.map { subscription in
            let folder = subscription.folder.isEmpty ? "" : subscription.folder.joined(separator: "/") + ": "
            return folder + (subscription.title ?? "(no title)") + " <" + subscription.address.absoluteString + ">"
        }
    }

    /// The error reading `data` throws; nil when it reads.
    private func failure(_ data: Data) -> FeedError? {
        do {
            _ = try OPMLReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> FeedError? {
        failure(Data(text.utf8))
    }

    // MARK: Each exporter's shape

    func testLifereaExportKeepsNestedFoldersAndLeavesOutSearchFoldersNewsBinsAndEmptyFolders() throws {
        let list = try read("liferea.opml")
        XCTAssertEqual(list.title, "Liferea Feed List Export")
        XCTAssertEqual(lines(list), [
            "GNOME: Planet GNOME <https://planet.example.org/gnome/rss20.xml>",
            "GNOME/Apps: This Week in GNOME <https://twig.example.org/index.xml>",
            "Liferea Blog <https://lzone.example.de/liferea/blog/feed.xml>",
        ])
        XCTAssertEqual(list.subscriptions.first, OPMLSubscription(
            address: URL(string: "https://planet.example.org/gnome/rss20.xml")!, title: "Planet GNOME",
            siteAddress: URL(string: "https://planet.example.org/gnome/"), folder: ["GNOME"], type: "rss"))
        XCTAssertEqual(list.problems, [])
        XCTAssertEqual(list.duplicatesMerged, 0)
    }

    func testNewsFlashNestedCategoriesAreFoldersAndAFeedInTwoCategoriesStaysInItsFirst() throws {
        let list = try read("newsflash.opml")
        XCTAssertEqual(list.title, "NewsFlash OPML export")
        XCTAssertEqual(lines(list), [
            "Linux/Distributions: Fedora Magazine <https://magazine.example.org/feed/>",
            "Linux/Distributions: Debian News <https://www.example.org/debian/News/news>",
            "Linux: LWN.net <https://lwn.example.net/headlines/rss>",
            "Favourites: xkcd.com <https://comic.example.com/atom.xml>",
            "Swift.org <https://swift.example.org/atom.xml>",
        ])
        XCTAssertEqual(list.subscriptions.map(\.type), ["rss", "rss", "rss", "atom", "rss"])
        XCTAssertEqual(list.duplicatesMerged, 1)
        XCTAssertEqual(list.problems, [])
    }

    func testFeedlyFoldersOneLevelDeepWithTitleAndTextAndAFeedInTwoFoldersMerged() throws {
        let list = try read("feedly.opml")
        XCTAssertEqual(list.title, "Sam subscriptions in feedly Cloud")
        XCTAssertEqual(lines(list), [
            "Design: A List Apart <https://alistapart.example.com/main/feed/>",
            "Design: Smashing Magazine <https://www.smashing.example.com/feed/>",
            "Tech: Ars Technica - All content <https://feeds.ars.example.com/arstechnica/index>",
            "Tech: The Verge -  All Posts <https://www.verge.example.com/rss/index.xml>",
        ])
        XCTAssertEqual(list.subscriptions[0].siteAddress, URL(string: "https://alistapart.example.com"))
        XCTAssertEqual(list.duplicatesMerged, 1)
    }

    func testInoreaderFoldersSiteAddressesAndEscapedAmpersandsInAddresses() throws {
        let list = try read("inoreader.xml")
        XCTAssertEqual(list.title, "Subscriptions of Sam from Inoreader [https://www.inoreader.com]")
        XCTAssertEqual(lines(list), [
            "News: BBC News - World <https://feeds.bbc.example.co.uk/news/world/rss.xml>",
            "News: Google News - swift programming <https://news.example.com/rss/search?q=swift+programming&hl=en-US&gl=US&ceid=US:en>",
            "Science & Space: NASA Breaking News <https://www.nasa.example.gov/rss/dyn/breaking_news.rss>",
            "Science & Space: Quanta Magazine <https://api.quanta.example.org/feed/>",
        ])
        XCTAssertEqual(list.subscriptions.map { $0.siteAddress?.absoluteString }, [
            "https://www.bbc.example.co.uk/news/world",
            "https://news.example.com/search?q=swift+programming&hl=en-US&gl=US&ceid=US:en",
            "http://www.nasa.example.gov/",
            "https://www.quanta.example.org",
        ])
    }

    func testThunderbirdFolderMadeForEachFeedIsNotALevelButAFolderOfFeedsIs() throws {
        let list = try read("thunderbird.opml")
        XCTAssertEqual(list.title, "Thunderbird OPML Export - Blogs & News Feeds")
        XCTAssertEqual(lines(list), [
            "Mozilla Thunderbird Blog <https://blog.thunderbird.example.net/feed/>",
            "Linux: LWN.net <https://lwn.example.net/headlines/newrss>",
            "Linux/Kernel: Kernel Planet <https://planet.kernel.example.org/rss20.xml>",
            "Linux/Kernel: Kernel Newbies <https://kernelnewbies.example.org/feed>",
        ])
        XCTAssertEqual(list.subscriptions.map(\.type), ["rss", "rss", "rss", "rss"])
        XCTAssertEqual(list.problems, [])
    }

    func testThunderbirdFeedFolderNamedOtherwiseStaysAFolder() throws {
        let list = try OPMLReader.read(Data("""
            <opml version="1.0" xmlns:fz="urn:forumzilla:"><body>
              <outline title="Reading later">
                <outline type="rss" title="LWN.net" text="LWN.net" fz:quickMode="true" xmlUrl="https://lwn.example.net/rss"/>
              </outline>
              <outline title="Same name, not Thunderbird's">
                <outline type="rss" title="Same name, not Thunderbird's" xmlUrl="https://other.example.net/rss"/>
              </outline>
            </body></opml>
            """.utf8))
        XCTAssertEqual(lines(list), [
            "Reading later: LWN.net <https://lwn.example.net/rss>",
            "Same name, not Thunderbird's: Same name, not Thunderbird's <https://other.example.net/rss>",
        ])
    }

    func testFreshRSSCategoriesAreFoldersTypesAreKeptAndADynamicOPMLCategoryIsNothing() throws {
        let list = try read("freshrss.opml")
        XCTAssertEqual(list.title, "FreshRSS")
        XCTAssertEqual(lines(list), [
            "Uncategorized: FreshRSS releases <https://github.example.com/FreshRSS/FreshRSS/releases.atom>",
            "Tech: Hacker News & friends <https://news.ycombinator.example.com/rss>",
            "Tech: Local council news <https://council.example.org/news>",
        ])
        // A web page FreshRSS scrapes: its type says so, for the app to decide.
        XCTAssertEqual(list.subscriptions.map(\.type), ["rss", "rss", "HTML+XPath"])
        XCTAssertEqual(list.problems, [])
    }

    func testMinifluxCategoriesOneLevelDeepWithoutTypes() throws {
        let list = try read("miniflux.opml")
        XCTAssertEqual(list.title, "Miniflux")
        XCTAssertEqual(lines(list), [
            "All: Miniflux <https://miniflux.example.app/feed.xml>",
            "All: Julia Evans <https://jvns.example.ca/atom.xml>",
            "Programming: Go Blog <https://go.example.dev/blog/feed.atom>",
        ])
        XCTAssertEqual(list.subscriptions.map(\.type), [nil, nil, nil])
        XCTAssertEqual(list.subscriptions[2].siteAddress, URL(string: "https://go.example.dev/blog/"))
    }

    func testOPML1WithoutTypesNamesInTextAndTheAddressAttributeInAnyLetterCase() throws {
        let list = try read("opml1-no-type.opml")
        XCTAssertEqual(list.title, "mySubscriptions")
        XCTAssertEqual(lines(list), [
            "Scripting News <http://scripting.example.com/rss.xml>",
            "Weblogs: Joel on Software <http://www.joel.example.com/rss.xml>",
            "Weblogs: A LiveJournal <http://sam.livejournal.example.com/data/rss>",
            "Weblogs: SHOUTING EXPORTER <http://shout.example.org/RSS>",
        ])
        XCTAssertEqual(list.subscriptions.map(\.type), [nil, nil, nil, nil])
        XCTAssertEqual(list.subscriptions.map { $0.siteAddress?.absoluteString }, [
            "http://scripting.example.com/", "http://www.joel.example.com/", "http://sam.livejournal.example.com/",
            "http://shout.example.org/",
        ])
    }

    // MARK: Folders

    func testDeepNestingNamelessFoldersFeedsWithChildrenAndTrimmedNames() throws {
        let list = try read("deep-nesting.opml")
        XCTAssertEqual(lines(list), [
            "One/Two/Three/Four/Five/Six: Bottom <https://deep.example.org/bottom.xml>",
            "One/Two/Three: In a nameless folder <https://deep.example.org/nameless.xml>",
            "One/Two/Three/Named by title only: Title beats text <https://deep.example.org/title.xml>",
            "One: Parent feed <https://deep.example.org/parent.xml>",
            "One: Child of a feed <https://deep.example.org/child.xml>",
            "Spaced: Trimmed title <https://deep.example.org/trimmed.xml>",
        ])
        XCTAssertEqual(list.problems, [], "empty folders are nothing, not feeds without addresses")
    }

    func testCategoryAttributeGivesTheFolderOfATopLevelFeed() throws {
        let list = try read("category.opml")
        XCTAssertEqual(lines(list), [
            "Tech/Deep: Deep category <https://cat.example.org/deep.xml>",
            "News/World: Several paths <https://cat.example.org/several.xml>",
            "linux: Tags <https://cat.example.org/tags.xml>",
            "Science/Space: No leading slash <https://cat.example.org/noslash.xml>",
            "Blank category <https://cat.example.org/blank.xml>",
            "Folder: Nesting wins <https://cat.example.org/nested.xml>",
        ])
    }

    // MARK: Duplicates and problems

    func testDuplicatesAreMergedIntoTheFirstWhateverTheirSpelling() throws {
        let list = try read("duplicates.opml")
        XCTAssertEqual(lines(list), [
            "First: Original <https://dup.example.org/feed.xml>",
            "First: Site root <https://root.example.org>",
            "First: With slash <https://dup.example.org/blog/>",
            "Second: Without slash <https://dup.example.org/blog>",
            "Second: Path case differs <https://dup.example.org/Feed.xml>",
            "Second: Other scheme <http://dup.example.org/feed.xml>",
            "Second: Query differs <https://dup.example.org/feed.xml?page=2>",
        ])
        // Upper-case scheme and host, a fragment, the default port, "/" for no path.
        XCTAssertEqual(list.duplicatesMerged, 4)
        XCTAssertEqual(list.problems, [])
    }

    func testEntriesWithoutAUsableAddressAreReportedAndTheRestImported() throws {
        let list = try read("problems.opml")
        XCTAssertEqual(lines(list), [
            "Good one <https://ok.example.org/feed.xml>",
            "Padded <https://ok.example.org/padded.xml>",
            "Feed scheme <http://ok.example.org/legacy.rss>",
            "Feed scheme around https <https://ok.example.org/wrapped.rss>",
            "Local file <file:///home/sam/feeds/local.xml>",
            "Old url attribute <https://ok.example.org/url-attribute.xml>",
        ])
        XCTAssertEqual(list.subscriptions[4].address, URL(fileURLWithPath: "/home/sam/feeds/local.xml"))
        XCTAssertEqual(list.problems, [
            OPMLProblem(title: "No address", address: nil, reason: .noAddress),
            OPMLProblem(title: "Empty address", address: nil, reason: .noAddress),
            OPMLProblem(title: "Blank address", address: nil, reason: .noAddress),
            OPMLProblem(title: "Site only", address: nil, reason: .noAddress),
            OPMLProblem(title: "Script", address: "javascript:alert(document.cookie)", reason: .unusableAddress),
            OPMLProblem(title: "Relative", address: "feeds/news.xml", reason: .unusableAddress),
            OPMLProblem(title: "Mail", address: "mailto:sam@example.org", reason: .unusableAddress),
            OPMLProblem(title: "No host", address: "http://", reason: .unusableAddress),
            OPMLProblem(title: "Words", address: "not an address", reason: .unusableAddress),
            OPMLProblem(title: nil, address: "ftp://files.example.org/feed.xml", reason: .unusableAddress),
        ])
    }

    func testAddressesAreEncodedWhereNeededAndAHostWithASpaceOrARelativeFileIsUnusable() throws {
        let list = try OPMLReader.read(Data("""
            <opml><body>
              <outline text="Space in path" xmlUrl="https://x.example.org/my feed.xml"/>
              <outline text="Non-ASCII host" xmlUrl="https://bücher.example/feed"/>
              <outline text="Non-ASCII path" xmlUrl="https://x.example.org/ü?q=ä"/>
              <outline text="IPv6" xmlUrl="http://[::1]:8080/feed"/>
              <outline text="Space in host" xmlUrl="http://exa mple.com/"/>
              <outline text="Relative file" xmlUrl="file:feeds/local.xml"/>
            </body></opml>
            """.utf8))
        XCTAssertEqual(lines(list), [
            "Space in path <https://x.example.org/my%20feed.xml>",
            "Non-ASCII host <https://xn--bcher-kva.example/feed>",
            "Non-ASCII path <https://x.example.org/%C3%BC?q=%C3%A4>",
            "IPv6 <http://[::1]:8080/feed>",
        ])
        XCTAssertEqual(list.problems.map(\.address), ["http://exa mple.com/", "file:feeds/local.xml"])
        XCTAssertEqual(Set(list.problems.map(\.reason)), [.unusableAddress])
    }

    // MARK: Encodings and repairs

    func testDeclaredLatin1IsReadAsWindows1252() throws {
        let list = try read("iso-8859-1.opml")
        XCTAssertEqual(list.title, "Abonnements de Zoé")
        XCTAssertEqual(lines(list), ["Actualités: Le Café “crème” <https://cafe.example.fr/fil-rss.xml>"])
    }

    func testUTF8ByteOrderMark() throws {
        let list = try read("bom-utf8.opml")
        XCTAssertEqual(list.title, "With a BOM")
        XCTAssertEqual(lines(list), ["Café ☕ <https://bom.example.org/feed.xml>"])
    }

    func testUTF16WithByteOrderMark() throws {
        let list = try read("bom-utf16.opml")
        XCTAssertEqual(list.title, "UTF-16 with a BOM")
        XCTAssertEqual(lines(list), ["Ελληνικά: Νέα <https://utf16.example.gr/feed.xml>"])
    }

    func testHandMadeListIsRepairedWhenNothingIsLostAndNamesStayText() throws {
        let list = try read("hand-made.opml")
        XCTAssertEqual(list.title, "Tom & Jerry\u{A0}feeds")
        XCTAssertEqual(lines(list), [
            "Cartoons & more: Tom & Jerry <https://cartoons.example.org/feed?show=tom&format=rss>",
            "Cartoons & more: <b>Bold</b> claims \"quoted\" 😀 <https://cartoons.example.org/bold.xml>",
            "Cartoons & more: Café &amp; double-escaped <https://cartoons.example.org/cafe.xml>",
            // Past an undeclared namespace prefix, which stops a strict read.
            "Cartoons & more: After the undeclared prefix <https://cartoons.example.org/after.xml>",
        ])
    }

    func testUndeclaredPrefixDoesNotHideTheOutlinesAfterIt() throws {
        let list = try OPMLReader.read(Data("""
            <opml version="1.0"><body>
              <outline type="rss" title="A" fz:quickMode="true" xmlUrl="https://a.example.org/"/>
              <outline type="rss" title="B" xmlUrl="https://b.example.org/"/>
            </body></opml>
            """.utf8))
        XCTAssertEqual(lines(list), ["A <https://a.example.org/>", "B <https://b.example.org/>"])
    }

    func testElementNamesInAnyLetterCase() throws {
        let list = try OPMLReader.read(Data("""
            <OPML version="1.0"><HEAD><TITLE>Loud</TITLE></HEAD><BODY>
              <OUTLINE TEXT="Folder"><OUTLINE TYPE="rss" TEXT="Feed" XMLURL="https://loud.example.org/rss"/></OUTLINE>
            </BODY></OPML>
            """.utf8))
        XCTAssertEqual(list.title, "Loud")
        XCTAssertEqual(lines(list), ["Folder: Feed <https://loud.example.org/rss>"])
        XCTAssertEqual(list.subscriptions.first?.type, "rss")
    }

    // MARK: Lists with nothing in them

    func testOPMLWithoutBodyOrOutlinesIsAnImportOfNothing() throws {
        let documents = [
            #"<opml version="2.0"><head><title>No body</title></head></opml>"#,
            #"<opml version="2.0"><head/><body/></opml>"#,
            #"<opml version="2.0"><body><outline text="Empty folder"/></body></opml>"#,
            "<opml/>",
        ]
        for document in documents {
            let list = try OPMLReader.read(Data(document.utf8))
            XCTAssertEqual(list.subscriptions, [], document)
            XCTAssertEqual(list.problems, [], document)
        }
        XCTAssertEqual(try OPMLReader.read(Data(documents[0].utf8)).title, "No body")
    }

    // MARK: Files that are no subscription list

    func testEmptyFileIsEmpty() throws {
        XCTAssertEqual(failure(try Self.fixture("empty.opml"))?.kind, .empty)
        XCTAssertEqual(failure(" \n\t\r\n")?.kind, .empty)
        XCTAssertEqual(failure(Data([0xEF, 0xBB, 0xBF]))?.kind, .empty, "a byte order mark alone")
    }

    func testWebPageIsNotAnOPMLList() throws {
        let error = failure(try Self.fixture("html-page.html"))
        XCTAssertEqual(error?.kind, .notAFeed)
        XCTAssertEqual(error?.reason, "This isn't an OPML subscription list")
        XCTAssertEqual(error?.detail, "the document is a web page (HTML)")
    }

    func testFeedIsNotAnOPMLList() throws {
        let error = failure(try Self.fixture("rss-feed.xml"))
        XCTAssertEqual(error?.kind, .notAFeed)
        XCTAssertEqual(error?.detail, "the document is an RSS feed, not a list of feeds")
        XCTAssertEqual(failure(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></feed>"#)?.detail,
                       "the document is an Atom feed, not a list of feeds")
    }

    func testOtherXMLAndGarbageAreNotOPMLLists() throws {
        XCTAssertEqual(failure("<config><outline xmlUrl=\"https://x.example.org/\"/></config>")?.detail,
                       "an XML document whose root is <config>")
        XCTAssertEqual(failure("just some words")?.detail, "the file holds no XML markup")
        XCTAssertEqual(failure(#"{"feeds": ["https://x.example.org/"]}"#)?.kind, .notAFeed)
        var state: UInt32 = 12_345
        let noise = Data((0..<4096).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        })
        XCTAssertEqual(failure(noise)?.kind, .notAFeed)
        XCTAssertEqual(failure(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x3C, 0xFF]))?.kind, .notAFeed)
    }

    func testTruncatedListIsRefusedAsDamagedNotImportedInPart() throws {
        let error = failure(try Self.fixture("truncated.opml"))
        XCTAssertEqual(error?.kind, .damaged)
        XCTAssertEqual(error?.reason, "This subscription list is damaged and can't be read")
        XCTAssertTrue(error?.detail?.hasPrefix("XML error at line") == true, error?.detail ?? "")
        // Cut after whole outlines, and inside the first tag.
        let whole = String(decoding: try Self.fixture("feedly.opml"), as: UTF8.self)
        let cut = whole.components(separatedBy: "</body>")[0]
        XCTAssertEqual(failure(cut)?.kind, .damaged)
        XCTAssertEqual(failure(#"<?xml version="1.0"?><opml vers"#)?.kind, .damaged)
    }

    func testMismatchedTagsAreDamaged() throws {
        let error = failure(#"<opml><body><outline text="A"><outline xmlUrl="https://a.example.org/"></folder></body></opml>"#)
        XCTAssertEqual(error?.kind, .damaged)
    }

    func testEntityDeclarationsAreRefusedAsUnsafe() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <opml><body><outline text="&lol2;" xmlUrl="https://a.example.org/"/></body></opml>
            """
        XCTAssertEqual(failure(document)?.kind, .unsafe)
    }

    func testLargeListReadsQuickly() throws {
        let outlines = (0..<20_000).map { index in
            #"<outline type="rss" text="Feed \#(index)" xmlUrl="https://big.example.org/\#(index % 15_000)/rss"/>"#
        }
        let document = "<opml><body><outline text=\"Many\">" + outlines.joined(separator: "\n") + "</outline></body></opml>"
        let start = Date()
        let list = try OPMLReader.read(Data(document.utf8))
        XCTAssertEqual(list.subscriptions.count, 15_000)
        XCTAssertEqual(list.duplicatesMerged, 5_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "20,000 outlines")
    }
}
