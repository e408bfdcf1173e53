import Foundation

/// What a Fever API server answers, as the API spells it. Every answer
/// carries `api_version` and `auth`; the rest depends on the call. Ids
/// arrive as numbers from most servers and as strings from FreshRSS, and
/// flags as 0 and 1: both are read.
struct FeverAnswer: Decodable {
    var api_version: LenientString?
    var auth: LenientString?
    var groups: Lenient<Group>?
    var feeds: Lenient<Feed>?
    var feeds_groups: Lenient<FeedsGroup>?
    var favicons: Lenient<Favicon>?
    var items: Lenient<Item>?
    var total_items: LenientString?
    var unread_item_ids: LenientString?
    var saved_item_ids: LenientString?

    struct Group: Decodable {
        var id: LenientString
        var title: String?
    }

    struct Feed: Decodable {
        var id: LenientString
        var favicon_id: LenientString?
        var title: String?
        var url: String?
        var site_url: String?
    }

    struct FeedsGroup: Decodable {
        var group_id: LenientString
        var feed_ids: LenientString?
    }

    struct Favicon: Decodable {
        var id: LenientString
        var data: String?
    }

    struct Item: Decodable {
        var id: LenientString
        var feed_id: LenientString
        var title: String?
        var author: String?
        var html: String?
        var url: String?
        var is_saved: LenientString?
        var is_read: LenientString?
        var created_on_time: LenientString?
    }

    /// Whether the server took the key (`auth` 1).
    var isAuthorized: Bool { Self.isOn(auth) }

    /// A flag as the API writes it (1, or true), absent: off.
    static func isOn(_ flag: LenientString?) -> Bool {
        flag.map { ["1", "true"].contains($0.value) } ?? false
    }

    /// Whether this is a Fever answer at all (a JSON object with both
    /// `api_version` and `auth`).
    var isFever: Bool { api_version != nil && auth != nil }

    /// A comma-separated list of ids ("1,2,3"; empty: none).
    static func ids(_ list: LenientString?) -> [FeverID] {
        (list?.value ?? "").split(separator: ",").compactMap { FeverID(text: $0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension FeverID {
    init?(_ lenient: LenientString?) {
        guard let lenient else { return nil }
        self.init(text: lenient.value)
    }

    /// "1", "1.0" (a number that went through a double), "1598312345678901".
    init?(text: some StringProtocol) {
        if let value = Int64(text, radix: 10) {
            self = value
        } else if let value = Double(text), value.rounded() == value, let exact = Int64(exactly: value) {
            self = exact
        } else {
            return nil
        }
    }
}
