/// A ledger `ledgerport check` can check, whichever store holds it (issue 21): its storage as
/// far as ledgerport can check it, then the ledger's own invariants (``LedgerInvariant``).
public protocol LedgerChecking: AnyObject {
    /// Checks the whole ledger; each check runs on its own, and one that can't run is a finding
    /// of that check while the others still run. Writes nothing.
    ///
    /// - Returns: every check with what it found; ``LedgerCheck/isSound`` when none found anything.
    func check() -> LedgerCheck
}

extension Ledger: LedgerChecking {}
