import Foundation

/// Writes subscriptions as an OPML 2.0 subscription list, UTF-8, the
/// shape every reader imports:
///
///     <opml version="2.0">
///       <head><title>…</title><dateCreated>Wed, 25 Nov 2026 09:30:00 GMT</dateCreated></head>
///       <body>
///         <outline text="Tech" title="Tech">
///           <outline type="rss" text="…" title="…" xmlUrl="…" htmlUrl="…"/>
///
/// Each folder is written once, where its first subscription comes, and
/// holds its subscriptions and subfolders in the order given; so a list
/// already in folder order (as a sidebar shows it) comes back from
/// `OPMLReader` exactly as it went out. A subscription without a type is
/// written as `rss` (and so reads back as `rss`); without a title, with an
/// empty `text`. Every value is escaped, line breaks and tabs as character
/// references (an XML reader would read them as spaces), and characters
/// XML can't hold (other control characters) are dropped. Linear in the
/// number of subscriptions.
public enum OPMLWriter {
    public static func write(_ subscriptions: [OPMLSubscription], title: String, created: Date) -> Data {
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escaped(title))</title>
                <dateCreated>\(rfc822(created))</dateCreated>
              </head>
              <body>

            """
        let tree = FolderTree(subscriptions)
        write(tree, folder: FolderTree.top, depth: 2, into: &output)
        output += "  </body>\n</opml>\n"
        return Data(output.utf8)
    }

    private static func write(_ tree: FolderTree, folder: Int, depth: Int, into output: inout String) {
        let indent = String(repeating: "  ", count: depth)
        for entry in tree.folders[folder].entries {
            switch entry {
            case .subscription(let index):
                output += indent + outline(for: tree.subscriptions[index]) + "\n"
            case .folder(let child):
                let name = escaped(tree.folders[child].name)
                output += indent + "<outline text=\"\(name)\" title=\"\(name)\">\n"
                write(tree, folder: child, depth: depth + 1, into: &output)
                output += indent + "</outline>\n"
            }
        }
    }

    private static func outline(for subscription: OPMLSubscription) -> String {
        var attributes = [("type", subscription.type ?? "rss"), ("text", subscription.title ?? "")]
        if let title = subscription.title { attributes.append(("title", title)) }
        attributes.append(("xmlUrl", subscription.address.absoluteString))
        if let site = subscription.siteAddress { attributes.append(("htmlUrl", site.absoluteString)) }
        return "<outline" + attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined() + "/>"
    }

    /// `text` as XML attribute value or element text.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// RFC 822 (as RFC 1123 spells it), in GMT: "Wed, 25 Nov 2026 09:30:00 GMT".
    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// Subscriptions grouped into their folders, each folder once, in the
/// order folders and subscriptions first come. Folder names that are only
/// white space add no level (a reader would skip such a level too).
private struct FolderTree {
    enum Entry {
        case subscription(Int)
        case folder(Int)
    }

    struct Folder {
        var name: String
        var entries: [Entry] = []
        var children: [String: Int] = [:]
    }

    static let top = 0
    let subscriptions: [OPMLSubscription]
    private(set) var folders = [Folder(name: "")]

    init(_ subscriptions: [OPMLSubscription]) {
        self.subscriptions = subscriptions
        for (index, subscription) in subscriptions.enumerated() {
            var folder = Self.top
            for name in subscription.folder where OPMLReader.trimmed(name) != nil {
                folder = child(named: name, of: folder)
            }
            folders[folder].entries.append(.subscription(index))
        }
    }

    private mutating func child(named name: String, of parent: Int) -> Int {
        if let existing = folders[parent].children[name] { return existing }
        folders.append(Folder(name: name))
        let index = folders.count - 1
        folders[parent].children[name] = index
        folders[parent].entries.append(.folder(index))
        return index
    }
}
