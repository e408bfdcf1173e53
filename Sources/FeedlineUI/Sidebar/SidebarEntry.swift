import FeedStore

/// One row of the sidebar: All items, a folder, or a subscription, with
/// the count it shows and how deep it sits.
///
/// `entries(for:counts:)` lays the subscriptions out as the sidebar shows
/// them: All items first, then the subscriptions in sidebar order, each
/// folder where its first subscription comes, holding its subscriptions
/// and folders (folders nest; a row shows the leaf of its path, indented
/// by its depth).
enum SidebarEntry: Equatable {
    case all(count: Int)
    /// A folder: its path from the top, the items of every subscription
    /// inside it.
    case folder(path: [String], count: Int)
    case subscription(Subscription, count: Int, depth: Int)

    /// The view the row opens (folders open none).
    var scope: TimelineScope? {
        switch self {
        case .all: .all
        case .folder: nil
        case .subscription(let subscription, _, _): .subscription(subscription.id)
        }
    }

    /// What stays the same while the row's counts or names change.
    var identity: String {
        switch self {
        case .all: "all"
        case .folder(let path, _): "folder " + path.joined(separator: "\u{1F}")
        case .subscription(let subscription, _, _): "subscription \(subscription.id)"
        }
    }

    var count: Int {
        switch self {
        case .all(let count), .folder(_, let count), .subscription(_, let count, _): count
        }
    }

    /// Steps of indentation: 0 at the top.
    var depth: Int {
        switch self {
        case .all: 0
        case .folder(let path, _): path.count - 1
        case .subscription(_, _, let depth): depth
        }
    }

    var subscription: Subscription? {
        if case .subscription(let subscription, _, _) = self { subscription } else { nil }
    }

    /// The sidebar's rows for `subscriptions` (in sidebar order) with
    /// `counts` items each.
    static func entries(for subscriptions: [Subscription], counts: [Subscription.ID: Int]) -> [SidebarEntry] {
        let top = Folder()
        for subscription in subscriptions {
            top.folder(at: subscription.folder[...]).children.append(.subscription(subscription))
        }
        let total = subscriptions.reduce(0) { $0 + (counts[$1.id] ?? 0) }
        return [.all(count: total)] + top.entries(path: [], counts: counts)
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

        /// Items of every subscription inside, however deep.
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
                    return [.folder(path: inner, count: folder.count(counts))] + folder.entries(path: inner, counts: counts)
                case .subscription(let subscription):
                    return [.subscription(subscription, count: counts[subscription.id] ?? 0, depth: path.count)]
                }
            }
        }
    }
}
