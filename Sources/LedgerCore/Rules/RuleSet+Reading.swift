extension RuleSet {
    /// The keys a rule's `when` may hold.
    public static let conditionKeys = [
        "account", "description", "payee", "memo", "amount", "direction", "currency", "weekday", "dayOfMonth",
        "format", "mapping",
    ]

    /// Reads a rules file's bytes, compiling every pattern.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents (UTF-8, a byte-order mark allowed).
    ///   - path: the file's path, for locations.
    /// - Throws: the first ``RuleError`` in file order, at its line and column (``problems(json:path:)``
    ///   lists them all).
    public init(json bytes: [UInt8], path: String) throws(RuleError) {
        let (set, problems) = Self.read(json: bytes, path: path)
        guard let set, problems.isEmpty else {
            throw problems.first ?? RuleError(.invalid("the rules file can't be read"), at: .file(path))
        }
        self = set
    }

    /// Every problem in a rules file, in file order; empty when it is valid.
    public static func problems(json bytes: [UInt8], path: String) -> [RuleError] {
        read(json: bytes, path: path).1
    }

    static func read(json bytes: [UInt8], path: String) -> (RuleSet?, [RuleError]) {
        let root: JSONValue
        do {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            root = try JSONParser.parse(bytes, range: start..<max(start, bytes.count))
        } catch {
            return (
                nil,
                [
                    RuleError(
                        .invalid(error.reason), at: SourceLocation(file: path, line: error.line, column: error.column))
                ]
            )
        }
        var reader = RuleFileReader(file: path)
        let rules = reader.rules(from: root)
        let problems = reader.problems.sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
        return (problems.isEmpty ? RuleSet(rules: rules, file: path) : nil, problems)
    }
}

extension RuleSet {
    /// Whether text is a tag: a letter or digit, then letters, digits, `_`, `.`, `/` or `-`.
    public static func isTag(_ text: String) -> Bool { RuleFileReader.isTag(text) }
}
