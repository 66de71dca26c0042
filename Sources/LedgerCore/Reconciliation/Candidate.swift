/// One possible cause of a discrepancy, offered to the person, never applied.
public struct Candidate: Sendable, Hashable {
    /// What kind of mistake would explain the gap.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Two rows look like the same transaction stored twice; dropping one closes the gap.
        case duplicate
        /// A row whose direction, reversed, closes the gap (its amount is half the discrepancy).
        case flippedDirection
        /// Pending rows whose amounts sum to the gap: the statement has booked them already.
        case pendingStatus
        /// A row whose amount, with two neighbouring digits swapped, closes the gap.
        case transposedDigits
        /// The first day the ledger's running balance departs from the statement's.
        case divergence
        /// A row whose amount equals the gap: an extra row, or the twin of a missing one.
        case amountMatch
        /// Two rows whose amounts together equal the gap.
        case pair

        /// Lower ranks first: specific explanations before locators before coincidences.
        var rank: Int {
            switch self {
            case .duplicate: return 0
            case .flippedDirection: return 1
            case .pendingStatus: return 2
            case .transposedDigits: return 3
            case .divergence: return 4
            case .amountMatch: return 5
            case .pair: return 6
            }
        }
    }

    /// The kind of mistake.
    public var kind: Kind
    /// How much of the discrepancy this candidate explains, in signed minor units.
    public var explains: Int64
    /// The ledger transactions involved, by id.
    public var transactions: [Int64]
    /// The day it points at.
    public var day: Day?
    /// One sentence for the person (amounts in minor units are formatted by the caller's note).
    public var note: String

    /// Creates a candidate.
    public init(kind: Kind, explains: Int64, transactions: [Int64], day: Day?, note: String) {
        self.kind = kind
        self.explains = explains
        self.transactions = transactions
        self.day = day
        self.note = note
    }
}

/// What the diagnostics found for one discrepancy.
public struct Diagnosis: Sendable, Hashable {
    /// The first day the ledger departs from the statement's balances, when the statement gave any.
    public var divergesOn: Day?
    /// The candidates, best first.
    public var candidates: [Candidate]

    /// Creates a diagnosis.
    public init(divergesOn: Day?, candidates: [Candidate]) {
        self.divergesOn = divergesOn
        self.candidates = candidates
    }

    /// No candidates and no divergence.
    public static let none = Diagnosis(divergesOn: nil, candidates: [])
}
