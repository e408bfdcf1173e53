import Foundation

/// A Fever id: of an item, a feed, a group or a favicon. Numbers on every
/// server (FreshRSS's are microsecond times, so they need 64 bits).
public typealias FeverID = Int64

/// A group (a folder) of the account's feeds.
public struct FeverGroup: Sendable, Hashable {
    public var id: FeverID
    public var title: String
}

/// One of the account's feeds, with the groups it is in.
public struct FeverFeed: Sendable, Hashable {
    public var id: FeverID
    public var title: String
    /// The feed's own address (for the reader to see; Feedline never
    /// fetches it: the server does).
    public var url: URL?
    public var siteURL: URL?
    public var faviconID: FeverID?
    public var groupIDs: [FeverID]
}

/// The groups and feeds of an account, as one call to each gives them.
public struct FeverSubscriptions: Sendable, Equatable {
    public var groups: [FeverGroup]
    public var feeds: [FeverFeed]
}

/// An item as the server has it: the item itself, and whose it is.
public struct FeverItem: Sendable, Hashable {
    public var id: FeverID
    public var feedID: FeverID
    /// The item as Feedline shows it (its `id` is the Fever id in
    /// decimal; `isRead` and `isStarred` are the server's).
    public var item: FeedItem
}

/// A page of items and what the server says it holds in all.
public struct FeverItemPage: Sendable {
    public var items: [FeverItem]
    /// Every item the account has on the server (`total_items`).
    public var total: Int?
    /// How many one answer holds at most: a page this full may have more
    /// behind it.
    public static let limit = 50
    public var isFull: Bool { items.count >= Self.limit }
}

/// The state of an item a client can set.
public enum FeverMark: String, Sendable, CaseIterable {
    case read, unread, saved, unsaved
}
