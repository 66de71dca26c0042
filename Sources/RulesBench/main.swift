// Times the rules evaluator (scripts/bench/rules.sh): RULES rules over ROWS transactions built in
// memory, the same every run. Also writes the rules and a matching CSV, for timing `rules apply`
// and `import --rules` through the command line.
//
//   RulesBench [--rows N] [--rules N] [--regex-only-rows N] [--write-rules PATH] [--write-csv PATH]
import Foundation
import LedgerCore

var rowCount = 1_000_000
var ruleCount = 200
var regexOnlyRows = 20_000
var rulesPath: String?
var csvPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst() ?? ""
    switch flag {
    case "--rows": rowCount = Int(value) ?? rowCount
    case "--rules": ruleCount = Int(value) ?? ruleCount
    case "--regex-only-rows": regexOnlyRows = Int(value) ?? regexOnlyRows
    case "--write-rules": rulesPath = value
    case "--write-csv": csvPath = value
    default:
        FileHandle.standardError.write(Data("RulesBench: unknown option \(flag)\n".utf8))
        exit(2)
    }
}

/// A fixed pseudo-random sequence (64-bit LCG), so every run sees the same rows.
struct Sequence64 {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

let brands = [
    "REWE", "EDEKA", "ALDI SUED", "LIDL", "NETTO", "KAUFLAND", "DM DROGERIE", "ROSSMANN", "SHELL", "ARAL", "ESSO",
    "DB VERTRIEB", "BVG", "AMAZON MKTP", "AMZN DIGITAL", "PAYPAL EUROPE", "NETFLIX.COM", "SPOTIFY AB", "APPLE.COM BILL",
    "IKEA", "MEDIAMARKT", "SATURN", "ZALANDO", "H&M", "BAECKEREI MUELLER", "STARBUCKS", "MCDONALDS", "BURGER KING",
    "VODAFONE", "TELEKOM", "STADTWERKE", "ALLIANZ", "HUK COBURG", "FINANZAMT", "APOTHEKE AM MARKT", "OBI", "HORNBACH",
    "TANKSTELLE", "LIEFERANDO", "UBER TRIP",
]
let cities = [
    "BERLIN", "HAMBURG", "MUENCHEN", "KOELN", "FRANKFURT", "STUTTGART", "LEIPZIG", "DRESDEN", "BONN", "ESSEN",
]
let accounts = ["Girokonto ••••6789", "Kreditkarte ••••4417", "Tagesgeld ••••0001"]
let memos = ["Kartenzahlung girocard", "SEPA-Lastschrift", "Dauerauftrag", "Überweisung", "Apple Pay", ""]

/// The rules file: mostly literal descriptions (a brand in a city), some anchored, some with
/// amounts, days, accounts, payees and memos, and a few true regular expressions.
func rulesJSON(count: Int) -> String {
    var rules: [String] = []
    var sequence = Sequence64(state: 7)
    for index in 0..<count {
        let brand = brands[index % brands.count].lowercased()
        let city = cities[(index / brands.count) % cities.count].lowercased()
        let category = "Category \(index % 37)"
        let when: String
        switch index % 20 {
        case 0..<13: when = #""description": "\#(brand) \#(city)""#
        case 13: when = #""description": "^\#(brand) ", "direction": "debit""#
        case 14: when = #""description": "\#(brand)", "amount": {"min": "\#(sequence.next(50) + 50).00"}"#
        case 15: when = #""description": "\#(brand)", "weekday": ["saturday", "sunday"]"#
        case 16:
            when =
                #""account": "\#(accounts[index % accounts.count])", "dayOfMonth": [1, 15], "description": "\#(city)$""#
        case 17: when = #""memo": "lastschrift", "description": "\#(brand) \#(city)""#
        case 18: when = #""payee": {"exact": "\#(brand) gmbh"}"#
        default: when = #""description": "\#(brand.prefix(3)).*\#(city)\\s+\\d{3}""#
        }
        rules.append(#"{"id": "r\#(index)", "when": {\#(when)}, "set": {"category": "\#(category)"}}"#)
    }
    return "{\"rules\": [\n" + rules.joined(separator: ",\n") + "\n]}\n"
}

/// One row in three names a brand and city no rule lists (it reads every rule), the others one
/// that some rule, early or late, lists.
func rows(count: Int) -> [RuleInput] {
    var sequence = Sequence64()
    var result: [RuleInput] = []
    result.reserveCapacity(count)
    let start = Day(year: 2020, month: 1, day: 1)?.daysSinceEpoch ?? 0
    for _ in 0..<count {
        let brand = sequence.next(3) == 0 ? "KIOSK \(sequence.next(500))" : brands[sequence.next(brands.count)]
        let city = cities[sequence.next(cities.count)]
        let description = "\(brand) \(city) \(100 + sequence.next(900))"
        // Days from 2020-01-01 on: always a valid day.
        guard let day = Day(daysSinceEpoch: start + sequence.next(1_500)) else { continue }
        result.append(
            RuleInput(
                account: accounts[sequence.next(accounts.count)], bookingDay: day,
                amount: Money(minorUnits: Int64(sequence.next(200_000) + 1), currency: .EUR),
                direction: sequence.next(5) == 0 ? .credit : .debit, description: description,
                memo: memos[sequence.next(memos.count)],
                payee: sequence.next(4) == 0 ? brand.capitalized + " GmbH" : nil, format: "csv",
                mapping: "de-girokonto"))
    }
    return result
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let text = rulesJSON(count: ruleCount)
if let rulesPath { try Data(text.utf8).write(to: URL(fileURLWithPath: rulesPath)) }
let set: RuleSet
do {
    set = try RuleSet(json: Array(text.utf8), path: "bench-rules.json")
} catch {
    FileHandle.standardError.write(Data("RulesBench: \(error)\n".utf8))
    exit(1)
}
let inputs = rows(count: rowCount)
if let csvPath {
    var csv = "Date,Description,Amount\n"
    for input in inputs {
        let signed = input.amount.signedMinorUnits(input.direction)
        csv += "\(input.bookingDay),\(input.description),\(Money.format(signed, currency: .EUR))\n"
    }
    try Data(csv.utf8).write(to: URL(fileURLWithPath: csvPath))
}

/// CPU seconds this process has used: the figure that holds while other processes share the cores.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let clock = ContinuousClock()
let evaluator = set.makeEvaluator()
var matched = 0
var fired = 0
let cpuBefore = cpuSeconds()
let elapsed = clock.measure {
    for input in inputs {
        let assignment = evaluator.assignment(for: input)
        if !assignment.isEmpty { matched += 1 }
        fired &+= assignment.ruleIDs.count
    }
}
let cpu = cpuSeconds() - cpuBefore
// The fast evaluator must agree with the reference on a sample, or the figure means nothing.
for input in inputs.prefix(20_000) where evaluator.assignment(for: input) != set.assignment(for: input) {
    FileHandle.standardError.write(Data("RulesBench: the evaluator and the reference disagree on \(input)\n".utf8))
    exit(1)
}
print(
    String(
        format: "%d rules, %d rows: %.3f s CPU, %.3f s wall (%.0f ns CPU a row), %d rows matched", set.rules.count,
        inputs.count, cpu, seconds(elapsed), cpu * 1e9 / Double(max(inputs.count, 1)), matched))

// The same rules with every pattern sent to NSRegularExpression (a group around each pattern).
if regexOnlyRows > 0 {
    let grouped = text.replacingOccurrences(of: #""description": ""#, with: #""description": "(?:"#)
        .replacingOccurrences(of: #""memo": "lastschrift""#, with: #""memo": "(?:lastschrift)""#)
    var patched = ""
    for line in grouped.split(separator: "\n", omittingEmptySubsequences: false) {
        // Close each group opened above, before the string's closing quote.
        guard let open = line.range(of: #""description": "(?:"#),
            let close = line[open.upperBound...].firstIndex(of: "\"")
        else {
            patched += line + "\n"
            continue
        }
        patched += line[..<close] + ")" + line[close...] + "\n"
    }
    do {
        let regexOnly = try RuleSet(json: Array(patched.utf8), path: "bench-rules-regex.json").makeEvaluator()
        var agree = true
        var slowMatched = 0
        let slow = clock.measure {
            for input in inputs.prefix(regexOnlyRows) where !regexOnly.assignment(for: input).isEmpty {
                slowMatched += 1
            }
        }
        let perRow = seconds(slow) / Double(regexOnlyRows)
        for input in inputs.prefix(2_000)
        where regexOnly.assignment(for: input).ruleIDs != evaluator.assignment(for: input).ruleIDs {
            agree = false
        }
        print(
            String(
                format:
                    "every pattern through NSRegularExpression: %.0f µs a row (wall) on %d rows, %d matched (%.0f s for %d rows)%@",
                perRow * 1e6, regexOnlyRows, slowMatched, perRow * Double(rowCount), rowCount,
                agree ? "" : "; ANSWERS DIFFER"))
    } catch {
        print("RulesBench: the regex-only rules don't read: \(error)")
    }
}
