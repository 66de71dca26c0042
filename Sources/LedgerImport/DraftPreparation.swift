import LedgerCore

/// A draft checked against its source's declarations, with its identity worked out.
struct PreparedDraft: Sendable {
    var draft: Draft
    /// ``Draft/fingerprint``.
    var fingerprint: Int64
    /// The draft's occurrence number among records of its account with the same fingerprint in
    /// this source (1 for a draft with an id of its own).
    var occurrence: Int
}

/// An adapter's event after preparation: drafts carry their identity, the rest pass through.
enum PreparedEvent: Sendable {
    case draft(PreparedDraft)
    /// A run of a dry run's drafts, checked on the reading thread: only their count crosses, so
    /// each draft is built and freed on one thread.
    case checked(Int)
    case other(AdapterEvent)
}

extension Array where Element == PreparedEvent {
    /// Moves the event at `index` out of the array, leaving an empty run of checked drafts in its
    /// place: the writing thread takes each draft of a chunk without copying it.
    mutating func take(at index: Int) -> PreparedEvent {
        var taken = PreparedEvent.checked(0)
        swap(&taken, &self[index])
        return taken
    }
}

/// The per-source work that needs no database: validating drafts against the accounts the
/// source declared, fingerprinting them, and counting occurrences of identical records.
///
/// It runs on the reading thread, beside the adapter, so that the writing thread only binds and
/// steps.
///
/// A dry run, which stores nothing, only validates: ``checkDraft(_:)`` before ``prepare(_:)``.
struct DraftPreparation {
    private var declared: [String: AccountReference] = [:]
    private var occurrences: [OccurrenceKey: Int32] = [:]
    private var accountNumbers: [String: Int32] = [:]
    /// The account name of the last draft validated, which passed the name's checks, and its
    /// account's currency (drafts come in runs of one account).
    private var lastAccount: String?
    private var lastCurrency: Currency?
    /// The account of the last draft numbered for ``occurrences``, and its number.
    private var lastNumbered: (name: String, number: Int32)?

    /// Checks one event of a dry run when it is a draft: the draft is freed where it was built.
    /// (Binding it out of the event copies it: ``check(draft:)`` takes a draft handed over alone.)
    ///
    /// - Returns: whether the event was a draft (other events go through ``prepare(_:)``).
    /// - Throws: as ``prepare(_:)``.
    mutating func checkDraft(_ event: borrowing AdapterEvent) throws -> Bool {
        switch event {
        case .draft(let draft):
            try validate(draft)
            return true
        default:
            return false
        }
    }

    /// Prepares one event.
    ///
    /// - Throws: ``ImportError`` for a draft naming an undeclared account, ``CoreError`` for one
    ///   that fails validation.
    mutating func prepare(_ event: AdapterEvent) throws -> PreparedEvent {
        switch event {
        case .account(let reference):
            declared[reference.name] = reference
            lastAccount = nil
            return .other(event)
        case .draft(let draft):
            return try prepare(draft: draft)
        default:
            return .other(event)
        }
    }

    /// Prepares a draft handed over by itself (``DraftReader/drafts(from:emit:draft:)``), as ``prepare(_:)`` does
    /// a draft's event.
    ///
    /// - Throws: as ``prepare(_:)``.
    mutating func prepare(draft: consuming Draft) throws -> PreparedEvent {
        try validate(draft)
        let fingerprint = draft.fingerprint
        var occurrence = 1
        if draft.externalID == nil {
            let key = OccurrenceKey(account: number(forAccount: draft.account), fingerprint: fingerprint)
            // One look-up of the key, counted in place (a read, then a write, looked it up twice).
            occurrence = Int(Self.increment(&occurrences[key, default: 0]))
        }
        return .draft(PreparedDraft(draft: draft, fingerprint: fingerprint, occurrence: occurrence))
    }

    /// Checks a draft handed over by itself, where it is (a dry run's ``checkDraft(_:)``).
    ///
    /// - Throws: as ``prepare(_:)``.
    mutating func check(draft: borrowing Draft) throws {
        try validate(draft)
    }

    /// Checks a draft against its account's declaration.
    private mutating func validate(_ draft: borrowing Draft) throws {
        // Compare with the last draft's account bytes before hashing the name: the same bytes
        // passed the name's checks then.
        if lastAccount?.hasSameUTF8(as: draft.account) ?? false {
            try draft.validate(accountCurrency: lastCurrency, accountNameChecked: true)
            return
        }
        guard let found = declared[draft.account] else {
            throw ImportError(.undeclaredAccount(draft.account), at: draft.location)
        }
        lastAccount = nil
        lastCurrency = found.currency
        try draft.validate(accountCurrency: lastCurrency)
        lastAccount = draft.account
    }

    /// Adds one to a count and answers the new count.
    private static func increment(_ count: inout Int32) -> Int32 {
        count += 1
        return count
    }

    private mutating func number(forAccount name: String) -> Int32 {
        // The last account's number is reused while the name's bytes stay the same: hashing a
        // name that isn't ASCII normalises it, for every row.
        if let last = lastNumbered, last.name.hasSameUTF8(as: name) { return last.number }
        let number: Int32
        if let known = accountNumbers[name] {
            number = known
        } else {
            number = Int32(accountNumbers.count + 1)
            accountNumbers[name] = number
        }
        lastNumbered = (name, number)
        return number
    }
}

/// Identity among identical records of one source: the account and the draft's fingerprint.
private struct OccurrenceKey: Hashable {
    let account: Int32
    let fingerprint: Int64

    func hash(into hasher: inout Hasher) {
        // The fingerprint is already a well-mixed hash; one word is enough.
        hasher.combine(fingerprint &+ Int64(account))
    }
}
