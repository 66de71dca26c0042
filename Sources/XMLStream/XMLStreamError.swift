import LedgerCore

/// XML input refused by ``XMLStreamReader``, located where libxml2 or the reader found it.
///
/// Its description is a compiler-style diagnostic:
///
///     statement.xml:12:7: error: the XML is not well-formed: Opening and ending tag mismatch: Ntry line 9 and Amt
public struct XMLStreamError: LocatedError, Hashable {
    /// Why the input was refused.
    public enum Reason: Sendable, Hashable {
        /// The document declares a document type; DTDs and their entities are never processed.
        case doctypeRefused
        /// libxml2 found the document not well-formed (including undeclared entities, bad
        /// UTF-8 and unknown encodings); the text is libxml2's message.
        case malformed(String)
        /// libxml2 could not be set up (out of memory); the text says which step.
        case parserUnavailable(String)
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
        case .doctypeRefused:
            return
                "<!DOCTYPE> refused; DTDs are never read, because their entities could read local files or expand without bound"
        case .malformed(let detail):
            return "the XML is not well-formed: \(detail)"
        case .parserUnavailable(let step):
            return "libxml2 could not start: \(step)"
        }
    }
}
