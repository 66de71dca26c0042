import LedgerCore

/// Bad input in a feed: a file, a JSON path inside it and what was wrong.
///
/// Its description reads like a compiler diagnostic:
///
///     transactions/A1/000000000007.json:12:22: error: $.inserted[3].creditDebitIndicator: "sideways"
///     is not an indicator; expected "credit" or "debit"
///
/// The path is JSONPath-like (`$` is the batch or manifest object); it is `nil` when the problem
/// is the file itself (a name, a size, a symbolic link).
public struct FeedError: LocatedError, Hashable {
    /// Why the feed was refused.
    public enum Reason: Sendable, Hashable {
        /// The bytes are not JSON; the text says where the grammar broke.
        case notJSON(String)
        /// A required field is absent (or `null`).
        case missingField(String)
        /// A field holds the wrong kind of JSON value.
        case wrongType(found: String, expected: String)
        /// A field holds a value outside what the format allows.
        case invalidValue(found: String, expected: String)
        /// An amount, currency or day that LedgerCore refused.
        case core(CoreError.Reason)
        /// An amount written with a minus sign.
        case negativeAmount(found: String)
        /// A `creditDebitIndicator` other than `credit` or `debit`.
        case unknownIndicator(found: String)
        /// A transaction `status` FinanceKit does not have.
        case unknownStatus(found: String)
        /// A date that is not ISO 8601 with a day, a time and a zone.
        case notADate(found: String)
        /// `feed.json` does not describe a feed this reader understands.
        case unsupportedFeed(String)
        /// A file in a stream folder whose name is not a 12-digit sequence number and `.json`.
        case badBatchName(found: String)
        /// A stream's sequence numbers skip one.
        case sequenceGap(after: Int, next: Int)
        /// A stream's batches are not in strictly increasing order (JSON Lines form).
        case sequenceNotIncreasing(previous: Int, found: Int)
        /// A batch that says it belongs somewhere else than where it was found.
        case misplacedBatch(found: String, expected: String)
        /// A symbolic link that leads outside the feed folder.
        case linkOutsideFeed(target: String)
        /// A batch file larger than the reader accepts.
        case fileTooLarge(bytes: Int, limit: Int)
        /// A JSON Lines line longer than the reader accepts.
        case lineTooLong(limit: Int)
        /// A FIFO, a device, a socket or a folder where a file was expected: refused without
        /// reading, since opening a FIFO for reading blocks until a writer comes.
        case notRegularFile(found: String, expected: String)
        /// The file system refused a read.
        case unreadable(String)
    }

    public var location: SourceLocation
    /// Where inside the JSON (`$.inserted[3].transactionAmount.amount`), when known.
    public var jsonPath: String?
    public var reason: Reason

    /// Creates an error.
    public init(_ reason: Reason, at location: SourceLocation, jsonPath: String? = nil) {
        self.reason = reason
        self.location = location
        self.jsonPath = jsonPath
    }

    /// The file the error is in.
    public var file: String { location.file }

    public var message: String {
        let prefix = jsonPath.map { "\($0): " } ?? ""
        return prefix + reasonText
    }

    private var reasonText: String {
        switch reason {
        case .notJSON(let text): return "not valid JSON: \(text)"
        case .missingField(let name): return "missing \"\(name)\""
        case .wrongType(let found, let expected): return "found \(found); expected \(expected)"
        case .invalidValue(let found, let expected): return "\(found) is not allowed here; expected \(expected)"
        case .core(let reason): return CoreError(reason, at: location).message
        case .negativeAmount(let found):
            return "\"\(found)\" is negative; expected a positive amount (the indicator gives the direction)"
        case .unknownIndicator(let found):
            return "\"\(found)\" is not an indicator; expected \"credit\" or \"debit\""
        case .unknownStatus(let found):
            return "\"\(found)\" is not a status; expected authorized, booked, memo, pending or rejected"
        case .notADate(let found):
            return "\"\(found)\" is not a date; expected ISO 8601 such as 2024-01-15T10:30:00Z, "
                + "2024-01-15T10:30:00+01:00 or 2024-01-15"
        case .unsupportedFeed(let text): return text
        case .badBatchName(let found):
            return "\"\(found)\" is not a batch file name; expected 12 digits and .json, such as 000000000001.json"
        case .sequenceGap(let after, let next):
            return "batch \(next) follows batch \(after); expected \(after + 1) (a sequence number is missing)"
        case .sequenceNotIncreasing(let previous, let found):
            return "batch \(found) comes after batch \(previous); expected strictly increasing sequence numbers"
        case .misplacedBatch(let found, let expected): return "found \(found); expected \(expected)"
        case .linkOutsideFeed(let target):
            return "a symbolic link to \(target), outside the feed folder; expected files inside the feed"
        case .fileTooLarge(let bytes, let limit):
            return "the file has \(bytes) bytes; a batch may have at most \(limit)"
        case .lineTooLong(let limit): return "the line is longer than \(limit) bytes, the most a batch may have"
        case .notRegularFile(let found, let expected):
            return "the file is \(found), not a regular file; expected \(expected)"
        case .unreadable(let text): return "cannot read: \(text)"
        }
    }
}
