import LedgerCore

/// Bad camt input, located at the element where it was found.
///
/// Its description is a compiler-style diagnostic:
///
///     march.xml:41:11: error: <Amt> "12,50" is not an amount; expected digits with one '.'
public struct CamtError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The document's root is not an ISO 20022 `<Document>` (`found` is what it is).
        case notCamt(found: String)
        /// An ISO 20022 document whose message this adapter does not read (a camt.056, a pain.001).
        case unsupportedMessage(found: String)
        /// A camt message with none of the statements, reports or notifications it must hold.
        case noStatement(container: String, expected: String)
        /// A required element is missing (`<Ntry>` without `<Amt>`).
        case missingElement(element: String, in: String)
        /// An element's text is not what the schema allows (`found`), with what was expected.
        case badValue(element: String, found: String, expected: String)
        /// An amount that is not exact in its currency, too large, or negative.
        case badAmount(element: String, detail: String)
        /// An entry or balance amount in another currency than the account's.
        case currencyMismatch(element: String, found: String, account: String)
        /// `--account` names one ledger account but the file holds statements for several.
        case accountOptionWithSeveralAccounts(first: String, second: String)
        /// An element's text runs on past `limit` bytes (no camt value comes near it).
        case elementTooLong(limit: Int)
        /// The document declares a document type; DTDs and their entities are never processed.
        case doctypeRefused
        /// libxml2 found the document not well-formed; the text is libxml2's message.
        case malformedXML(String)
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
        case .notCamt(let found):
            return
                "the document is \(found); expected an ISO 20022 <Document> in namespace "
                + "urn:iso:std:iso:20022:tech:xsd:camt.052, .053 or .054 (.001.02 to .001.13)"
        case .unsupportedMessage(let found):
            return
                "\(found) is not read; expected <BkToCstmrStmt> (camt.053), <BkToCstmrAcctRpt> (camt.052) "
                + "or <BkToCstmrDbtCdtNtfctn> (camt.054), versions .001.02 to .001.13"
        case .noStatement(let container, let expected):
            return "<\(container)> holds no <\(expected)>; expected at least one"
        case .missingElement(let element, let parent):
            return "<\(parent)> has no <\(element)>; expected one"
        case .badValue(let element, let found, let expected):
            return "<\(element)> \(quotedExcerpt(found)) is not valid; expected \(expected)"
        case .badAmount(let element, let detail):
            return "<\(element)> \(detail)"
        case .currencyMismatch(let element, let found, let account):
            return "<\(element)> is in \(found) but the account is in \(account); expected the account's currency"
        case .accountOptionWithSeveralAccounts(let first, let second):
            return
                "--account names one account but the file holds statements for \(first) and \(second); "
                + "expected a file of one account"
        case .elementTooLong(let limit):
            return "an element's text runs on past \(limit) bytes; expected a camt value, which is far shorter"
        case .doctypeRefused:
            return
                "<!DOCTYPE> refused; DTDs are never read, because their entities could read local files or expand without bound"
        case .malformedXML(let detail):
            return "the XML is not well-formed: \(detail)"
        }
    }
}
