import FeedStore

/// One row of the sidebar: a view across the subscriptions (All items,
/// Unread, Starred), a folder, or a subscription, with its unread count
/// and how deep it sits. Every row opens a timeline (`scope`).
///
/// `entries(for:unread:)` lays the subscriptions out as the sidebar shows
/// them: All items, Unread and Starred first, then the subscriptions in
/// sidebar order, each folder where its first subscription comes, holding
/// its subscriptions and folders (folders nest; a row shows the leaf of
/// its path, indented by its depth).
enum SidebarEntry: Equatable {
    /// Every subscription's items; `unread` of them not read.
    case all(unread: Int)
    /// Every item not read yet: `unread` of them.
    case unread(unread: Int)
    /// Every starred item; `unread` of them not read.
    case starred(unread: Int)
    /// A folder: its path from the top, and the unread items of every
    /// subscription inside it.
    case folder(path: [String], unread: Int)
    case subscription(Subscription, unread: Int, depth: Int)

    /// The view the row opens.
    var scope: TimelineScope {
        switch self {
        case .all: .all
        case .unread: .unread
        case .starred: .starred
        case .folder(let path, _): .folder(path)
        case .subscription(let subscription, _, _): .subscription(subscription.id)
        }
    }

    /// What stays the same while the row's counts or names change.
    var identity: String {
        switch self {
        case .all: "all"
        case .unread: "unread"
        case .starred: "starred"
        case .folder(let path, _): "folder " + path.joined(separator: "\u{1F}")
        case .subscription(let subscription, _, _): "subscription \(subscription.id)"
        }
    }

    /// Items not read yet, of those the row opens.
    var unread: Int {
        switch self {
        case .all(let unread), .unread(let unread), .starred(let unread), .folder(_, let unread),
             .subscription(_, let unread, _): unread
        }
    }

    /// Steps of indentation: 0 at the top.
    var depth: Int {
        switch self {
        case .all, .unread, .starred: 0
        case .folder(let path, _): path.count - 1
        case .subscription(_, _, let depth): depth
        }
    }

    var subscription: Subscription? {
        if case .subscription(let subscription, _, _) = self { subscription } else { nil }
    }

    /// The sidebar's rows for `subscriptions` (in sidebar order) with the
    /// `unread` counts of each and of the views.
    static func entries(for subscriptions: [Subscription], unread: UnreadCounts) -> [SidebarEntry] {
        let top = Folder()
        for subscription in subscriptions {
            top.folder(at: subscription.folder[...]).children.append(.subscription(subscription))
        }
        let counts = unread.subscriptions
        let total = subscriptions.reduce(0) { $0 + (counts[$1.id] ?? 0) }
        return [.all(unread: total), .unread(unread: total), .starred(unread: unread.starredUnread)]
            + top.entries(path: [], counts: counts)
    }

    /// A folder while the rows are laid out: what it holds, in the order
    /// first seen.
    private final class Folder {
        enum Child {
            case folder(String, Folder)
            case subscription(Subscription)
        }

        var children: [Child] = []

        /// The folder at `path` below this one, made when first seen.
        func folder(at path: ArraySlice<String>) -> Folder {
            guard let name = path.first else { return self }
            for case .folder(let existing, let folder) in children where existing == name {
                return folder.folder(at: path.dropFirst())
            }
            let folder = Folder()
            children.append(.folder(name, folder))
            return folder.folder(at: path.dropFirst())
        }

        /// Unread items of every subscription inside, however deep.
        func count(_ counts: [Subscription.ID: Int]) -> Int {
            children.reduce(0) { total, child in
                switch child {
                case .folder(_, let folder): total + folder.count(counts)
                case .subscription(let subscription): total + (counts[subscription.id] ?? 0)
                }
            }
        }

        func entries(path: [String], counts: [Subscription.ID: Int]) -> [SidebarEntry] {
            children.flatMap { child -> [SidebarEntry] in
                switch child {
                case .folder(let name, let folder):
                    let inner = path + [name]
                    return [.folder(path: inner, unread: folder.count(counts))] + folder.entries(path: inner, counts: counts)
                case .subscription(let subscription):
                    return [.subscription(subscription, unread: counts[subscription.id] ?? 0, depth: path.count)]
                }
            }
        }
    }
}
