/// One attribute of a start tag, decoded.
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute's local name (`Ccy` in `Ccy="EUR"`, `lang` in `xml:lang`).
    public var name: String
    /// The namespace prefix as written (`xml` in `xml:lang`), or `nil`.
    public var prefix: String?
    /// The value, with references decoded and whitespace normalised as XML requires.
    public var value: String

    /// Creates an attribute.
    public init(name: String, prefix: String? = nil, value: String) {
        self.name = name
        self.prefix = prefix
        self.value = value
    }
}
