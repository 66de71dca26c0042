import LedgerCore

/// What `rules apply` and `rules explain` ask of a ledger, whichever store holds it (issue 21).
///
/// Both stores read the rows through one pass (``RuleRowPass``: the row's fields as rules read
/// them, the assignment, what changes) and keep only the SQL to themselves.
public protocol RuleStore: LedgerReading {
    /// Sets what rules say on stored rows again, after the rules file changed: one transaction
    /// (a dry run rolls it back), values set by hand kept. See
    /// ``Ledger/applyRules(account:in:dryRun:assign:change:)``.
    ///
    /// - Parameters:
    ///   - account: only this account's rows, or every account's when `nil`.
    ///   - window: includes `start`, excludes `end`.
    ///   - assign: what the rules set on a row; may be called on another thread until this returns.
    ///   - change: called with each value that changes, in id order, on the caller's thread;
    ///     when `nil`, the changes are only counted.
    /// - Throws: ``StoreError`` when the ledger can't be read or written; nothing is changed then.
    func applyRules(
        account: StoredAccount?, in window: DayWindow, dryRun: Bool,
        assign: @escaping (RuleInput) -> RuleAssignment, change: ((RuleChange) -> Void)?
    ) throws(StoreError) -> RuleApplication

    /// A stored row's fields as rules read them, for `rules explain`: `nil` for an unknown id.
    func ruleInput(ofTransaction id: Int64) throws(StoreError) -> RuleInput?
}

extension Ledger: RuleStore {}
