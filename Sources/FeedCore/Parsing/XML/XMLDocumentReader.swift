import CLibXML2
import Foundation

/// Reads a UTF-8 XML document with libxml2 into an `XMLTreeNode` tree. The
/// only file that holds libxml2's pointers: each read makes its own parser
/// context and frees it, and the document, before returning.
///
/// libxml2 is told the text is UTF-8 and to ignore any label, never to
/// touch the network, load a DTD or substitute entities, and to keep its
/// default depth limit (256 levels); its messages go nowhere (the caller
/// gets the first error). Text arrives as UTF-8 bytes that are decoded
/// with repair, so nothing libxml2 passes through can trap.
enum XMLDocumentReader {
    struct Failure: Error {
        var message: String
        var line: Int
    }

    /// The tree, or why a strict read failed. With `recover`, libxml2 reads
    /// past errors as far as it can; it then fails only when not even a
    /// root element could be had. `baseURL`: where the document came from,
    /// which `xml:base` attributes are resolved against.
    static func read(_ bytes: [UInt8], recover: Bool, baseURL: URL?) -> Result<XMLTreeNode, Failure> {
        _ = initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else {
            return .failure(Failure(message: "no root element", line: 1))
        }
        guard let context = xmlNewParserCtxt() else { return .failure(Failure(message: "out of memory", line: 0)) }
        defer {
            xmlFreeParserCtxt(context)
            xmlResetLastError()
        }
        if !recover {
            // A strict read ends at its first error: libxml2 would
            // otherwise go on, and word a message for each of a million
            // bare "&" before the forgiving read repairs them.
            context.pointee.sax.pointee.serror = stopAtFirstError
        }
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        if recover { options |= XML_PARSE_RECOVER.rawValue }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                xmlCtxtReadMemory(context, text, Int32(buffer.count), nil, "UTF-8", Int32(options))
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        // A strict read that was stopped did not read the whole document,
        // whatever libxml2 says of its form.
        let wellFormed = context.pointee.wellFormed != 0 && (recover || context.pointee.disableSAX == 0)
        guard let document, let root = xmlDocGetRootElement(document), recover || wellFormed else {
            return .failure(firstError(context))
        }
        return .success(tree(from: root, baseURL: baseURL))
    }

    /// The character an HTML named entity stands for (`eacute`: é), from
    /// libxml2's HTML table.
    static func htmlEntity(_ name: String) -> Unicode.Scalar? {
        _ = initialized
        return name.withCString { text in
            text.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) { htmlEntityLookup($0) }
        }.flatMap { Unicode.Scalar($0.pointee.value) }
    }

    /// libxml2 calls this with the parser context as `data` (its default
    /// user data) for every error. Namespace errors (a prefix like
    /// `media:` used without its `xmlns:media`, common in real feeds) are
    /// no errors of form: the element is read with its prefixed name, so
    /// they don't stop the read.
    private static let stopAtFirstError: xmlStructuredErrorFunc = { data, error in
        guard let data else { return }
        if let error, error.pointee.domain == Int32(XML_FROM_NAMESPACE.rawValue) { return }
        xmlStopParser(data.assumingMemoryBound(to: xmlParserCtxt.self))
    }

    /// libxml2's own set-up, once per process, before any thread reads.
    private static let initialized: Void = xmlInitParser()

    private static func firstError(_ context: xmlParserCtxtPtr) -> Failure {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return Failure(message: "no root element", line: 1)
        }
        let message = error.pointee.message.map { string(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) } ?? ""
        return Failure(message: message.trimmingCharacters(in: .whitespacesAndNewlines), line: Int(error.pointee.line))
    }

    // MARK: The tree

    /// Copies libxml2's tree into ours without recursion (libxml2 limits
    /// the depth, but a copy should not depend on it).
    private static func tree(from rootElement: xmlNodePtr, baseURL: URL?) -> XMLTreeNode {
        let root = node(for: rootElement, parentBase: baseURL?.absoluteString)
        var stack: [(node: XMLTreeNode, next: xmlNodePtr?)] = [(root, rootElement.pointee.children)]
        while let last = stack.last {
            guard let current = last.next else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = current.pointee.next
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let child = node(for: current, parentBase: last.node.base)
                last.node.append(child)
                stack.append((child, current.pointee.children))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { last.node.appendText(string(content)) }
            default:
                break
            }
        }
        return root
    }

    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    private static func node(for element: xmlNodePtr, parentBase: String?) -> XMLTreeNode {
        var attributes: [String: String] = [:]
        var attribute = element.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let name = current.pointee.name else { continue }
            var value = ""
            var text = current.pointee.children
            while let part = text {
                if let content = part.pointee.content { value += string(content) }
                text = part.pointee.next
            }
            let namespace = current.pointee.ns?.pointee.href.map(string)
            let key = namespace == xmlNamespace ? "xml:" + string(name) : string(name)
            if attributes[key] == nil { attributes[key] = value }
        }
        let namespace = element.pointee.ns?.pointee.href.map(string)
        let base = attributes["xml:base"].map { relative in
            parentBase.flatMap { URL(string: relative, relativeTo: URL(string: $0))?.absoluteString } ?? relative
        } ?? parentBase
        return XMLTreeNode(name: element.pointee.name.map(string) ?? "", namespace: namespace?.isEmpty == true ? nil : namespace,
                           attributes: attributes, base: base)
    }

    /// A C string from libxml2 as Swift text, invalid UTF-8 repaired.
    private static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(decoding: UnsafeBufferPointer(start: text, count: strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))),
               as: UTF8.self)
    }
}
