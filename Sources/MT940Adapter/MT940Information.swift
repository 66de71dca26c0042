/// A `:86:` field (information to the account owner) read into a description, a payee and a memo.
///
/// Three layouts are told apart by their first characters:
///
/// - **Subfields** (German DFÜ/DK, Polish): a three-digit transaction code (GVC) and then
///   subfields `?NN` (`<NN`, `^NN` or `~NN` in Polish files): `?00` booking text, `?20`–`?29` and
///   `?60`–`?63` purpose, `?30` bank code, `?31` account, `?32`/`?33` counterparty name. A SEPA
///   purpose carries keywords (`EREF+`, `MREF+`, `KREF+`, `SVWZ+`, `ABWA+`, …) that the bank cuts
///   at fixed width across subfields (`?21SVWZ+Miete Jan?22uar`), so the pieces are joined
///   without a space before the keywords are found; a purpose without keywords (and a name
///   over `?32`/`?33`) joins a piece of the full 27 characters to the next without a space, a
///   shorter one with a space.
/// - **Dutch** (`/TRTP/…/NAME/…/REMI/…/EREF/…/`): keyword and value pairs between slashes.
/// - **Plain text**: the lines joined, without a space where a line was cut at the full SWIFT width
///   of 65 characters, with one otherwise.
///
/// The description is the purpose (`SVWZ+`, `REMI`, the plain text), else the booking text; the
/// payee is the counterparty's name; the memo keeps the booking text, the SEPA references
/// (end-to-end `EREF+`, mandate `MREF+`, customer `KREF+`, ultimate party `ABWA+`) and the
/// counterparty's account.
struct MT940Information {
    /// The purpose, or the booking text when there is none.
    var description: String
    /// The counterparty's name, when given.
    var payee: String?
    /// Booking text, references and counterparty account, `; `-separated.
    var memo: [String]

    /// The SEPA purpose keywords, in the order the memo lists their values.
    static let sepaKeywords = [
        "EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+", "COAM+", "OAMT+", "PURP+", "IBAN+",
        "BIC+",
    ]
    /// The keywords of the Dutch layout (ING, Rabobank, ABN AMRO).
    static let dutchKeywords: Set<String> = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "MARF", "CSID", "ORDP", "BENM", "CNTP", "RTRN", "ISDT", "PREF",
        "SVCL", "ULTC", "ULTD", "ULTB", "PURP", "ID", "ADDR", "FX", "CHGS", "EXCH", "OCMT", "ACCW", "BUSP",
    ]

    /// Reads a field's value: its lines, already decoded.
    init(lines: [String]) {
        let tight = lines.joined()
        let start = Array(tight.utf8.prefix(5))
        if start.count >= 4, start[0...2].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            MT940Information.separators.contains(start[3])
        {
            self = MT940Information(subfields: tight, separator: start[3])
        } else if let first = start.first, MT940Information.separators.contains(first), start.count >= 3,
            start[1...2].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        {
            self = MT940Information(subfields: tight, separator: first)
        } else if tight.hasPrefix("/"), MT940Information.looksDutch(tight) {
            self = MT940Information(dutch: tight)
        } else {
            var text = ""
            // The first line shares its 65 characters with the tag `:86:`.
            var previousLength = 0
            for (number, line) in lines.enumerated() {
                if !text.isEmpty, previousLength < 65 { text += " " }
                text += line.trimmingSpaces
                previousLength = line.utf8.count + (number == 0 ? 4 : 0)
            }
            self.init(description: text.trimmingSpaces, payee: nil, memo: [])
        }
    }

    init(description: String, payee: String?, memo: [String]) {
        self.description = description
        self.payee = payee
        self.memo = memo
    }

    // MARK: - Private helpers

    private static let separators: Set<UInt8> = [
        UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: "^"), UInt8(ascii: "~"),
    ]

    /// The German/Polish layout.
    private init(subfields text: String, separator: UInt8) {
        var fields: [(code: Int, text: Substring)] = []
        let utf8 = Array(text.utf8)
        var index = 0
        var contentStart = 0
        var code = -1
        func close(at end: Int) {
            if code >= 0 {
                fields.append((code, Substring(String(decoding: utf8[contentStart..<end], as: UTF8.self))))
            }
        }
        while index < utf8.count {
            if utf8[index] == separator, index + 2 < utf8.count,
                let number = MT940Value.number(utf8[(index + 1)...(index + 2)])
            {
                close(at: index)
                code = number
                contentStart = index + 3
                index += 3
                continue
            }
            index += 1
        }
        close(at: utf8.count)

        let bookingText = fields.filter { $0.code == 0 }.map { String($0.text) }.joined().trimmingSpaces
        let purposePieces = fields.filter { (20...29).contains($0.code) || (60...63).contains($0.code) }.map(\.text)
        let namePieces = fields.filter { $0.code == 32 || $0.code == 33 }.map(\.text)
        // ?38 (Polish files) is the counterparty's IBAN; ?31 its account number.
        let accountField = fields.first { $0.code == 38 } ?? fields.first { $0.code == 31 }
        let account = accountField.map { String($0.text).trimmingSpaces } ?? ""
        let bank = fields.first { $0.code == 30 }.map { String($0.text).trimmingSpaces } ?? ""

        var memo: [String] = []
        if !bookingText.isEmpty { memo.append(bookingText) }
        var description: String
        let tight = purposePieces.joined()
        if let sepa = MT940Information.sepaValues(tight) {
            description = sepa.values["SVWZ+"] ?? sepa.lead
            for keyword in MT940Information.sepaKeywords where keyword != "SVWZ+" {
                if let value = sepa.values[keyword] { memo.append(keyword + value) }
            }
        } else {
            description = MT940Information.joined(purposePieces).trimmingSpaces
        }
        if description.isEmpty { description = bookingText }
        let name = MT940Information.joined(namePieces).trimmingSpaces
        let counterparty = [account, bank].filter { !$0.isEmpty }.joined(separator: " ")
        if !counterparty.isEmpty { memo.append("account " + counterparty) }
        self.init(description: description, payee: name.isEmpty ? nil : name, memo: memo)
    }

    /// The Dutch layout.
    private init(dutch text: String) {
        var values: [(key: String, value: String)] = []
        var key: String?
        var parts: [Substring] = []
        func close() {
            if let key { values.append((key, parts.joined(separator: "/").trimmingSpaces)) }
        }
        let tokens = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for token in tokens {
            if MT940Information.dutchKeywords.contains(String(token)) {
                close()
                key = String(token)
                parts = []
            } else {
                parts.append(token)
            }
        }
        close()
        var strippedValues: [String: String] = [:]
        for (key, value) in values where strippedValues[key] == nil {
            var trimmed = Substring(value)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            strippedValues[key] = String(trimmed).trimmingSpaces
        }
        var remittance = strippedValues["REMI"] ?? ""
        // ING: /REMI/USTD//free text/ or /REMI/STRD/CUR/structured reference/.
        for prefix in ["USTD//", "STRD/CUR/", "USTD/", "STRD/"] where remittance.hasPrefix(prefix) {
            remittance = String(remittance.dropFirst(prefix.count))
            break
        }
        var payee = strippedValues["NAME"] ?? ""
        var account = strippedValues["IBAN"] ?? ""
        if let counterparty = strippedValues["CNTP"] {
            // ING: /CNTP/IBAN/BIC/name/city/.
            let pieces = counterparty.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if payee.isEmpty, pieces.count > 2 { payee = pieces[2].trimmingSpaces }
            if account.isEmpty, let first = pieces.first { account = first.trimmingSpaces }
        }
        let transactionType = strippedValues["TRTP"] ?? ""
        var memo: [String] = []
        if !transactionType.isEmpty { memo.append(transactionType) }
        if let reference = strippedValues["EREF"], !reference.isEmpty { memo.append("EREF+" + reference) }
        if let mandate = strippedValues["MARF"], !mandate.isEmpty { memo.append("MREF+" + mandate) }
        if let creditor = strippedValues["CSID"], !creditor.isEmpty { memo.append("CRED+" + creditor) }
        if !account.isEmpty {
            let bic = strippedValues["BIC"].map { " " + $0 } ?? ""
            memo.append("account " + account + bic)
        }
        let description = remittance.isEmpty ? transactionType : remittance
        self.init(description: description, payee: payee.isEmpty ? nil : payee, memo: memo)
    }

    /// Subfield pieces joined: a piece of the full 27 characters was cut by width and goes on
    /// in the next without a space; a shorter one ended a line, and a space follows it.
    private static func joined(_ pieces: [Substring]) -> String {
        var text = ""
        var previousLength = 0
        for piece in pieces {
            if !text.isEmpty, previousLength < 27, !piece.hasPrefix(" "), !text.hasSuffix(" ") { text += " " }
            text += piece
            previousLength = piece.count
        }
        return text
    }

    private static func looksDutch(_ text: String) -> Bool {
        let tokens = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: true)
        guard let first = tokens.first else { return false }
        return dutchKeywords.contains(String(first))
    }

    /// The text before the first SEPA keyword and each keyword's value, or `nil` when the text
    /// has no keyword.
    private static func sepaValues(_ text: String) -> (lead: String, values: [String: String])? {
        let utf8 = Array(text.utf8)
        var marks: [(offset: Int, keyword: String)] = []
        var index = 0
        while index + 4 <= utf8.count {
            if utf8[index] >= UInt8(ascii: "A"), utf8[index] <= UInt8(ascii: "Z") {
                for keyword in sepaKeywords {
                    let bytes = Array(keyword.utf8)
                    if index + bytes.count <= utf8.count, Array(utf8[index..<(index + bytes.count)]) == bytes {
                        marks.append((index, keyword))
                        index += bytes.count - 1
                        break
                    }
                }
            }
            index += 1
        }
        guard let first = marks.first else { return nil }
        var values: [String: String] = [:]
        for (position, mark) in marks.enumerated() {
            let start = mark.offset + mark.keyword.utf8.count
            let end = position + 1 < marks.count ? marks[position + 1].offset : utf8.count
            let value = String(decoding: utf8[start..<end], as: UTF8.self).trimmingSpaces
            if values[mark.keyword] == nil { values[mark.keyword] = value }
        }
        let lead = String(decoding: utf8[0..<first.offset], as: UTF8.self).trimmingSpaces
        return (lead, values)
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
