import Foundation
import LedgerCore

extension CommandContext {
    /// The person's calendar day: `LEDGERPORT_TODAY` (YYYY-MM-DD, for scripts and tests), else the
    /// machine's local day.
    ///
    /// - Throws: ``UsageError`` for a `LEDGERPORT_TODAY` that is not a day.
    func today() throws -> Day {
        if let text = environment["LEDGERPORT_TODAY"], !text.isEmpty {
            guard let day = Day(iso: text) else {
                throw UsageError("LEDGERPORT_TODAY=\(text) is not a day; expected YYYY-MM-DD")
            }
            return day
        }
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        guard let year = parts.year, let month = parts.month, let day = parts.day,
            let today = Day(year: year, month: month, day: day)
        else { throw RuntimeError("the machine's calendar gives no day for today; set LEDGERPORT_TODAY=YYYY-MM-DD") }
        return today
    }
}
