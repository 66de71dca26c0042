import LedgerCore

/// Bad OFX input, located at the element (or byte) where it was found.
///
/// Its description is a compiler-style diagnostic:
///
///     jan.ofx:214:9: error: <TRNAMT> "12,3.4" is not an amount; expected digits with one '.'
public struct OFXError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The file has no `<OFX>` element where one was expected (not OFX, or only a header).
        case notOFX
        /// The file ends before the element that was open is closed (`</OFX>` never came).
        case truncated(open: String)
        /// A required element is missing from an aggregate (`<STMTTRN>` without `<TRNAMT>`).
        case missingElement(element: String, in: String)
        /// An element's text is not an amount.
        case notAnAmount(element: String, found: String)
        /// An amount has more decimals than its currency allows.
        case tooPrecise(element: String, found: String, currency: String, digits: Int)
        /// An amount does not fit in 64 bits of minor units.
        case amountOverflow(element: String, found: String)
        /// An element's text is not an OFX date or datetime (or names a day that does not exist).
        case notADate(element: String, found: String)
        /// A currency code that is not ISO 4217.
        case unknownCurrency(element: String, found: String)
        /// A code that could name a commodity but is neither ISO 4217 nor declared in the ledger.
        case undeclaredCommodity(element: String, found: String)
        /// `--account` names one ledger account but the file holds statements for several.
        case accountOptionWithSeveralAccounts(first: String, second: String)
        /// An OFX 2 file declares a document type; DTDs and their entities are never processed.
        case doctypeRefused
        /// libxml2 found the OFX 2 file not well-formed; the text is libxml2's message.
        case malformedXML(String)
        /// A tag, comment or value runs on for more than `limit` bytes without the next tag.
        case elementTooLong(element: String, limit: Int)
        /// A `CORRECTACTION` that is neither `REPLACE` nor `DELETE`, or one without `CORRECTFITID`.
        case badCorrection(found: String)
        /// A whole OFX document with no statement in it; `serverStatus` is the first `<STATUS>`
        /// whose code is not 0 (`ERROR 2000: General error`), when there is one.
        case noStatement(serverStatus: String?)
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// What was found and what was expected.
    public var message: String {
        switch reason {
        case .notOFX:
            return "no <OFX> element; expected an OFX 1.x header and <OFX>, or <?xml ...?> and <?OFX ...?>"
        case .truncated(let open):
            return "the file ends inside <\(open)>; expected its end tag and </OFX> (truncated download?)"
        case .missingElement(let element, let parent):
            return "<\(parent)> has no <\(element)>; expected one, as the OFX specification requires"
        case .notAnAmount(let element, let found):
            return "<\(element)> \"\(found)\" is not an amount; expected digits with one '.'"
        case .tooPrecise(let element, let found, let currency, let digits):
            return "<\(element)> \"\(found)\" has more decimals than \(currency) allows; expected at most \(digits)"
        case .amountOverflow(let element, let found):
            return "<\(element)> \"\(found)\" is too large; expected \(Money.largestAmountText)"
        case .notADate(let element, let found):
            return
                "<\(element)> \"\(found)\" is not a date; expected YYYYMMDD, optionally HHMMSS, .XXX and [offset:TZ], naming a real day"
        case .unknownCurrency(let element, let found):
            return "<\(element)> \"\(found)\" is not a currency; expected an ISO 4217 code such as USD"
        case .undeclaredCommodity(let element, let found):
            return CoreError(.undeclaredCommodity(found: found), at: location, field: "<\(element)>").message
        case .accountOptionWithSeveralAccounts(let first, let second):
            return
                "--account names one ledger account, but this file holds statements for \(first) and \(second); expected a file with one account, or no --account"
        case .doctypeRefused:
            return
                "<!DOCTYPE> refused; OFX 2 files need no DTD, and DTD entities could read local files or expand without bound"
        case .malformedXML(let detail):
            return "the OFX 2 (XML) body is not well-formed: \(detail)"
        case .elementTooLong(let element, let limit):
            return
                "\(element) runs on for more than \(limit) bytes without another tag; expected a value of at most that"
        case .badCorrection(let found):
            return "<CORRECTACTION> \"\(found)\" is not a correction; expected REPLACE or DELETE with a <CORRECTFITID>"
        case .noStatement(let status):
            let expected = "expected a bank, card or investment statement (<STMTRS>, <CCSTMTRS> or <INVSTMTRS>)"
            guard let status else { return "the file holds no statement; \(expected)" }
            return "the file holds no statement, and the server answered \(status); \(expected)"
        }
    }
}
