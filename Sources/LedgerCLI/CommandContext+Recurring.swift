import LedgerCore
import LedgerStore

extension CommandContext {
    /// The recurring catch-up after an import or sync brought rows: charges due through today are
    /// written and scheduled ones settled by the new rows. What it did is said on stderr, so an
    /// import's report (and its JSON) stays the import's.
    func catchUpRecurring() throws {
        let ledger = try recurringStore()
        guard try !ledger.recurringRules().isEmpty else { return }
        let result = try ledger.catchUpRecurring(through: try today())
        let booked = result.written.filter { $0.state == .booked }.count
        let scheduled = result.written.count - booked
        guard booked + scheduled + result.settled.count > 0 else { return }
        var parts: [String] = []
        if booked > 0 { parts.append("booked \(booked)") }
        if scheduled > 0 { parts.append("scheduled \(scheduled)") }
        if !result.settled.isEmpty { parts.append("settled \(result.settled.count)") }
        console.error(
            "note: recurring catch-up \(parts.joined(separator: ", ")) charge"
                + "\(booked + scheduled + result.settled.count == 1 ? "" : "s") (`ledgerport recurring show NAME`; "
                + "--no-catch-up skips it)")
    }

    /// The ledger the recurring rules live in, whichever store holds it (it must exist; issue 21).
    ///
    /// - Throws: ``RuntimeError`` "no ledger at PATH" when there is none; a ``StoreError`` when
    ///   the server can't be reached or the ledger can't be opened.
    func recurringStore() throws -> any RecurringStore {
        guard target.isPostgres else { return try ledger() }
        _ = try importStore()
        return try postgresLedger()
    }
}
