import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

@Suite("PostgresLedger copy text")
struct PostgresCopyTextTests {
    /// COPY's text of rows as the statements' values give them: tab-separated, `\N` for NULL, a
    /// backslash, tab, newline or carriage return escaped (the copy's reference).
    static func reference(_ rows: [PendingRow], importID: Int64?) -> [UInt8] {
        var text = ""
        for row in rows {
            let values = PostgresLedger.parameters(of: row, importID: importID).map { value in
                value.map {
                    $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                        .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
                } ?? "\\N"
            }
            text += values.joined(separator: "\t") + "\n"
        }
        return Array(text.utf8)
    }

    @Test("the copy's text of each row is its statement values', escaped: numbers, days, NULLs and odd texts")
    func sameAsTheStatementsValues() throws {
        var drafts = [
            makeDraft("Coffee", -350, on: "2024-03-01"), makeDraft("Salary", 250_000, on: "0999-12-31", id: "S-1"),
            makeDraft("Tab\there\\ and \\N", -1, on: "2024-02-29", line: 123_456_789),
            makeDraft("Line\nbreak\r Ünïcödé € ✓", Int64.max, on: "9999-01-09", status: .pending),
        ]
        drafts.append(makeDraft("", Int64.min + 1, on: "2024-03-02"))
        var rows = pendingRows(drafts, accountID: 7)
        rows.append(PendingRow(draft: drafts[0], accountID: Int64.max, fingerprint: Int64.min, occurrence: 3))
        // A row rules set a category on: the rule columns, the source's category kept beside.
        rows.append(
            PendingRow(
                draft: drafts[1], accountID: 7, fingerprint: 9, occurrence: 1,
                assignment: RuleAssignment(ruleIDs: ["pay", "day\t2"], category: "Income")))
        for importID in [nil, Int64(42)] {
            let text = try #require(PostgresLedger.copyText(of: rows, importID: importID))
            #expect(text == Self.reference(rows, importID: importID))
        }
        // A NUL can't be carried: the statements refuse it at its record.
        let nul = pendingRows([makeDraft("a\u{0}b", -1, on: "2024-03-01")], accountID: 7)
        #expect(PostgresLedger.copyText(of: nul, importID: nil) == nil)
    }
}
