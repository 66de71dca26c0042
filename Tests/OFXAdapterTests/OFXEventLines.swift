import Foundation
import LedgerCore
import LedgerTestSupport
import OFXAdapter

/// One line per event, the format of the `.expected` files beside fixtures and samples.
enum OFXEventLines {
    static func lines(_ run: AdapterRun) -> [String] {
        var lines = run.events.map(line)
        if let error = run.error { lines.append("error \(error)") }
        return lines
    }

    static func line(_ event: AdapterEvent) -> String {
        switch event {
        case .account(let account):
            return
                "account \"\(account.name)\" \(account.kind.rawValue) \(account.currency?.code ?? "-") institution=\"\(account.institution ?? "")\" number=\(account.maskedNumber ?? "-")"
        case .draft(let draft):
            return "draft " + describe(draft)
        case .balance(let balance):
            return
                "balance \"\(balance.account)\" \(balance.kind.rawValue) \(balance.asOf) \(balance.formatted) \(balance.currency.code) @\(balance.location.line):\(balance.location.column)"
        case .skipped(let records):
            return "skipped \(records.count) \"\(records.reason)\" @\(records.location.line):\(records.location.column)"
        case .mapping(let name):
            return "mapping \(name)"
        case .correction(let correction):
            return
                "correction \"\(correction.account)\" \(correction.isReplacement ? "replace" : "delete") \(correction.correctedExternalID) @\(correction.location.line):\(correction.location.column)"
        }
    }

    static func describe(_ draft: Draft) -> String {
        "\"\(draft.account)\" \(draft.bookingDay) user=\(draft.transactionDay.map { "\($0)" } ?? "-") \(draft.direction.rawValue) \(draft.amount) \(draft.amount.currency.code) id=\(draft.externalID ?? "-") \(draft.status.rawValue) \"\(draft.description)\" memo=\"\(draft.memo)\" @\(draft.location.line):\(draft.location.column)"
    }

    /// Compares a run with its `.expected` file; with `LEDGERPORT_RECORD=1`, rewrites the file
    /// and reports a difference so that every new baseline is reviewed.
    static func compare(_ run: AdapterRun, expectedAt url: URL) -> String? {
        let actual = lines(run).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["LEDGERPORT_RECORD"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded \(url.lastPathComponent); review the diff and run again without LEDGERPORT_RECORD"
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no expected file at \(url.path); run with LEDGERPORT_RECORD=1"
        }
        if expected == actual { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
            if e != a { return "line \(index + 1) differs:\n expected: \(e)\n   actual: \(a)" }
        }
        return "differs"
    }
}
