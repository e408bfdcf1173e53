import Foundation

/// Reads a subscription list's bytes into an XML tree with the project's
/// own reader (`XMLTextDecoder`, `XMLScrubber`, `XMLDocumentReader`: any
/// encoding and byte order mark, no DTD, no network, entity declarations
/// refused), or says why it can't.
///
/// The rule it keeps: only repairs that lose nothing. A list is not a
/// feed: a feed cut short still shows what came before, but a list cut
/// short would import fewer subscriptions without a word. So what the
/// forgiving tidy-up alone makes well-formed (a bare `&` in an address, an
/// HTML entity, a stray `<` in a title) is read; a document that would
/// need more (cut short, tags that don't match) is refused as damaged.
enum OPMLDocument {
    /// The root `<opml>` element, or a `FeedError`: `.empty` for a file
    /// with nothing in it, `.unsafe` for entity declarations, `.damaged`
    /// for an OPML document that can't be read whole, `.notAFeed` for
    /// anything else (a web page, a feed, other XML, no markup at all).
    static func root(of data: Data) throws(FeedError) -> XMLTreeNode {
        let text = XMLTextDecoder.utf8(data)
        guard text.contains(where: { !isSpace($0) }) else {
            throw FeedError("The file is empty", kind: .empty, detail: data.isEmpty ? "no bytes" : "only white space")
        }
        let tidy = XMLScrubber.scrub(text, forgiving: false, htmlEntity: XMLDocumentReader.htmlEntity)
        if tidy.declaresEntities {
            throw FeedError("This file can't be read safely", kind: .unsafe,
                            detail: "the document declares its own entities (DOCTYPE internal subset)")
        }
        guard tidy.bytes.contains(where: { !isSpace($0) }) else {
            throw notOPML("the file holds no XML markup")
        }
        var wellFormed = tidy.bytes
        if case .failure(let failure) = XMLDocumentReader.read(tidy.bytes, recover: false, baseURL: nil) {
            let repaired = XMLScrubber.scrub(text, forgiving: true, htmlEntity: XMLDocumentReader.htmlEntity).bytes
            if case .failure = XMLDocumentReader.read(repaired, recover: false, baseURL: nil) {
                throw brokenDocument(repaired, text: text, failure: failure)
            }
            wellFormed = repaired
        }
        // Read again forgivingly, though the document is well-formed: a
        // strict read stops at the first namespace error (an undeclared
        // prefix, `fz:quickMode` without `xmlns:fz`) and keeps only what
        // came before it, without failing.
        guard case .success(let root) = XMLDocumentReader.read(wellFormed, recover: true, baseURL: nil) else {
            throw notOPML("no root element")
        }
        guard root.name.lowercased() == "opml" else { throw notOPML(describing: root) }
        return root
    }

    /// Why a document that isn't well-formed even after the forgiving
    /// tidy-up is refused: damaged when it is OPML, else not OPML.
    private static func brokenDocument(_ bytes: [UInt8], text: [UInt8], failure: XMLDocumentReader.Failure) -> FeedError {
        let damaged = FeedError("This subscription list is damaged and can't be read", kind: .damaged,
                                detail: "XML error at line \(failure.line): \(failure.message)")
        guard case .success(let root) = XMLDocumentReader.read(bytes, recover: true, baseURL: nil) else {
            // Not even a root element: a list cut short inside its first
            // tag, or bytes that are no XML at all.
            return startsAnOPMLElement(text) ? damaged : notOPML("the file isn't XML")
        }
        return root.name.lowercased() == "opml" ? damaged : notOPML(describing: root)
    }

    private static func notOPML(describing root: XMLTreeNode) -> FeedError {
        switch root.name.lowercased() {
        case "html": notOPML("the document is a web page (HTML)")
        case "rss", "rdf": notOPML("the document is an RSS feed, not a list of feeds")
        case "feed": notOPML("the document is an Atom feed, not a list of feeds")
        default: notOPML("an XML document whose root is <\(root.name)>")
        }
    }

    private static func notOPML(_ detail: String) -> FeedError {
        FeedError("This isn't an OPML subscription list", kind: .notAFeed, detail: detail)
    }

    private static func startsAnOPMLElement(_ text: [UInt8]) -> Bool {
        String(decoding: text.prefix(4096), as: UTF8.self).lowercased().contains("<opml")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
