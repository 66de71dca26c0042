import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import CSVAdapter

@Suite("mapping include")
struct MappingIncludeTests {
    static func problems(_ name: String) -> [String] {
        MappingCheck.problems(inFileAt: Fixture.url("CSV/rules/include/\(name)").path).map {
            "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column): "
                + "\($0.description)"
        }
    }

    @Test("three accounts of one bank share an included base and override only their account")
    func threeAccounts() throws {
        let checking = try rulesRun(
            "checking.csv", mapping: "include/acme-checking.json",
            bytes: try Fixture.bytes("CSV/rules/include/acme-checking.csv"))
        #expect(checking.error == nil)
        #expect(checking.drafts.map(\.account) == ["Acme Checking", "Acme Checking", "Acme Checking"])
        #expect(checking.drafts.map(\.description).first == "Employer GmbH / Salary February")
        #expect(checking.drafts.map(\.signedMinorUnits) == [320_000, -115_000, -4230])
        // The base's rule comes along.
        #expect(checking.drafts.map(\.status) == [.booked, .booked, .pending])

        let savings = try rulesRun(
            "savings.csv", mapping: "include/acme-savings.json",
            bytes: try Fixture.bytes("CSV/rules/include/acme-savings.csv"))
        #expect(savings.error == nil)
        #expect(savings.drafts.map(\.account) == ["Acme Savings", "Acme Savings"])
        #expect(savings.drafts.map(\.signedMinorUnits) == [50000, 1234])

        // The card replaces "amounts" whole (its own "invert") and the account's kind.
        let card = try rulesRun(
            "card.csv", mapping: "include/acme-card.json",
            bytes: try Fixture.bytes("CSV/rules/include/acme-card.csv"))
        #expect(card.error == nil)
        #expect(card.drafts.map(\.signedMinorUnits) == [-2590, 2590])
        let kinds = card.events.compactMap {
            if case .account(let account) = $0 { return account.kind } else { return nil }
        }
        #expect(kinds == [.liability])
    }

    @Test("an including mapping is valid for mappings check, and keeps its own name")
    func checked() throws {
        #expect(Self.problems("acme-checking.json").isEmpty)
        let mapping = try CSVMapping(contentsOf: Fixture.url("CSV/rules/include/acme-card.json").path)
        #expect(mapping.name == "acme-card")
        #expect(mapping.summary == "Acme Bank credit card: purchases are positive")
    }

    @Test("a cycle of includes is located at the include that closes it")
    func cycle() {
        let problems = Self.problems("cycle-a.json")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("cycle-b.json:2:40: ") == true, "\(problems)")
        #expect(problems.first?.contains("cycle-a.json → cycle-b.json → cycle-a.json") == true, "\(problems)")
    }

    @Test("a missing include is located at its name and says where it was looked for")
    func missing() {
        let problems = Self.problems("missing-include.json")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("missing-include.json:3:15: ") == true, "\(problems)")
        #expect(problems.first?.contains("shared/acme-bank-v2.json") == true, "\(problems)")
    }

    @Test("a mistake inside an included file is located in that file")
    func brokenBase() {
        let problems = Self.problems("broken-base.json")
        #expect(
            problems.map { String($0.prefix(while: { $0 != " " })) } == ["broken.json:3:36:", "broken.json:4:3:"],
            "\(problems)")
    }
}
