import FeedCore
import Foundation
import XCTest

/// The web APIs' answers as they really come (Mastodon, GitHub search,
/// Hacker News via Algolia), and the ways they come wrong.
final class APIParserTests: XCTestCase {
    private func mastodon(_ json: String) throws -> [FeedItem] {
        try MastodonTimelineParser.parse(Data(json.utf8))
    }

    private func github(_ json: String) throws -> GitHubSearchPage {
        try GitHubSearchParser.parse(Data(json.utf8))
    }

    private func hackerNews(_ json: String) throws -> HackerNewsPage {
        try HackerNewsParser.parse(Data(json.utf8))
    }

    /// The FeedError `body` throws, or nil (and a failure) when it doesn't.
    private func refusal<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> FeedError? {
        do {
            let value = try body()
            XCTFail("no error, got \(value)", file: file, line: line)
            return nil
        } catch let error as FeedError {
            return error
        } catch {
            XCTFail("not a FeedError: \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: Mastodon

    /// An account as `/api/v1/timelines/public` returns it (trimmed).
    private static func account(id: String, acct: String, name: String) -> String {
        """
        {"id": "\(id)", "username": "\(acct.split(separator: "@").first!)", "acct": "\(acct)",
         "display_name": "\(name)", "locked": false, "bot": false, "discoverable": true,
         "created_at": "2022-11-01T00:00:00.000Z", "note": "<p>Hi</p>",
         "url": "https://mastodon.example/@\(acct)", "avatar": "https://files.example/avatars/\(id).png",
         "avatar_static": "https://files.example/avatars/\(id).png", "header": "", "header_static": "",
         "followers_count": 10, "following_count": 5, "statuses_count": 99,
         "last_status_at": "2024-03-01", "emojis": [], "fields": []}
        """
    }

    private static let timeline = """
        [
          {"id": "112041234567890123", "created_at": "2024-03-01T12:00:00.000Z",
           "in_reply_to_id": null, "in_reply_to_account_id": null, "sensitive": false,
           "spoiler_text": "", "visibility": "public", "language": "en",
           "uri": "https://mastodon.example/users/ana/statuses/112041234567890123",
           "url": "https://mastodon.example/@ana/112041234567890123",
           "replies_count": 1, "reblogs_count": 2, "favourites_count": 3,
           "edited_at": null,
           "content": "<p>Hello <span class=\\"h-card\\" translate=\\"no\\"><a href=\\"https://other.example/@bob\\" class=\\"u-url mention\\">@<span>bob</span></a></span> &amp; friends!<br />Second line &lt;3</p><p>See <a href=\\"https://gtk.org/\\" rel=\\"nofollow noopener noreferrer\\" target=\\"_blank\\"><span class=\\"invisible\\">https://</span><span class=\\"\\">gtk.org/</span><span class=\\"invisible\\"></span></a> <a href=\\"https://mastodon.example/tags/GTK\\" class=\\"mention hashtag\\" rel=\\"tag\\">#<span>GTK</span></a></p>",
           "reblog": null,
           "account": \(account(id: "1", acct: "ana", name: "Ana Lima 🌻")),
           "media_attachments": [
             {"id": "9", "type": "image", "url": "https://files.example/media/original/9.png",
              "preview_url": "https://files.example/media/small/9.png", "remote_url": null,
              "description": "A screenshot", "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
              "meta": {"small": {"width": 400, "height": 300, "aspect": 1.3333}}}
           ],
           "mentions": [], "tags": [], "emojis": [], "card": null, "poll": null},
          {"id": "112041234567890124", "created_at": "2024-03-01T12:05:00.000Z",
           "sensitive": true, "spoiler_text": "Spoilers for &quot;Dune&quot;  part two",
           "visibility": "public",
           "uri": "https://mastodon.example/users/caro/statuses/112041234567890124",
           "url": "https://mastodon.example/@caro/112041234567890124",
           "content": "<p>The ending!</p>",
           "reblog": null,
           "account": \(account(id: "3", acct: "caro@remote.example", name: "")),
           "media_attachments": [
             {"id": "10", "type": "video", "url": "https://files.example/v.mp4", "preview_url": "https://files.example/v.png",
              "blurhash": "LGF5]+Yk^6#M@-5c,1J5@[or[Q6."},
             {"id": "11", "type": "gifv", "url": "https://files.example/g.mp4", "preview_url": "https://files.example/g.png",
              "blurhash": "LGF5]+Yk^6#M@-5c,1J5@[or[Q6"}
           ]},
          {"id": "112041234567890125", "created_at": "2024-03-01T12:10:00.000Z",
           "sensitive": false, "spoiler_text": "", "visibility": "public",
           "uri": "https://mastodon.example/users/dan/statuses/112041234567890125",
           "url": null, "content": "", "media_attachments": [],
           "account": \(account(id: "4", acct: "dan", name: "Dan")),
           "reblog": {"id": "111999999999999999", "created_at": "2024-02-28T08:00:00.000Z",
                      "sensitive": false, "spoiler_text": "", "visibility": "public",
                      "uri": "https://remote.example/users/eve/statuses/1",
                      "url": "https://remote.example/@eve/1",
                      "content": "<p>Original &#8220;post&#8221;</p>",
                      "reblog": null, "media_attachments": [],
                      "account": \(account(id: "5", acct: "eve@remote.example", name: "Eve"))}}
        ]
        """

    func testMastodonPostHTMLIsReducedToTextWithLineBreaksKept() throws {
        let post = try XCTUnwrap(try mastodon(Self.timeline).first)
        // The link's "https://" is in Mastodon's invisible span: hidden, as
        // Mastodon shows it.
        XCTAssertEqual(post.content, "Hello @bob & friends!\nSecond line <3\nSee gtk.org/ #GTK")
        XCTAssertEqual(post.summary, "Hello @bob & friends! Second line <3 See gtk.org/ #GTK")
    }

    func testMastodonPostShowsDisplayNameAsTitleAndAccountAsAuthor() throws {
        let post = try XCTUnwrap(try mastodon(Self.timeline).first)
        XCTAssertEqual(post.id, "112041234567890123")
        XCTAssertEqual(post.title, "Ana Lima 🌻")
        XCTAssertEqual(post.author, "@ana")
        XCTAssertEqual(post.avatarURL, URL(string: "https://files.example/avatars/1.png"))
        XCTAssertEqual(post.link, URL(string: "https://mastodon.example/@ana/112041234567890123"))
        XCTAssertEqual(post.date?.timeIntervalSince1970, 1_709_294_400)
        XCTAssertNil(post.contentWarning)
        XCTAssertNil(post.sharedBy)
    }

    func testMastodonImageAttachmentGivesItsPreview() throws {
        let posts = try mastodon(Self.timeline)
        XCTAssertEqual(posts[0].imageURL, URL(string: "https://files.example/media/small/9.png"))
        XCTAssertEqual(posts[0].imageSize, ImageSize(width: 400, height: 300), "the preview's size, meta.small")
        XCTAssertNil(posts[1].imageSize, "no meta: no size")
        XCTAssertEqual(posts[1].imageURL, URL(string: "https://files.example/v.png"),
                       "the first attachment: a video shows its still")
        XCTAssertEqual(posts[1].media?.kind, .video)
        XCTAssertNil(posts[2].imageURL)
    }

    func testMastodonImageAttachmentGivesItsBlurhashAndAnInvalidOneIsNone() throws {
        let posts = try mastodon(Self.timeline)
        XCTAssertEqual(posts[0].imageBlurhash?.text, "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "the image attachment's own")
        XCTAssertEqual(posts[1].imageBlurhash?.text, "LGF5]+Yk^6#M@-5c,1J5@[or[Q6.", "the video's still's own")
        XCTAssertNil(posts[2].imageBlurhash, "no media")
        let odd = try mastodon("""
            [{"id": "1", "media_attachments": [{"type": "image", "url": "https://f.example/1.png", "blurhash": null}]},
             {"id": "2", "media_attachments": [{"type": "image", "url": "https://f.example/2.png", "blurhash": 42}]},
             {"id": "3", "media_attachments": [{"type": "image", "url": "https://f.example/3.png", "blurhash": "<b>"}]}]
            """)
        XCTAssertEqual(odd.map(\.id), ["1", "2", "3"], "a bad blurhash never costs the post")
        XCTAssertEqual(odd.map(\.imageBlurhash), [nil, nil, nil])
        XCTAssertEqual(odd.map(\.imageURL?.lastPathComponent), ["1.png", "2.png", "3.png"])
    }

    func testMastodonContentWarningIsSetAndTextKeptBehindIt() throws {
        let post = try mastodon(Self.timeline)[1]
        // spoiler_text is plain text: its entities are not decoded.
        XCTAssertEqual(post.contentWarning, "Spoilers for &quot;Dune&quot; part two")
        XCTAssertEqual(post.summary, "The ending!")
    }

    func testMastodonEmptyDisplayNameFallsBackToTheAccount() throws {
        let post = try mastodon(Self.timeline)[1]
        XCTAssertEqual(post.title, "caro@remote.example")
        XCTAssertEqual(post.author, "@caro@remote.example")
    }

    func testMastodonBoostShowsTheOriginalPostSharedByTheBooster() throws {
        let boost = try mastodon(Self.timeline)[2]
        XCTAssertEqual(boost.id, "112041234567890125", "the boost's own id, stable across reloads")
        XCTAssertEqual(boost.title, "Eve")
        XCTAssertEqual(boost.author, "@eve@remote.example")
        XCTAssertEqual(boost.sharedBy, "Dan")
        XCTAssertEqual(boost.avatarURL, URL(string: "https://files.example/avatars/5.png"), "the author's, not the booster's")
        XCTAssertEqual(boost.content, "Original “post”")
        XCTAssertEqual(boost.link, URL(string: "https://remote.example/@eve/1"))
        XCTAssertEqual(boost.date?.timeIntervalSince1970, 1_709_107_200)
    }

    func testMastodonSamePostBoostedTwiceShowsTwiceWithDistinctIds() throws {
        let original = #"{"id": "7", "content": "<p>Once</p>", "account": {"acct": "eve", "display_name": "Eve"}}"#
        let items = try mastodon("""
            [{"id": "101", "reblog": \(original), "account": {"acct": "dan", "display_name": "Dan"}},
             {"id": "102", "reblog": \(original), "account": {"acct": "fay", "display_name": ""}}]
            """)
        XCTAssertEqual(items.map(\.id), ["101", "102"])
        XCTAssertEqual(items.map(\.sharedBy), ["Dan", "fay"])
        XCTAssertEqual(items.map(\.content), ["Once", "Once"])
    }

    func testMastodonLinkFallsBackToTheURI() throws {
        let items = try mastodon(#"[{"id": "1", "uri": "https://a.example/statuses/1", "url": null, "content": "<p>x</p>"}]"#)
        XCTAssertEqual(items.first?.link, URL(string: "https://a.example/statuses/1"))
        XCTAssertEqual(items.first?.title, "Someone")
        XCTAssertNil(items.first?.author)
    }

    func testMastodonNumericIdIsReadAsText() throws {
        XCTAssertEqual(try mastodon(#"[{"id": 112041234567890123, "content": ""}]"#).map(\.id), ["112041234567890123"])
    }

    func testMastodonMalformedStatusIsSkippedAndTheOthersKept() throws {
        let items = try mastodon("""
            [{"id": "1", "content": "<p>one</p>"},
             {"content": "<p>no id</p>"},
             {"id": {"nested": true}, "content": "bad id"},
             null, 42, "text", [],
             {"id": "2", "content": "<p>two</p>", "account": "not an object"},
             {"id": "3", "content": "<p>three</p>"}]
            """)
        XCTAssertEqual(items.map(\.id), ["1", "3"])
        XCTAssertEqual(items.map(\.summary), ["one", "three"])
    }

    func testMastodonPageOfOnlyUnreadableStatusesIsAnError() {
        let error = refusal { try self.mastodon(#"[{"content": "x"}, {"id": null}, 7]"#) }
        XCTAssertEqual(error?.reason, "None of the posts on this page could be read")
        XCTAssertEqual(error?.detail, "3 malformed posts")
    }

    func testMastodonEmptyPageIsTheEndNotAnError() throws {
        XCTAssertEqual(try mastodon("[]"), [])
    }

    func testMastodonErrorObjectGivesTheServerMessage() {
        let error = refusal { try self.mastodon(#"{"error": "This method requires an authenticated user"}"#) }
        XCTAssertEqual(error?.reason, "The server says: This method requires an authenticated user")
        XCTAssertNotNil(error?.detail)
    }

    func testMastodonWrongTopLevelTypeIsNotATimeline() {
        for json in [#"{"statuses": []}"#, #""hello""#, "42", "<html></html>", ""] {
            let error = refusal { try self.mastodon(json) }
            XCTAssertEqual(error?.reason, "This isn't a Mastodon timeline", json)
        }
    }

    // MARK: GitHub search

    private static let searchPage = """
        {
          "total_count": 40123,
          "incomplete_results": false,
          "items": [
            {
              "id": 4164482, "node_id": "MDEwOlJlcG9zaXRvcnk0MTY0NDgy", "name": "django",
              "full_name": "django/django", "private": false,
              "owner": {"login": "django", "id": 27804, "avatar_url": "https://avatars.githubusercontent.com/u/27804?v=4",
                        "html_url": "https://github.com/django", "type": "Organization"},
              "html_url": "https://github.com/django/django",
              "description": "The Web framework for perfectionists\\nwith deadlines.",
              "fork": false, "created_at": "2012-04-28T02:47:18Z", "updated_at": "2024-03-01T12:00:00Z",
              "pushed_at": "2024-03-01T11:00:00Z", "stargazers_count": 76543, "watchers_count": 76543,
              "language": "Python", "forks_count": 30000, "open_issues_count": 200,
              "license": {"key": "bsd-3-clause", "name": "BSD 3-Clause \\"New\\" or \\"Revised\\" License"},
              "topics": ["django", "python"], "default_branch": "main", "score": 1.0
            },
            {
              "id": 123, "name": "tiny", "full_name": "someone/tiny",
              "owner": {"login": "someone", "avatar_url": null},
              "html_url": "https://github.com/someone/tiny",
              "description": null, "updated_at": "2023-12-31T23:00:00Z",
              "stargazers_count": 1, "language": null, "score": 1.0
            },
            {
              "id": 456, "name": "nostars", "full_name": "x/nostars", "owner": null,
              "html_url": "https://github.com/x/nostars", "description": "",
              "stargazers_count": 0, "language": "C"
            }
          ]
        }
        """

    func testGitHubRepositoryBecomesARow() throws {
        let page = try github(Self.searchPage)
        let repo = try XCTUnwrap(page.items.first)
        XCTAssertEqual(repo.id, "github-4164482")
        XCTAssertEqual(repo.title, "django/django")
        XCTAssertEqual(repo.summary, "The Web framework for perfectionists with deadlines.")
        XCTAssertEqual(repo.facts, ItemFacts(stars: 76543, language: "Python"), "on a line of their own")
        XCTAssertEqual(repo.content, "The Web framework for perfectionists\nwith deadlines.")
        XCTAssertEqual(repo.author, "django")
        XCTAssertEqual(repo.link, URL(string: "https://github.com/django/django"))
        XCTAssertEqual(repo.avatarURL, URL(string: "https://avatars.githubusercontent.com/u/27804?v=4"))
        XCTAssertNil(repo.imageURL, "the owner's avatar is not the repository's picture")
        XCTAssertEqual(repo.date?.timeIntervalSince1970, 1_709_294_400)
    }

    func testGitHubNullDescriptionAndLanguageLeaveJustTheStarsAsFacts() throws {
        let items = try github(Self.searchPage).items
        XCTAssertEqual(items[1].summary, "")
        XCTAssertEqual(items[1].facts, ItemFacts(stars: 1, language: nil))
        XCTAssertNil(items[1].content)
        XCTAssertNil(items[1].imageURL)
        XCTAssertEqual(items[2].summary, "")
        XCTAssertEqual(items[2].facts, ItemFacts(stars: 0, language: "C"))
        XCTAssertNil(items[2].author)
    }

    func testGitHubTotalCountAndIncompleteResultsAreRead() throws {
        let page = try github(Self.searchPage)
        XCTAssertEqual(page.totalCount, 40123)
        XCTAssertFalse(page.incompleteResults)
        let incomplete = try github(#"{"total_count": 3, "incomplete_results": true, "items": []}"#)
        XCTAssertTrue(incomplete.incompleteResults)
        XCTAssertEqual(incomplete.items, [])
    }

    func testGitHubRepositoryWithoutFullNameFallsBackToItsName() throws {
        let page = try github(#"{"items": [{"id": "9", "name": "solo"}, {"id": 10}]}"#)
        XCTAssertEqual(page.items.map(\.title), ["solo", "Repository"])
        XCTAssertEqual(page.items.map(\.id), ["github-9", "github-10"])
        XCTAssertEqual(page.totalCount, 0)
    }

    func testGitHubMalformedRepositoryIsSkipped() throws {
        let page = try github("""
            {"total_count": 2, "incomplete_results": false, "items": [
              {"id": 1, "full_name": "a/one", "stargazers_count": "many"},
              {"id": 2, "full_name": "a/two", "stargazers_count": 5}]}
            """)
        XCTAssertEqual(page.items.map(\.title), ["a/two"])
    }

    func testGitHubWrongTypesAreNotASearchResult() {
        for json in [#"{"total_count": "lots", "items": []}"#, #"{"total_count": 1, "items": {}}"#, "[]", #"{"total_count": 1}"#] {
            let error = refusal { try self.github(json) }
            XCTAssertEqual(error?.reason, "This isn't a GitHub search result", json)
            XCTAssertEqual(error?.subject, .server("GitHub"), json)
        }
    }

    func testGitHubErrorGivesItsMessage() {
        let error = refusal {
            try self.github("""
                {"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q", "code": "missing"}],
                 "documentation_url": "https://docs.github.com/v3/search", "status": "422"}
                """)
        }
        XCTAssertEqual(error?.reason, "GitHub says: Validation Failed")
        XCTAssertEqual(error?.kind, .serverError)
        XCTAssertEqual(error?.serverMessage, "Validation Failed", "the server's own words, apart")
        XCTAssertEqual(error?.subject, .server("GitHub"), "the service, by name")
        XCTAssertNil(error?.status, "an answer of the service's own, not an HTTP status")
        XCTAssertTrue(error?.detail?.contains("items") ?? false, error?.detail ?? "")
    }

    func testGitHubPageOfOnlyUnreadableRepositoriesIsAnError() {
        let error = refusal { try self.github(#"{"total_count": 2, "items": [{"name": "no id"}, 5]}"#) }
        XCTAssertEqual(error?.reason, "None of the repositories on this page could be read")
    }

    // MARK: Hacker News

    private static let hits = """
        {
          "hits": [
            {"_highlightResult": {"title": {"value": "Show HN", "matchLevel": "none"}},
             "_tags": ["story", "author_pg", "story_39562876"],
             "author": "pg", "children": [39562999], "created_at": "2024-03-01T12:00:00Z",
             "created_at_i": 1709294400, "num_comments": 45, "objectID": "39562876", "points": 123,
             "story_id": 39562876, "title": "Show HN: A feed reader in Swift and GTK",
             "updated_at": "2024-03-01T13:00:00Z", "url": "https://www.example.com/feedline"},
            {"author": "dang", "created_at": "2024-03-01T11:00:00Z", "created_at_i": 1709290800,
             "num_comments": 1, "objectID": "39562800", "points": 1,
             "title": "Ask HN: What are you reading?", "url": null,
             "story_text": "<p>Curious &amp; keen.<p>Share links"},
            {"author": "anon", "created_at": "2024-02-29T23:59:00.000Z",
             "objectID": "39562700", "title": "Relative link", "url": "/item?id=1"}
          ],
          "nbHits": 1000, "page": 2, "nbPages": 34, "hitsPerPage": 30,
          "exhaustiveNbHits": false, "query": "", "params": "tags=story&page=2", "processingTimeMS": 3
        }
        """

    func testHackerNewsStoryBecomesARow() throws {
        let page = try hackerNews(Self.hits)
        let story = try XCTUnwrap(page.items.first)
        XCTAssertEqual(story.id, "hn-39562876")
        XCTAssertEqual(story.title, "Show HN: A feed reader in Swift and GTK")
        XCTAssertEqual(story.summary, "123 points · 45 comments · example.com")
        XCTAssertEqual(story.author, "pg")
        XCTAssertEqual(story.link, URL(string: "https://www.example.com/feedline"))
        XCTAssertEqual(story.date?.timeIntervalSince1970, 1_709_294_400)
        XCTAssertNil(story.content)
    }

    func testHackerNewsPageAndPageCountAreRead() throws {
        let page = try hackerNews(Self.hits)
        XCTAssertEqual(page.page, 2)
        XCTAssertEqual(page.pageCount, 34)
    }

    func testHackerNewsStoryWithoutURLLinksToItsDiscussion() throws {
        let ask = try hackerNews(Self.hits).items[1]
        XCTAssertEqual(ask.link, URL(string: "https://news.ycombinator.com/item?id=39562800"))
        XCTAssertEqual(ask.summary, "1 point · 1 comment")
        XCTAssertEqual(ask.content, "Curious & keen.\nShare links")
    }

    func testHackerNewsRelativeURLLinksToTheDiscussionAndDateFallsBackToText() throws {
        let story = try hackerNews(Self.hits).items[2]
        XCTAssertEqual(story.link, URL(string: "https://news.ycombinator.com/item?id=39562700"))
        XCTAssertEqual(story.summary, "")
        XCTAssertEqual(story.date?.timeIntervalSince1970, 1_709_251_140)
    }

    func testHackerNewsNumericObjectIDAndMissingTitle() throws {
        let page = try hackerNews(#"{"hits": [{"objectID": 42, "story_title": "Parent story"}, {"objectID": "43"}]}"#)
        XCTAssertEqual(page.items.map(\.id), ["hn-42", "hn-43"])
        XCTAssertEqual(page.items.map(\.title), ["Parent story", "Untitled story"])
        XCTAssertEqual(page.page, 0)
        XCTAssertEqual(page.pageCount, 0)
    }

    func testHackerNewsMalformedHitIsSkipped() throws {
        let page = try hackerNews("""
            {"hits": [{"objectID": "1", "title": "Good"}, {"title": "No id"},
                      {"objectID": "2", "points": "many"}, {"objectID": "3", "title": "Also good"}],
             "page": 0, "nbPages": 1}
            """)
        XCTAssertEqual(page.items.map(\.id), ["hn-1", "hn-3"])
    }

    func testHackerNewsMalformedAnswersAreRefused() {
        for json in [#"{"page": 0}"#, #"{"hits": {}, "page": 0}"#, #"{"hits": [], "page": "zero"}"#, "[]", "{"] {
            let error = refusal { try self.hackerNews(json) }
            XCTAssertEqual(error?.reason, "This isn't a Hacker News search result", json)
        }
    }

    func testHackerNewsPageOfOnlyUnreadableHitsIsAnError() {
        let error = refusal { try self.hackerNews(#"{"hits": [{"title": "x"}], "page": 0, "nbPages": 1}"#) }
        XCTAssertEqual(error?.reason, "None of the stories on this page could be read")
        XCTAssertEqual(error?.detail, "1 malformed stories")
    }

    func testHackerNewsErrorGivesItsMessage() {
        let error = refusal { try self.hackerNews(#"{"message": "Invalid value for hitsPerPage", "status": 400}"#) }
        XCTAssertEqual(error?.reason, "Hacker News search says: Invalid value for hitsPerPage")
    }
}
