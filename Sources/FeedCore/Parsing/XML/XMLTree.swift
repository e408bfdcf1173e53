import Foundation

/// An XML document read into a small tree of elements: what the RSS and
/// Atom readers walk. Element names are local names with their namespace
/// URI beside them; text is the element's own character data (CDATA
/// included); `base` is the element's address for relative links
/// (`xml:base` over the document's own).
///
/// Reading is lenient the way careful feed readers are (feedparser's
/// "strict first, then forgiving"): the bytes become UTF-8 whatever their
/// encoding (`XMLTextDecoder`), are tidied (`XMLScrubber`) and read
/// strictly by libxml2 (`XMLDocumentReader`); when that fails, the
/// forgiving tidy-up repairs entities and stray `&` and `<`, and libxml2
/// reads again in recover mode. `damage` says the second read was
/// needed, and why. Nothing is ever fetched, no DTD is read, and a document that
/// declares its own entities (as "billion laughs" does) is refused.
final class XMLTreeNode {
    let name: String
    /// `name` in lower case, for the lookups that forgive case.
    private let foldedName: String
    let namespace: String?
    let attributes: [String: String]
    /// The address relative links in this element are resolved against.
    let base: String?
    private(set) var text = ""
    private(set) var children: [XMLTreeNode] = []
    /// Where each child starts in `text` (UTF-8 offsets): mixed content's
    /// order, for `allText`.
    private var childOffsets: [Int] = []
    /// Why the strict read failed, when the document needed the forgiving
    /// one (root only): what to tell the reader if nothing could be read.
    fileprivate(set) var damage: FeedError?

    init(name: String, namespace: String?, attributes: [String: String], base: String? = nil) {
        self.name = name
        foldedName = name.lowercased()
        self.namespace = namespace
        self.attributes = attributes
        self.base = base
    }

    func append(_ child: XMLTreeNode) {
        children.append(child)
        childOffsets.append(text.utf8.count)
    }

    func appendText(_ more: String) {
        text += more
    }

    /// The first child called `name` in `namespace`. Without a namespace:
    /// one in no namespace or this element's own first (an RSS `<link>`
    /// before an `<atom:link>`), then one in any (`itunes:title`). When no
    /// child is called exactly that, the first whose name differs only in
    /// case (`pubdate`, `PubDate`).
    func child(_ name: String, _ namespace: String? = nil) -> XMLTreeNode? {
        let folded = name.lowercased()
        if let namespace {
            return children.first { $0.name == name && $0.namespace == namespace }
                ?? children.first { $0.namespace == namespace && $0.foldedName == folded }
        }
        return children.first { $0.name == name && ($0.namespace == nil || $0.namespace == self.namespace) }
            ?? children.first { $0.name == name }
            ?? children.first { $0.foldedName == folded }
    }

    func children(_ name: String, _ namespace: String? = nil) -> [XMLTreeNode] {
        children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// Every element called `name` inside this one, at any depth, in
    /// document order (items a broken feed nests inside items included).
    func descendants(_ name: String) -> [XMLTreeNode] {
        var found: [XMLTreeNode] = []
        var stack: [(node: XMLTreeNode, next: Int)] = [(self, 0)]
        while let last = stack.last {
            guard last.next < last.node.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = last.node.children[last.next]
            if child.name == name { found.append(child) }
            stack.append((child, 0))
        }
        return found
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

    /// What is inside the element, written back as markup (Atom's xhtml
    /// content, for the reader's rich text): names without prefixes, text
    /// and attribute values escaped.
    var innerMarkup: String {
        var result = ""
        var start = text.utf8.startIndex
        for (child, offset) in zip(children, childOffsets) {
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            result += Self.escaped(text[start..<end])
            result += "<" + child.name
            for (key, value) in child.attributes.sorted(by: { $0.key < $1.key }) where !key.hasPrefix("xml:") {
                result += " \(key)=\"" + Self.escaped(value[...]).replacingOccurrences(of: "\"", with: "&quot;") + "\""
            }
            // Empty ones self-closed: an HTML reader takes "</br>" for a second break.
            result += child.children.isEmpty && child.text.isEmpty ? "/>" : ">" + child.innerMarkup + "</" + child.name + ">"
            start = end
        }
        return result + Self.escaped(text[start...])
    }

    private static func escaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section",
        "table", "td", "th", "tr", "ul",
    ]

    /// Reads `data` into a tree, or throws a reader-facing error.
    /// `charset`: the HTTP `Content-Type` charset, when there was one.
    static func parse(_ data: Data, baseURL: URL? = nil, charset: String? = nil) throws(FeedError) -> XMLTreeNode {
        let text = XMLTextDecoder.utf8(data, charset: charset)
        let tidy = XMLScrubber.scrub(text, forgiving: false, htmlEntity: XMLDocumentReader.htmlEntity)
        if tidy.declaresEntities {
            throw FeedError("This feed can't be read safely", kind: .unsafe, detail: "the document declares its own entities (DOCTYPE internal subset)")
        }
        let strictFailure: XMLDocumentReader.Failure
        switch XMLDocumentReader.read(tidy.bytes, recover: false, baseURL: baseURL) {
        case .success(let root): return root
        case .failure(let failure): strictFailure = failure
        }
        let forgiving = XMLScrubber.scrub(text, forgiving: true, htmlEntity: XMLDocumentReader.htmlEntity)
        guard case .success(let root) = XMLDocumentReader.read(forgiving.bytes, recover: true, baseURL: baseURL) else {
            throw damaged(strictFailure)
        }
        root.damage = damaged(strictFailure)
        return root
    }

    static func damaged(_ failure: XMLDocumentReader.Failure) -> FeedError {
        FeedError("This feed is damaged and can't be read", kind: .damaged, detail: "XML error at line \(failure.line): \(failure.message)")
    }
}
