import Foundation

/// The `Link` response header (RFC 8288), as Mastodon and GitHub use it to
/// say where the next page is:
///
///     <https://host/api?max_id=1>; rel="next", <https://host/api?min_id=9>; rel="prev"
public enum LinkHeader {
    /// Link targets by relation type. A `rel` holding several types
    /// ("next last") files the target under each; the first link for a type
    /// wins; registered types are lowercased. Targets are resolved against
    /// `base` (the response's URL). Parameters may be quoted or not; commas
    /// and semicolons inside `<...>` or quotes don't split anything.
    /// Malformed links are skipped, never fatal.
    public static func parse(_ value: String, base: URL) -> [String: URL] {
        var scanner = Scanner(Array(value.unicodeScalars))
        var links: [String: URL] = [:]
        while let link = scanner.nextLink() {
            guard let rels = link.rels,
                  let url = URL(string: link.target.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL
            else { continue }
            for rel in rels where links[rel] == nil {
                links[rel] = url
            }
        }
        return links
    }

    private struct Link {
        var target: String
        var rels: [String]?
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0

        init(_ text: [Unicode.Scalar]) { self.text = text }

        private var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

        mutating func nextLink() -> Link? {
            while true {
                skip { $0 == " " || $0 == "\t" || $0 == "," }
                guard let first = current else { return nil }
                guard first == "<" else {
                    skipToNextLink()
                    continue
                }
                index += 1
                let start = index
                while let scalar = current, scalar != ">" { index += 1 }
                guard current == ">" else { return nil }
                var link = Link(target: string(start..<index))
                index += 1
                if readParameters(into: &link) { return link }
                skipToNextLink()
            }
        }

        /// Reads `; name=value` pairs up to the comma that ends the link.
        /// False when something else is in the way.
        private mutating func readParameters(into link: inout Link) -> Bool {
            while true {
                skip { $0 == " " || $0 == "\t" }
                guard let scalar = current, scalar != "," else { return true }
                guard scalar == ";" else { return false }
                index += 1
                skip { $0 == " " || $0 == "\t" }
                let nameStart = index
                while let scalar = current, !"=;, \t".unicodeScalars.contains(scalar) { index += 1 }
                let name = string(nameStart..<index).lowercased()
                skip { $0 == " " || $0 == "\t" }
                var value = ""
                if current == "=" {
                    index += 1
                    skip { $0 == " " || $0 == "\t" }
                    value = current == "\"" ? readQuoted() : readToken()
                }
                if name == "rel", link.rels == nil {
                    link.rels = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { rel in
                        rel.contains(":") ? String(rel) : rel.lowercased()
                    }
                }
            }
        }

        private mutating func readQuoted() -> String {
            index += 1
            var value = String.UnicodeScalarView()
            while let scalar = current, scalar != "\"" {
                if scalar == "\\", index + 1 < text.count { index += 1 }
                value.append(text[index])
                index += 1
            }
            if current == "\"" { index += 1 }
            return String(value)
        }

        private mutating func readToken() -> String {
            let start = index
            while let scalar = current, !";, \t".unicodeScalars.contains(scalar) { index += 1 }
            return string(start..<index)
        }

        /// Skips past the comma that ends a malformed link, minding quotes
        /// and brackets.
        private mutating func skipToNextLink() {
            var quoted = false
            var bracketed = false
            while let scalar = current {
                index += 1
                if quoted {
                    if scalar == "\\" { index += 1 } else if scalar == "\"" { quoted = false }
                } else if bracketed {
                    if scalar == ">" { bracketed = false }
                } else if scalar == "\"" {
                    quoted = true
                } else if scalar == "<" {
                    bracketed = true
                } else if scalar == "," {
                    return
                }
            }
        }

        private mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
            while let scalar = current, predicate(scalar) { index += 1 }
        }

        private func string(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text[range])
            return String(view)
        }
    }
}
