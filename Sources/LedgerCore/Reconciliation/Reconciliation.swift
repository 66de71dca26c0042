/// The arithmetic of a checkpoint: previous balance plus the net since, against the statement.
///
/// `expected = previous + net`, `discrepancy = actual - expected`. With no previous balance the
/// checkpoint is a baseline: there is nothing to compare, and the actual balance becomes the
/// starting point. A checkpoint always re-baselines at the actual balance, matched or not.
public struct Reconciliation: Sendable, Hashable {
    /// The outcome of a checkpoint.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Expected and actual agree.
        case reconciled
        /// They differ by ``Reconciliation/discrepancy``.
        case discrepancy
        /// No earlier balance to compare against: this one starts the history.
        case baseline
    }

    /// The balance expected from the ledger, in signed minor units (`nil` for a baseline).
    public let expected: Int64?
    /// The balance the statement states, in signed minor units.
    public let actual: Int64
    /// `actual - expected` (`nil` for a baseline).
    public let discrepancy: Int64?

    /// Computes a checkpoint.
    ///
    /// - Parameters:
    ///   - previous: the balance at the previous checkpoint (or an opening balance), if any.
    ///   - net: the signed sum of booked transactions after the previous checkpoint's day up to
    ///     and including the new day.
    ///   - actual: the statement's balance.
    /// - Returns: the checkpoint, or `nil` if the arithmetic overflows 64 bits.
    public init?(previous: Int64?, net: Int64, actual: Int64) {
        self.actual = actual
        guard let previous else {
            expected = nil
            discrepancy = nil
            return
        }
        let (expected, o1) = previous.addingReportingOverflow(net)
        let (discrepancy, o2) = actual.subtractingReportingOverflow(expected)
        if o1 || o2 { return nil }
        self.expected = expected
        self.discrepancy = discrepancy
    }

    /// Reconciled, discrepancy or baseline.
    public var status: Status {
        guard let discrepancy else { return .baseline }
        return discrepancy == 0 ? .reconciled : .discrepancy
    }

    /// Whether the ledger agrees with the statement.
    public var isReconciled: Bool { status == .reconciled }
}
