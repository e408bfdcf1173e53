import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document read into a small tree of elements: what the RSS and
/// Atom readers walk. Element names are local names with their namespace
/// URI beside them; text is the element's own character data (CDATA
/// included).
///
/// External entities are never fetched, and a document that declares its
/// own entities (a DOCTYPE internal subset, as in "billion laughs") is
/// refused before parsing: feeds have no use for them.
final class XMLTreeNode {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    fileprivate(set) var text = ""
    fileprivate(set) var children: [XMLTreeNode] = []
    /// Where each child starts in `text` (UTF-8 offsets): mixed content's
    /// order, for `allText`.
    fileprivate var childOffsets: [Int] = []

    init(name: String, namespace: String?, attributes: [String: String]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
    }

    /// The first child called `name` (in `namespace`, when given).
    func child(_ name: String, _ namespace: String? = nil) -> XMLTreeNode? {
        children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    func children(_ name: String, _ namespace: String? = nil) -> [XMLTreeNode] {
        children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// The trimmed text of the first child called `name`, nil when missing
    /// or empty.
    func text(of name: String, _ namespace: String? = nil) -> String? {
        let text = child(name, namespace)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text?.isEmpty == false ? text : nil
    }

    /// All the text inside, children included, in document order (Atom's
    /// xhtml content). Block elements are set apart by a space, inline ones
    /// run on with their neighbours ("<b>bold</b>," stays "bold,").
    var allText: String {
        var result = ""
        var start = text.utf8.startIndex
        for (child, offset) in zip(children, childOffsets) {
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            let gap = Self.blockNames.contains(child.name.lowercased()) ? " " : ""
            result += text[start..<end] + gap + child.allText + gap
            start = end
        }
        return result + text[start...]
    }

    private static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section",
        "table", "td", "th", "tr", "ul",
    ]

    /// Reads `data` into a tree, or throws a reader-facing error.
    static func parse(_ data: Data) throws(FeedError) -> XMLTreeNode {
        if declaresEntities(data) {
            throw FeedError("This feed can't be read safely", detail: "the document declares its own entities (DOCTYPE internal subset)")
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        // parse() recovers, and answers true, for a document cut short: an
        // element left open is what tells. (parserError is no guide: it
        // also holds mere warnings, as for an RSS 0.91 DOCTYPE's entities.)
        guard parsed, builder.allClosed, let root = builder.root else {
            let line = parser.lineNumber
            let error = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            throw FeedError("This feed is damaged and can't be read", detail: "XML error at line \(line): \(error)")
        }
        return root
    }

    /// Whether the prolog has `<!DOCTYPE … [ … <!ENTITY`.
    private static func declaresEntities(_ data: Data) -> Bool {
        let head = data.prefix(64 * 1024)
        guard let doctype = head.firstRange(of: Data("<!DOCTYPE".utf8)) else { return false }
        let rest = head[doctype.upperBound...]
        let end = rest.firstIndex(of: UInt8(ascii: ">")) ?? rest.endIndex
        let bracket = rest.firstIndex(of: UInt8(ascii: "["))
        if let bracket, bracket < end { return true }
        return rest.firstRange(of: Data("<!ENTITY".utf8)) != nil
    }
}

/// Builds the tree from XMLParser's callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLTreeNode?
    private var stack: [XMLTreeNode] = []
    /// Whether every element that started has ended.
    var allClosed: Bool { stack.isEmpty }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let element = XMLTreeNode(name: elementName, namespace: namespaceURI?.isEmpty == true ? nil : namespaceURI,
                                 attributes: attributes)
        if let parent = stack.last {
            parent.children.append(element)
            parent.childOffsets.append(parent.text.utf8.count)
        } else if root == nil {
            root = element
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
