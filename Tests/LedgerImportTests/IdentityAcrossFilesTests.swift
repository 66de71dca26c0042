import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import LedgerTestSupport
import Testing

/// The same payment, or the same reference, met again in a later file (review 15, H1–H5): each
/// payment is stored once, and no booking is lost as a false duplicate.
@Suite("identity across files")
struct IdentityAcrossFilesTests {
    static func path(_ fixture: String) -> String { Fixture.url("identity/\(fixture)").path }

    static func run(_ fixture: String, into ledger: Ledger, options: AdapterOptions = AdapterOptions())
        -> ImportReport
    {
        BatchImporter().importFile(at: path(fixture), format: nil, options: options, into: ledger)
    }

    @Test("MT940: a bank reference reused on a later day is another booking, stored beside the first")
    func mt940ReferenceReusedLater() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("reference-1-day1.sta", into: ledger).inserted == 1)
        let second = Self.run("reference-1-day2.sta", into: ledger)
        #expect(second.status == .complete, "\(second.failure?.description ?? "")")
        #expect(second.inserted == 1)
        #expect(second.checkpoints.map(\.discrepancy) == [0])
        #expect(try ledger.transactions().compactMap(\.externalID).sorted() == ["1@2024-03-02", "1@2024-03-03"])
    }

    @Test("camt: an AcctSvcrRef reused on a later day for another amount stops the import, naming both rows")
    func camtReferenceReusedLater() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("reference-1-day1-053.xml", into: ledger).inserted == 1)
        let second = Self.run("reference-1-day2-053.xml", into: ledger)
        #expect(second.status == .stopped)
        let failure = try #require(second.failure)
        #expect(failure.location.file.hasSuffix("reference-1-day2-053.xml"))
        #expect(failure.location.line > 0)
        #expect(failure.reason.contains("id \"1\" is already stored for this account as another booking"))
        #expect(failure.reason.contains("2024-06-10 -10.00 EUR, import 1"))
        #expect(failure.reason.contains("reference-1-day1-053.xml:"))
        #expect(failure.reason.contains("this row is 2024-06-11 -25.00 EUR"))
    }

    @Test("camt: a pending 052 entry booked by the 053 under the same AcctSvcrRef is one booked row, reconciled")
    func camtPendingThenBooked() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("pending-PR1-052.xml", into: ledger).inserted == 1)
        #expect(try ledger.transactions().map(\.status) == [.pending])
        let statement = Self.run("booked-PR1-053.xml", into: ledger)
        #expect(statement.status == .complete, "\(statement.failure?.description ?? "")")
        #expect(statement.booked == 1)
        #expect(statement.inserted == 0 && statement.duplicates == 0)
        let rows = try ledger.transactions()
        #expect(rows.map(\.status) == [.booked])
        #expect(rows.map(\.externalID) == ["PR1"])
        #expect(statement.checkpoints.last?.status == .reconciled)
        #expect(statement.checkpoints.last?.discrepancy == 0)
    }

    @Test("MT942 lines are pending by default: a NONREF line booked the next day by the MT940 counts once")
    func mt942ThenNextDayMT940() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("mt942-nonref-day1.sta", into: ledger).inserted == 1)
        let statement = Self.run("mt940-booked-day2.sta", into: ledger)
        #expect(statement.status == .complete, "\(statement.failure?.description ?? "")")
        #expect(statement.checkpoints.map(\.discrepancy) == [0])
        let booked = try ledger.transactions().filter { $0.status == .booked }
        #expect(booked.map(\.signedMinorUnits) == [-420])
        let account = try #require(try ledger.allAccounts().first)
        #expect(try ledger.balance(of: account) == -420)
    }

    @Test("mt942=booked keeps the MT942 lines booked, for banks whose MT942 lists bookings")
    func mt942BookedOption() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        var options = AdapterOptions()
        options.settings["mt942"] = "booked"
        #expect(Self.run("mt942-nonref-day1.sta", into: ledger, options: options).inserted == 1)
        #expect(try ledger.transactions().map(\.status) == [.booked])
        options.settings["mt942"] = "later"
        let refused = Self.run("mt942-nonref-day1.sta", into: ledger, options: options)
        #expect(refused.failure?.reason.contains("mt942 \"later\" is not a status; expected booked or pending") == true)
    }

    @Test("camt: a batch whole in a 052, then split into its payments by the 053, stops at the first payment")
    func camtWholeThenSplit() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("batch-whole-052.xml", into: ledger).inserted == 2)
        let statement = Self.run("batch-split-053.xml", into: ledger)
        #expect(statement.status == .stopped)
        let failure = try #require(statement.failure)
        #expect(failure.location.file.hasSuffix("batch-split-053.xml") && failure.location.line > 0)
        #expect(failure.reason.contains("id \"REF1/1\" (2024-06-10 -10.00 EUR) and the stored \"REF1\""))
        #expect(failure.reason.contains("2024-06-10 -30.00 EUR, import 1, "))
        #expect(failure.reason.contains("batch-whole-052.xml:"))
        #expect(try ledger.transactions().map(\.signedMinorUnits).sorted() == [-3_000, -500])
    }

    @Test("camt: a batch split by a 054 notification, then whole in the 053, stops at the entry")
    func camtSplitThenWhole() throws {
        let scratch = try ScratchFolder()
        let ledger = try Ledger(path: scratch.databasePath)
        #expect(Self.run("batch-split-054.xml", into: ledger).inserted == 2)
        let statement = Self.run("batch-whole-053.xml", into: ledger)
        #expect(statement.status == .stopped)
        let failure = try #require(statement.failure)
        #expect(failure.reason.contains("id \"REF9\" (2024-06-10 -30.00 EUR) and the stored \"REF9/1\""))
        #expect(failure.reason.contains("\"REF9\" whole and \"REF9/1\" one of its payments"))
        #expect(try ledger.transactions().map(\.signedMinorUnits).sorted() == [-2_000, -1_000])
    }
}
