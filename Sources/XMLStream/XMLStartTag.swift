/// A start tag as libxml2 reported it: its name, its position, and its attributes on demand.
///
/// Valid only during ``XMLEventHandler/startElement(_:)``: the name and attribute bytes belong to
/// libxml2. Copy what must outlive the call (``name``, ``attributes``).
public struct XMLStartTag {
    /// The element's local name in UTF-8 (`STMTTRN`, `Ntry`; without any namespace prefix).
    public let nameBytes: UnsafeBufferPointer<UInt8>
    /// The element's namespace URI in UTF-8 (`urn:iso:std:iso:20022:tech:xsd:camt.053.001.08`);
    /// empty when the element is in no namespace. Measured on each call: most tags never ask.
    public var namespaceBytes: UnsafeBufferPointer<UInt8> {
        guard let namespaceURI else { return UnsafeBufferPointer(start: nil, count: 0) }
        var length = 0
        while namespaceURI[length] != 0 { length += 1 }
        return UnsafeBufferPointer(start: namespaceURI, count: length)
    }
    /// The 1-based line of the tag's `<`, counted from the file's start.
    public let line: Int
    /// The 1-based column of the tag's `<`.
    public let column: Int
    /// The number of attributes (namespace declarations excluded).
    public let attributeCount: Int
    /// libxml2's attribute array: five pointers per attribute (local name, prefix, URI, value
    /// start, value end).
    let rawAttributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// libxml2's NUL-terminated namespace URI, or `nil`.
    let namespaceURI: UnsafePointer<UInt8>?

    init(
        nameBytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int, attributeCount: Int,
        rawAttributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        namespaceURI: UnsafePointer<UInt8>? = nil
    ) {
        self.nameBytes = nameBytes
        self.namespaceURI = namespaceURI
        self.line = line
        self.column = column
        self.attributeCount = rawAttributes == nil ? 0 : attributeCount
        self.rawAttributes = rawAttributes
    }

    // MARK: - API

    /// The element's local name as a string.
    public var name: String { String(decoding: nameBytes, as: UTF8.self) }

    /// The element's namespace URI, or `nil` when it is in no namespace.
    public var namespace: String? {
        namespaceBytes.isEmpty ? nil : String(decoding: namespaceBytes, as: UTF8.self)
    }

    /// The attributes in document order, decoded. Built on each call: ask once per tag.
    public var attributes: [XMLAttribute] {
        guard let rawAttributes else { return [] }
        return (0..<attributeCount).map { index in
            let base = index * 5
            let name = rawAttributes[base].map { String(cString: $0) } ?? ""
            let prefix = rawAttributes[base + 1].map { String(cString: $0) }
            var value = ""
            if let start = rawAttributes[base + 3], let end = rawAttributes[base + 4] {
                value = XMLStartTag.decodedValue(UnsafeBufferPointer(start: start, count: end - start))
            }
            return XMLAttribute(name: name, prefix: prefix, value: value)
        }
    }

    /// The value of the attribute with this local name, or `nil`.
    ///
    /// - Parameter name: the local name, such as `Ccy`.
    /// - Returns: the decoded value of the first attribute so named.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The value of the attribute with this local name, or `nil`; compares bytes, decoding only
    /// the value found.
    ///
    /// - Parameter localName: the local name in UTF-8, such as `Array("Ccy".utf8)`.
    /// - Returns: the decoded value of the first attribute so named.
    public func attribute(localName: [UInt8]) -> String? {
        guard let rawAttributes else { return nil }
        for index in 0..<attributeCount {
            let base = index * 5
            guard let name = rawAttributes[base], XMLStartTag.isNamed(name, localName) else { continue }
            guard let start = rawAttributes[base + 3], let end = rawAttributes[base + 4] else { return "" }
            return XMLStartTag.decodedValue(UnsafeBufferPointer(start: start, count: end - start))
        }
        return nil
    }

    // MARK: - Private helpers

    /// Whether the NUL-terminated `name` is exactly `expected`.
    private static func isNamed(_ name: UnsafePointer<UInt8>, _ expected: [UInt8]) -> Bool {
        for (offset, byte) in expected.enumerated() where name[offset] != byte { return false }
        return name[expected.count] == 0
    }

    /// libxml2 2.9 leaves `&amp;` in an attribute value as `&#38;` when entities are not
    /// substituted (so that its own tree builder can tell it from an entity reference); no other
    /// reference survives, because undeclared entities are errors.
    private static func decodedValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&#38;", with: "&")
    }
}

/// Valid only during the callback on the reading thread.
@available(*, unavailable)
extension XMLStartTag: Sendable {}
