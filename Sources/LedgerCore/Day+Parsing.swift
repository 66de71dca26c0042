extension Day {
    /// Reads an ISO 8601 calendar day, `YYYY-MM-DD`, strictly.
    ///
    /// - Throws: ``CoreError`` with reason `.notADay` for any other text or a day that does not
    ///   exist (`2024-02-30` is refused, never moved to March 1).
    public static func parse(_ text: some StringProtocol, at location: SourceLocation) throws(CoreError) -> Day {
        guard let day = Day(iso: text) else {
            throw CoreError(.notADay(found: String(text), expected: "a day as YYYY-MM-DD"), at: location)
        }
        return day
    }

    /// Reads `YYYY-MM-DD`, or returns `nil`.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Day.number(bytes[0..<4]), let month = Day.number(bytes[5..<7]),
            let day = Day.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Reads `YYYYMMDD`, or returns `nil`.
    public init?(compact bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count == 8, let year = Day.number(bytes[0..<4]), let month = Day.number(bytes[4..<6]),
            let day = Day.number(bytes[6..<8])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The value of a run of ASCII digits, or `nil` if any byte is not a digit.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
