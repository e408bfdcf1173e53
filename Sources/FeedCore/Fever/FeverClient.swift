import Foundation

/// Talks to a Fever API server (FreshRSS, Miniflux, Tiny Tiny RSS's
/// plugin, coldsweat): one address, every call a POST of the account's
/// `api_key` with the call named in the query string (`?api&items`).
///
/// Failures are `FeedError`s: the HTTP client's (offline, timed out, 5xx,
/// rate limited...), `.credentialsRefused` for `auth: 0`, `.notFeverAPI`
/// for an answer that is not the API's (an HTML page, another JSON). The
/// key never appears in an error, a log or a URL.
public struct FeverClient: Sendable {
    public let endpoint: URL
    private let apiKey: String
    private let http: HTTPClient

    /// `user` and `password` make the key (`md5("user:password")`, as the
    /// API defines it); the password itself is not kept.
    public init(endpoint: URL, user: String, password: String, http: HTTPClient) {
        self.endpoint = endpoint
        self.apiKey = MD5.hex("\(user):\(password)")
        self.http = http
    }

    /// Checks the address and the key with the smallest call (`?api`).
    public func verify() async throws {
        _ = try await call([])
    }

    /// The account's groups and feeds (`?api&groups&feeds`: both in one
    /// answer, with `feeds_groups` saying which feed is in which group).
    public func subscriptions() async throws -> FeverSubscriptions {
        let answer = try await call(["groups", "feeds"])
        var groupsOfFeed: [FeverID: [FeverID]] = [:]
        for link in answer.feeds_groups?.elements ?? [] {
            guard let group = FeverID(link.group_id) else { continue }
            for feed in FeverAnswer.ids(link.feed_ids) { groupsOfFeed[feed, default: []].append(group) }
        }
        let groups = (answer.groups?.elements ?? []).compactMap { raw -> FeverGroup? in
            guard let id = FeverID(raw.id) else { return nil }
            return FeverGroup(id: id, title: PlainText.line(raw.title ?? "", limit: PlainText.textTitleLimit))
        }
        let feeds = (answer.feeds?.elements ?? []).compactMap { raw -> FeverFeed? in
            guard let id = FeverID(raw.id) else { return nil }
            return FeverFeed(id: id, title: PlainText.line(raw.title ?? "", limit: PlainText.textTitleLimit),
                             url: raw.url.flatMap(Self.webAddress), siteURL: raw.site_url.flatMap(Self.webAddress),
                             faviconID: FeverID(raw.favicon_id), groupIDs: groupsOfFeed[id] ?? [])
        }
        return FeverSubscriptions(groups: groups, feeds: feeds)
    }

    /// The feeds' icons (`?api&favicons`): the picture's bytes by favicon id.
    public func favicons() async throws -> [FeverID: Data] {
        let answer = try await call(["favicons"])
        var icons: [FeverID: Data] = [:]
        for raw in answer.favicons?.elements ?? [] {
            guard let id = FeverID(raw.id), let data = raw.data.flatMap(Self.decodeDataURI) else { continue }
            icons[id] = data
        }
        return icons
    }

    /// Up to 50 items newer than `id` (`since_id`), lowest ids first on
    /// every server: call again with the highest id of the answer until a
    /// page comes back short.
    public func items(after id: FeverID) async throws -> FeverItemPage {
        try await itemPage([("since_id", String(id))])
    }

    /// Up to 50 items older than `id` (`max_id`), highest ids first; every
    /// one older than `id`. (`FeverID.max`: the newest items.)
    ///
    /// Servers differ in which ones `max_id` gives: FreshRSS and Miniflux
    /// the newest below `id`, newest first; coldsweat the oldest, oldest
    /// first. A full answer that came oldest first is not the items just
    /// below `id`, so those are asked for by `since_id` from 51 below `id`
    /// (or below the newest item, when `id` is above it): where ids are
    /// dense, as there, exactly the 50 below.
    public func items(before id: FeverID) async throws -> FeverItemPage {
        let page = try await itemPage([("max_id", String(id))])
        let ids = page.items.map(\.id)
        let newestFirst = zip(ids, ids.dropFirst()).allSatisfy { $0 > $1 }
        let sorted = FeverItemPage(items: page.items.sorted { $0.id > $1.id }, total: page.total)
        guard page.isFull, !newestFirst, let highest = ids.max() else { return sorted }
        if let window = try await items(justBelow: id), let nearest = window.items.first?.id, nearest > highest {
            return window
        }
        if let newest = try await newestID(), newest + 1 < id,
           let window = try await items(justBelow: newest + 1), let nearest = window.items.first?.id, nearest > highest {
            return window
        }
        return sorted
    }

    /// The items among the 50 ids below `id` (by `since_id`), highest
    /// first; nil when there are none.
    private func items(justBelow id: FeverID) async throws -> FeverItemPage? {
        guard id > 1 else { return nil }
        var window = try await itemPage([("since_id", String(max(0, id - FeverID(FeverItemPage.limit) - 1)))])
        window.items = window.items.filter { $0.id < id }.sorted { $0.id > $1.id }
        return window.items.isEmpty ? nil : window
    }

    /// The highest item id the server has (nil: it has none), for servers
    /// that answer `max_id` oldest first: found by `since_id` in steps that
    /// double, then halve (each answer names real items, so about twice
    /// log₂ of the ids' range in calls).
    func newestID() async throws -> FeverID? {
        func highest(after id: FeverID) async throws -> FeverID? {
            try await items(after: id).items.map(\.id).max()
        }
        // `low` is an item's id; nothing is above `high`.
        guard var low = try await highest(after: 0) else { return nil }
        var step = FeverID(FeverItemPage.limit)
        var high: FeverID
        while true {
            let probe = low.addingReportingOverflow(step).overflow ? FeverID.max : low + step
            guard let found = try await highest(after: probe) else {
                high = probe
                break
            }
            low = found
            step = step.multipliedReportingOverflow(by: 2).overflow ? step : step * 2
        }
        while low < high {
            let middle = low + (high - low) / 2
            if let found = try await highest(after: middle) {
                low = found
            } else {
                high = middle
            }
        }
        return low
    }

    /// The items with these ids (`with_ids`, at most 50 a call: more are
    /// asked for in turns).
    public func items(ids: [FeverID]) async throws -> [FeverItem] {
        var items: [FeverItem] = []
        for start in stride(from: 0, to: ids.count, by: FeverItemPage.limit) {
            let chunk = ids[start..<min(start + FeverItemPage.limit, ids.count)]
            items += try await itemPage([("with_ids", chunk.map(String.init).joined(separator: ","))]).items
        }
        return items
    }

    /// The ids of every unread item (`?api&unread_item_ids`).
    public func unreadItemIDs() async throws -> Set<FeverID> {
        Set(FeverAnswer.ids(try await call(["unread_item_ids"]).unread_item_ids))
    }

    /// The ids of every saved (starred) item (`?api&saved_item_ids`).
    public func savedItemIDs() async throws -> Set<FeverID> {
        Set(FeverAnswer.ids(try await call(["saved_item_ids"]).saved_item_ids))
    }

    /// Marks one item read, unread, saved or unsaved.
    public func mark(item: FeverID, as mark: FeverMark) async throws {
        _ = try await call([], form: [("mark", "item"), ("as", mark.rawValue), ("id", String(item))])
    }

    /// Marks every item of a feed read that the server had `before` then.
    public func markRead(feed: FeverID, before: Date) async throws {
        _ = try await call([], form: [("mark", "feed"), ("as", "read"), ("id", String(feed)), ("before", Self.unix(before))])
    }

    /// Marks every item of a group read (group 0: every feed) that the
    /// server had `before` then.
    public func markRead(group: FeverID, before: Date) async throws {
        _ = try await call([], form: [("mark", "group"), ("as", "read"), ("id", String(group)), ("before", Self.unix(before))])
    }

    // MARK: The calls

    private func itemPage(_ arguments: [(String, String)]) async throws -> FeverItemPage {
        let answer = try await call(["items"] + arguments.map { "\($0.0)=\($0.1)" })
        let items = (answer.items?.elements ?? []).compactMap(Self.item)
        return FeverItemPage(items: items, total: answer.total_items.flatMap { Int($0.value) })
    }

    /// POSTs to `endpoint?api&<call>...` with the key (and `form`, for
    /// marks), and checks that the answer is the API's and took the key.
    private func call(_ query: [String], form: [(name: String, value: String)] = []) async throws -> FeverAnswer {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw FeedError("This isn't a web address", kind: .badRequest, detail: endpoint.absoluteString)
        }
        let existing = components.percentEncodedQuery.map { [$0] } ?? []
        components.percentEncodedQuery = (existing + ["api"] + query).joined(separator: "&")
        guard let url = components.url else {
            throw FeedError("This isn't a web address", kind: .badRequest, detail: endpoint.absoluteString)
        }
        let response = try await http.post(url, form: [("api_key", apiKey)] + form, secretFields: ["api_key"])
        let host = endpoint.serverName
        let answer: FeverAnswer
        do {
            answer = try JSONDecoding.decode(FeverAnswer.self, from: response.body, reason: "Not a Fever API", kind: .notFeverAPI)
        } catch {
            var notFever = error
            notFever.subject = .server(host)
            throw notFever
        }
        guard answer.isFever else {
            throw FeedError("Not a Fever API", kind: .notFeverAPI, subject: .server(host),
                            detail: "the answer has no api_version and auth")
        }
        guard answer.isAuthorized else {
            throw FeedError("The server refused the user name or password", kind: .credentialsRefused,
                            subject: .server(host), detail: "auth: 0")
        }
        return answer
    }

    // MARK: Reading the answers

    private static func item(_ raw: FeverAnswer.Item) -> FeverItem? {
        guard let id = FeverID(raw.id), let feedID = FeverID(raw.feed_id) else { return nil }
        let content = raw.html.map(PlainText.fromHTML)
        let created = raw.created_on_time.flatMap { Double($0.value) }.map { Date(timeIntervalSince1970: $0) }
        let item = FeedItem(
            id: String(id),
            title: PlainText.title(raw.title, text: content),
            summary: PlainText.line(content ?? "", limit: PlainText.summaryLimit),
            content: content,
            contentHTML: raw.html,
            author: raw.author.map { PlainText.line($0, limit: 80) }.flatMap { $0.isEmpty ? nil : $0 },
            date: created,
            link: raw.url.flatMap(webAddress),
            isRead: FeverAnswer.isOn(raw.is_read),
            isStarred: FeverAnswer.isOn(raw.is_saved))
        return FeverItem(id: id, feedID: feedID, item: item)
    }

    /// An http or https address; nothing else is followed from an answer.
    private static func webAddress(_ text: String) -> URL? {
        OPMLAddress.site(text)
    }

    /// "data:image/png;base64,..." or, as the API's own example has it,
    /// "image/gif;base64,...".
    static func decodeDataURI(_ text: String) -> Data? {
        guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else { return nil }
        return Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
    }

    private static func unix(_ date: Date) -> String {
        String(Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}
