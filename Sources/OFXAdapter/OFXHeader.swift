/// The header in front of an OFX document: OFX 1.x's `KEY:VALUE` lines (OFX 1.0.2 §2.2) or
/// OFX 2.x's `<?xml ...?>` and `<?OFX OFXHEADER="200" VERSION="220" ...?>` (OFX 2.2 §2.2).
///
/// Banks bend the 1.x header in many ways, and all of these are read: a space after the colon,
/// lines missing (`CHARSET`, even the whole header), the whole header on one line, a byte-order
/// mark, blank lines or stray bytes before `<OFX>`, CRLF or LF. The header only decides which
/// reader parses the body (SGML or XML) and is otherwise informational: text encoding is decided
/// value by value (see ``OFXText``) because headers so often misstate it.
struct OFXHeader: Sendable, Hashable {
    /// The header's fields, keys upper-cased (`VERSION`, `CHARSET`, `ENCODING`, ...).
    var fields: [String: String]
    /// Whether the document is OFX 2.x XML (an `<?xml` or `<?OFX` processing instruction).
    var isXML: Bool
    /// Byte offset of the `<OFX>` start tag.
    var bodyOffset: Int
    /// Byte offset where an XML parser must start: the `<?xml` declaration, else the `<?OFX`
    /// instruction, else `<OFX>` (what comes before it is not XML).
    var xmlStartOffset: Int

    /// `VERSION`, such as `102` or `220`.
    var version: String? { fields["VERSION"] }

    /// Finds the header and the start of the body in the first bytes of a file.
    ///
    /// - Parameters:
    ///   - bytes: the file's first bytes.
    ///   - isComplete: whether no more bytes will come. Until then, an XML header whose body
    ///     can't yet be told from SGML gives `nil` too, so that the caller reads on.
    /// - Returns: the header, or `nil` when no `<OFX>` start tag is among the bytes.
    static func locate(in bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> OFXHeader? {
        guard let body = find(tagNamed: "OFX", in: bytes) else { return nil }
        let prefix = UnsafeBufferPointer(rebasing: bytes[0..<body])
        let xmlDeclaration = findProcessingInstruction("xml", in: prefix)
        let ofxInstruction = findProcessingInstruction("OFX", in: prefix)
        var isXML = false
        if xmlDeclaration != nil || ofxInstruction != nil {
            // Some servers put an OFX 2 header on an SGML body (leaves without end tags): read
            // the body as what it is.
            switch firstLeafLacksEndTag(bytes, from: body) {
            case .some(let lacksEndTag): isXML = !lacksEndTag
            case .none where isComplete: isXML = true
            case .none: return nil
            }
        }
        let fields: [String: String]
        if let ofxInstruction {
            fields = attributes(in: UnsafeBufferPointer(rebasing: prefix[ofxInstruction...]))
        } else {
            fields = keyValues(in: prefix)
        }
        return OFXHeader(
            fields: fields, isXML: isXML, bodyOffset: body,
            xmlStartOffset: xmlDeclaration ?? ofxInstruction ?? body)
    }

    // MARK: - Private helpers

    /// Whether the first leaf element after `<OFX>` is followed by text and then a tag other
    /// than its own end tag (SGML); `nil` when the bytes at hand end before that shows.
    private static func firstLeafLacksEndTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool? {
        var index = start + 1
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = SGMLTagSyntax(bytes, at: index), !tag.isEnd,
                !tag.isSelfClosing
            else {
                index += 1
                continue
            }
            let name = UnsafeBufferPointer(rebasing: bytes[tag.nameStart..<tag.nameEnd])
            guard let known = OFXTag.lookUp(name), known.isLeaf else {
                index = tag.end
                continue
            }
            var next = tag.end
            while next < bytes.count, bytes[next] != UInt8(ascii: "<") { next += 1 }
            guard next < bytes.count, let following = SGMLTagSyntax(bytes, at: next) else { return nil }
            let followingName = UnsafeBufferPointer(rebasing: bytes[following.nameStart..<following.nameEnd])
            return !(following.isEnd && OFXTag.lookUp(followingName) == known)
        }
        return nil
    }

    /// The offset of `<NAME` followed by `>`, `/` or white space, case-insensitively.
    private static func find(tagNamed name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let wanted = Array(name.utf8)
        var index = 0
        while index + wanted.count + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                var matches = true
                for offset in 0..<wanted.count where OFXTagTable.upper(bytes[index + 1 + offset]) != wanted[offset] {
                    matches = false
                    break
                }
                let after = bytes[index + 1 + wanted.count]
                if matches && (after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || OFXText.isSpace(after)) {
                    return index
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset of `<?NAME` (case-insensitive), if present.
    private static func findProcessingInstruction(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let wanted = Array("?\(name.uppercased())".utf8)
        var index = 0
        while index + wanted.count < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                var matches = true
                for offset in 0..<wanted.count where OFXTagTable.upper(bytes[index + 1 + offset]) != wanted[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// `KEY:VALUE` pairs separated by any white space; spaces around the colon are allowed.
    private static func keyValues(in bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        let words = String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
        var fields: [String: String] = [:]
        var index = 0
        while index < words.count {
            let word = words[index]
            if let colon = word.firstIndex(of: ":") {
                let key = word[..<colon].uppercased().filter { $0.isLetter || $0.isNumber }
                var value = String(word[word.index(after: colon)...])
                if value.isEmpty, index + 1 < words.count, !words[index + 1].contains(":") {
                    value = String(words[index + 1])
                    index += 1
                }
                if !key.isEmpty { fields[key] = value }
            } else if index + 1 < words.count, words[index + 1].hasPrefix(":") {
                // "KEY : VALUE" or "KEY :VALUE"
                let key = word.uppercased().filter { $0.isLetter || $0.isNumber }
                var value = String(words[index + 1].dropFirst())
                index += 1
                if value.isEmpty, index + 1 < words.count {
                    value = String(words[index + 1])
                    index += 1
                }
                if !key.isEmpty { fields[key] = value }
            }
            index += 1
        }
        return fields
    }

    /// `NAME="VALUE"` attributes of the `<?OFX ...?>` instruction.
    private static func attributes(in bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let end = text.firstRange(of: "?>")?.lowerBound ?? text.endIndex
        var fields: [String: String] = [:]
        for part in text[..<end].split(separator: " ") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let key = part[..<equals].uppercased()
            let value = part[part.index(after: equals)...].filter { $0 != "\"" && $0 != "'" }
            fields[key] = String(value)
        }
        return fields
    }
}
