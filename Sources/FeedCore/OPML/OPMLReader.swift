import Foundation

/// Reads a subscription list (OPML 1.0 and 2.0, and what real exporters
/// make of them) into the feeds it names, their folders, and the entries
/// that had to be left out.
///
/// How outlines are read, each outline once, in document order:
/// - An outline with a feed address (`xmlUrl`, in any letter case:
///   `xmlurl`, `XMLURL`) is a subscription, named by `title`, else `text`.
///   Its own child outlines are read too, in its folder.
/// - An outline without one that holds outlines is a folder, named by
///   `text`, else `title`; a folder with no name adds no level. A folder
///   with nothing in it is nothing.
/// - A subscription at the top level takes its folder from OPML 2.0's
///   `category` attribute (`"/Tech/Deep,/News"`: the first path).
/// - Thunderbird keeps each feed in a mail folder of its own, named after
///   it, and exports that folder around the feed; such a folder (one feed,
///   with Thunderbird's `fz:` attributes, of the same name) is not a level.
/// - A feed without a usable address (a `type="rss"` outline with no
///   `xmlUrl`, a `javascript:` or relative one) is reported in `problems`;
///   the rest is read.
/// - An address seen before (see `OPMLAddress.sameFeedKey`) is merged into
///   the first subscription, which keeps its folder.
///
/// Names are plain text: entities are decoded by the XML reader, white
/// space around them trimmed, and markup in them (`<b>`) stays as written.
/// Reading is linear in the document's size; the XML reader limits the
/// nesting depth (256 levels).
public enum OPMLReader {
    public static func read(_ data: Data) throws(FeedError) -> OPMLImport {
        let root = try OPMLDocument.root(of: data)
        var reading = Reading()
        if let body = root.children.first(where: { $0.name.lowercased() == "body" }) {
            reading.readOutlines(in: body, folder: [])
        }
        let head = root.children.first { $0.name.lowercased() == "head" }
        let title = head?.children.first { $0.name.lowercased() == "title" }.flatMap { trimmed($0.text) }
        return OPMLImport(title: title, subscriptions: reading.subscriptions, problems: reading.problems,
                          duplicatesMerged: reading.duplicatesMerged)
    }

    /// `text` without white space around it; nil when nothing is left.
    static func trimmed(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed?.isEmpty == false ? trimmed : nil
    }
}

/// One import's progress through the outlines.
private struct Reading {
    var subscriptions: [OPMLSubscription] = []
    var problems: [OPMLProblem] = []
    var duplicatesMerged = 0
    private var seen: Set<String> = []

    mutating func readOutlines(in parent: XMLTreeNode, folder: [String]) {
        for child in Self.outlines(in: parent) { read(child, folder: folder) }
    }

    private mutating func read(_ element: XMLTreeNode, folder: [String]) {
        let outline = Outline(element)
        let children = Self.outlines(in: element)
        if let written = OPMLReader.trimmed(outline["xmlUrl"]) {
            subscribe(written, outline, folder: folder.isEmpty ? outline.categoryPath : folder)
            readOutlines(in: element, folder: folder)
        } else if !children.isEmpty {
            if children.count == 1, Self.isThunderbirdFeedFolder(outline, around: Outline(children[0])) {
                read(children[0], folder: folder)
            } else {
                readOutlines(in: element, folder: outline.folderName.map { folder + [$0] } ?? folder)
            }
        } else if outline.hasFeedType, let written = OPMLReader.trimmed(outline["url"]) {
            // Thunderbird's importer takes `url` for a feed's address when
            // `xmlUrl` is missing, as some old lists wrote it.
            subscribe(written, outline, folder: folder.isEmpty ? outline.categoryPath : folder)
        } else if outline.isFeed {
            problems.append(OPMLProblem(title: outline.name, address: nil, reason: .noAddress))
        }
    }

    private mutating func subscribe(_ written: String, _ outline: Outline, folder: [String]) {
        guard let address = OPMLAddress.url(written) else {
            problems.append(OPMLProblem(title: outline.name, address: written, reason: .unusableAddress))
            return
        }
        guard seen.insert(OPMLAddress.sameFeedKey(address)).inserted else {
            duplicatesMerged += 1
            return
        }
        subscriptions.append(OPMLSubscription(
            address: address,
            title: outline.name,
            siteAddress: outline["htmlUrl"].flatMap(OPMLAddress.site),
            folder: folder,
            type: outline.type))
    }

    /// Whether `folder` is the mail folder Thunderbird made for the one
    /// feed in it: named as the feed, which carries Thunderbird's
    /// attributes and no outlines of its own.
    private static func isThunderbirdFeedFolder(_ folder: Outline, around feed: Outline) -> Bool {
        guard feed.isFromThunderbird, OPMLReader.trimmed(feed["xmlUrl"]) != nil, outlines(in: feed.element).isEmpty,
              let folderName = folder.folderName, let feedName = feed.name else { return false }
        return folderName.compare(feedName, options: .caseInsensitive) == .orderedSame
    }

    private static func outlines(in element: XMLTreeNode) -> [XMLTreeNode] {
        element.children.filter { $0.name.lowercased() == "outline" }
    }
}

/// An `<outline>`'s attributes, looked up in any letter case (the spelling
/// asked for first), and what they mean.
private struct Outline {
    let element: XMLTreeNode

    init(_ element: XMLTreeNode) {
        self.element = element
    }

    subscript(name: String) -> String? {
        if let exact = element.attributes[name] { return exact }
        let folded = name.lowercased()
        var found: (key: String, value: String)?
        for (key, value) in element.attributes where key.utf8.count == folded.utf8.count && key.lowercased() == folded {
            if let other = found, other.key < key { continue }
            found = (key, value)
        }
        return found?.value
    }

    /// A subscription's name: `title`, else `text`.
    var name: String? {
        OPMLReader.trimmed(self["title"]) ?? OPMLReader.trimmed(self["text"])
    }

    /// A folder's name: `text` (which OPML requires), else `title`.
    var folderName: String? {
        OPMLReader.trimmed(self["text"]) ?? OPMLReader.trimmed(self["title"])
    }

    var type: String? {
        OPMLReader.trimmed(self["type"])
    }

    /// Whether `type` says the outline is a feed.
    var hasFeedType: Bool {
        type.map { Self.feedTypes.contains($0.lowercased()) } ?? false
    }

    private static let feedTypes: Set<String> = ["rss", "atom", "feed", "rdf"]

    /// The first path of OPML 2.0's `category` (comma-separated
    /// slash-delimited paths: `"/Tech/Deep,/News"` is Tech, Deep); `[]`
    /// when there is none.
    var categoryPath: [String] {
        let paths = (self["category"] ?? "").split(separator: ",")
        let first = paths.lazy.map { $0.split(separator: "/").compactMap { OPMLReader.trimmed(String($0)) } }
            .first { !$0.isEmpty }
        return first ?? []
    }

    /// Whether an outline without an address still means a feed (and is
    /// reported, not taken for an empty folder): its type says so, it
    /// names a web site, or it has an empty `xmlUrl`.
    var isFeed: Bool {
        hasFeedType || self["xmlUrl"] != nil || OPMLReader.trimmed(self["htmlUrl"]) != nil
    }

    /// Whether Thunderbird wrote it: it has `fz:quickMode` (the prefix is
    /// gone when the document declared the namespace).
    var isFromThunderbird: Bool {
        self["quickMode"] != nil || self["fz:quickMode"] != nil
    }
}
