import LedgerCore

/// A `:25:` account identification: an IBAN (`DE89370400440532013000`), a bank code and account
/// number (`37040044/0532013000`), or an account number alone, sometimes with a leading `/` or a
/// trailing currency code (`NL91ABNA0417164300EUR`), as banks write it.
struct MT940Account: Hashable {
    /// The bank code before a `/`, when given.
    var bankCode: String?
    /// The account number or IBAN, spaces removed.
    var number: String

    /// Reads a `:25:` value.
    init(_ field: MT940Field) throws(MT940Error) {
        let first = field.firstLine
        var text = MT940Text.decode(first).filter { $0 != " " }
        while text.hasPrefix("/") { text.removeFirst() }
        var bank: String?
        if let slash = text.lastIndex(of: "/") {
            bank = String(text[..<slash])
            text = String(text[text.index(after: slash)...])
        }
        // A trailing currency code after the digits (`…4300EUR`).
        let letters = text.reversed().prefix { $0.isLetter }.count
        if letters == 3, text.count > 3, text.dropLast(3).last?.isNumber == true,
            Currency(code: String(text.suffix(3))) != nil
        {
            text.removeLast(3)
        }
        guard !text.isEmpty else {
            throw MT940Error(
                .badField(
                    tag: field.label, found: MT940Text.decode(first),
                    expected: "an account: an IBAN, or bank code/account number"),
                at: field.location)
        }
        bankCode = bank.flatMap { $0.isEmpty ? nil : $0 }
        number = text
    }

    /// The number masked for people: `••••3000`.
    var maskedNumber: String { AccountReference.mask(number) }

    /// The ledger name before any collision suffix: `MT940 ••••3000`, with the bank code when
    /// given (`MT940 37040044 ••••3000`).
    var name: String {
        guard let bankCode else { return "MT940 \(maskedNumber)" }
        return "MT940 \(bankCode) \(maskedNumber)"
    }

    /// Four hex digits of a stable hash, to tell apart two accounts whose masked names collide.
    var shortHash: String {
        var hash = FNV1a()
        hash.combine(utf8: "\(bankCode ?? "")\u{1F}\(number)")
        let hex = String(hash.value & 0xFFFF, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}
