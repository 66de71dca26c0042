import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// Two consecutive monthly statements of one account, with running balances.
private let january = """
    Date,Description,Amount,Balance
    2024-01-03,Coffee,-3.80,996.20
    2024-01-10,Salary,2500.00,3496.20
    2024-01-31,Rent,-900.00,2596.20

    """
private let february = """
    Date,Description,Amount,Balance
    2024-02-02,Grocery Store,-54.37,2541.83
    2024-02-10,Salary,2500.00,5041.83
    2024-02-28,Rent,-900.00,4141.83

    """

@Suite("Checkpoints across imports")
struct CheckpointOrderTests {
    /// Every checkpoint's numbers after importing the files in order, oldest first.
    private func history(importing files: [(String, String)]) throws -> [Checkpoint] {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        for (name, text) in files {
            let report = BatchImporter().importFile(
                at: try scratch.write(name, text), format: nil, options: options(), into: ledger)
            #expect(report.status == .complete)
        }
        let account = try #require(try ledger.account(named: "Checking"))
        return try ledger.checkpoints(of: account).reversed()
    }

    private func finalCheckpoint(importing files: [(String, String)]) throws -> Checkpoint {
        try #require(try history(importing: files).last)
    }

    private func numbers(_ checkpoints: [Checkpoint]) -> [String] {
        checkpoints.map { "\($0.asOf) \(String(describing: $0.expected)) \($0.actual) \($0.status)" }
    }

    @Test("two consecutive statements give the same final checkpoint in either order")
    func eitherOrder() throws {
        let forward = try finalCheckpoint(importing: [("jan.csv", january), ("feb.csv", february)])
        let backward = try finalCheckpoint(importing: [("feb.csv", february), ("jan.csv", january)])
        #expect(forward.asOf == Day(iso: "2024-02-28"))
        #expect(forward.status == .reconciled)
        #expect(
            [forward.expected, forward.discrepancy, Optional(forward.actual)]
                == [backward.expected, backward.discrepancy, Optional(backward.actual)])
        #expect(forward.status == backward.status)
        let all = try history(importing: [("jan.csv", january), ("feb.csv", february)])
        let allBackward = try history(importing: [("feb.csv", february), ("jan.csv", january)])
        #expect(numbers(all) == numbers(allBackward))
    }

    @Test("statements that disagree at their boundary give the same checkpoints in either order")
    func disagreeingBoundary() throws {
        // February's bank forgot a 10.00 fee in its opening: it opens at 2586.20, not 2596.20.
        let shifted = february.replacingOccurrences(of: "2541.83", with: "2531.83")
            .replacingOccurrences(of: "5041.83", with: "5031.83").replacingOccurrences(of: "4141.83", with: "4131.83")
        let forward = try history(importing: [("jan.csv", january), ("feb.csv", shifted)])
        let backward = try history(importing: [("feb.csv", shifted), ("jan.csv", january)])
        #expect(numbers(forward) == numbers(backward))
        // The gap shows where it is: February's opening (the end of February 1) disagrees by -10.00.
        let opening = try #require(forward.first { $0.asOf == Day(iso: "2024-02-01") })
        #expect(opening.discrepancy == -1_000)
        #expect(forward.last?.status == .reconciled)
    }

    @Test("a row imported twice from a second file is named as a duplicate, first")
    func duplicateAcrossFiles() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        // A receipt-style export listed the grocery purchase on the 3rd, with a different text.
        let receipts = "Date,Description,Amount\n2024-02-03,GROCERY STORE 0042,-54.37\n"
        _ = BatchImporter().importFile(
            at: try scratch.write("jan.csv", january), format: nil, options: options(), into: ledger)
        _ = BatchImporter().importFile(
            at: try scratch.write("receipts.csv", receipts), format: nil, options: options(), into: ledger)
        let report = BatchImporter().importFile(
            at: try scratch.write("feb.csv", february), format: nil, options: options(), into: ledger)
        let checkpoint = try #require(report.checkpoints.first)
        #expect(checkpoint.status == .discrepancy)
        #expect(checkpoint.discrepancy == 5_437)
        let first = try #require(checkpoint.diagnosis.candidates.first)
        #expect(first.kind == .duplicate)
        #expect(first.transactions.count == 2)
        // The statement states no balance on the 3rd; the 10th is the first day it can disagree.
        #expect(checkpoint.diagnosis.divergesOn == Day(iso: "2024-02-10"))
    }
}
