import LedgerCore
import LedgerTestSupport
import QIFAdapter
import Testing

/// Sections that aren't registers are counted and reported, never dropped without a word.
@Suite("QIF sections")
struct QIFSectionTests {
    func read(_ text: String) -> AdapterRun {
        runAdapter(
            QIFFormat.self, bytes: Array(text.utf8), name: "all.qif",
            options: AdapterOptions(fileName: "all.qif", currency: .USD))
    }

    @Test("category and class lists are reported as skipped with their counts, then the register is read")
    func listsSkipped() {
        let run = read(
            "!Type:Cat\nNGroceries\nE\n^\nNSalary\nI\n^\n!Type:Class\nNBusiness\n^\n!Type:Bank\nD1/31/2024\nT-1.00\n^\n"
        )
        #expect(run.error == nil, "\(run.error ?? "")")
        let skipped = run.events.compactMap { event -> String? in
            if case .skipped(let records) = event {
                return "\(records.count) \(records.reason) @\(records.location.line)"
            }
            return nil
        }
        #expect(skipped == ["2 category list entries (!Type:Cat) @2", "1 class list entries (!Type:Class) @9"])
        #expect(run.drafts.count == 1)
    }

    @Test("a header inside a record (no ^ before it) is a located error")
    func headerInsideRecord() {
        let run = read("!Type:Bank\nD1/31/2024\nT-1.00\n!Type:Bank\n")
        #expect(
            run.error?.hasPrefix("all.qif:4:1: error: the record has no closing ^ before the header") == true,
            "\(run.error ?? "")")
    }

    @Test("an !Account record without a name is a located error")
    func accountWithoutName() {
        let run = read("!Account\nTBank\n^\n")
        #expect(run.error?.hasPrefix("all.qif:2:1: error: the record has no N (the account's name)") == true)
    }

    @Test("Cash, Oth A and Oth L registers after !Account take the account's own type")
    func accountType() {
        let run = read("!Account\nNLoan\nTOth L\n^\n!Type:Oth L\nD1/31/2024\nT-100.00\n^\n")
        #expect(run.accounts.map(\.kind) == [.liability])
        #expect(run.drafts.map(\.account) == ["Loan"])
    }
}
