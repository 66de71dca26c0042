/// Applies a rule set to many rows fast, with the same answers as
/// ``RuleSet/explanation(for:)``.
///
/// Each rule's keys are checked cheapest first (direction, then the names looked up once per
/// row, the day, the amount, literal texts, regular expressions last); all literal patterns of a
/// text field are found in one scan of that field (``LiteralScanner``), done at most once per
/// row and only when a rule gets that far. Holds scratch space: one evaluator per thread.
public final class RuleEvaluator {
    private let rules: [CompiledRule]
    /// Per name-like key (account, currency, format, mapping), the names the rules use.
    private var vocabularies: [[String: Int]]
    /// Per text field and case mode (`field * 2 + (caseSensitive ? 1 : 0)`).
    private let scanners: [LiteralScanner]
    private var hits: [[LiteralScanner.Hit]]
    private var scanned: [Bool]
    // The row being evaluated.
    private var names: [Int] = [-1, -1, -1, -1]
    private var lastNames: [String?] = [nil, nil, nil, nil]

    init(_ set: RuleSet) {
        var vocabularies = [[String: Int]](repeating: [:], count: 4)
        var needles = [[[UInt8]]](repeating: [], count: RuleTextField.allCases.count * 2)
        var compiled: [CompiledRule] = []
        for rule in set.rules {
            var checks: [Check] = []
            for condition in rule.conditions {
                switch condition {
                case .account(let values): checks.append(Self.names(0, values, &vocabularies))
                case .currency(let values): checks.append(Self.names(1, values, &vocabularies))
                case .format(let values): checks.append(Self.names(2, values, &vocabularies))
                case .mapping(let values): checks.append(Self.names(3, values, &vocabularies))
                case .direction(let direction): checks.append(.direction(isCredit: direction == .credit))
                case .weekday(let days): checks.append(.weekday(mask: days.reduce(0) { $0 | (1 << $1) }))
                case .dayOfMonth(let days): checks.append(.dayOfMonth(mask: days.reduce(0) { $0 | (1 << $1) }))
                case .amount(let min, let max): checks.append(.amount(min: min, max: max))
                case .text(let field, let pattern):
                    let fieldIndex = RuleTextField.allCases.firstIndex(of: field) ?? 0
                    guard let literals = pattern.literals else {
                        checks.append(.regex(field: field, pattern: pattern))
                        continue
                    }
                    let scanner = fieldIndex * 2 + (pattern.isCaseSensitive ? 1 : 0)
                    var wanted: [(needle: Int32, hit: LiteralScanner.Hit)] = []
                    var matchesEmpty = false
                    for literal in literals {
                        if literal.bytes.isEmpty {
                            matchesEmpty = true
                            continue
                        }
                        let hit: LiteralScanner.Hit =
                            literal.atStart
                            ? (literal.atEnd ? .whole : .atStart) : (literal.atEnd ? .atEnd : .anywhere)
                        wanted.append((Int32(needles[scanner].count), hit))
                        needles[scanner].append(literal.bytes)
                    }
                    checks.append(
                        .literal(field: field, scanner: scanner, needles: wanted, matchesEmpty: matchesEmpty))
                }
            }
            checks.sort { $0.cost < $1.cost }
            compiled.append(CompiledRule(id: rule.id, checks: checks, values: rule.values, continues: rule.continues))
        }
        rules = compiled
        self.vocabularies = vocabularies
        scanners = needles.enumerated().map { index, list in LiteralScanner(needles: list, foldsCase: index % 2 == 0) }
        hits = needles.map { [LiteralScanner.Hit](repeating: [], count: $0.count) }
        scanned = [Bool](repeating: false, count: needles.count)
    }

    /// What the rules set on one transaction.
    public func assignment(for input: RuleInput) -> RuleAssignment {
        lookUp(0, input.account)
        lookUp(1, input.amount.currency.code)
        lookUp(2, input.format)
        lookUp(3, input.mapping)
        for index in scanned.indices { scanned[index] = false }
        var result = RuleAssignment()
        var weekday = 0
        for rule in rules {
            guard holds(rule, input, &weekday) else { continue }
            if result.ruleIDs.isEmpty {
                result = rule.values
            } else {
                result.fill(from: rule.values)
            }
            result.ruleIDs.append(rule.id)
            if !rule.continues { break }
        }
        return result
    }

    // MARK: - Private

    private struct CompiledRule {
        let id: String
        let checks: [Check]
        let values: RuleAssignment
        let continues: Bool
    }

    private enum Check {
        case direction(isCredit: Bool)
        /// `allowed[i]` for the name with index `i` in vocabulary `kind`.
        case names(kind: Int, allowed: Set<Int>)
        case weekday(mask: Int)
        case dayOfMonth(mask: Int)
        case amount(min: RuleAmountBound?, max: RuleAmountBound?)
        case literal(field: RuleTextField, scanner: Int, needles: [(needle: Int32, hit: LiteralScanner.Hit)], matchesEmpty: Bool)
        case regex(field: RuleTextField, pattern: TextPattern)

        var cost: Int {
            switch self {
            case .direction: return 0
            case .names: return 1
            case .weekday, .dayOfMonth: return 2
            case .amount: return 3
            case .literal: return 4
            case .regex: return 5
            }
        }
    }

    private static func names(_ kind: Int, _ values: [String], _ vocabularies: inout [[String: Int]]) -> Check {
        var allowed = Set<Int>()
        for value in values {
            if let index = vocabularies[kind][value] {
                allowed.insert(index)
            } else {
                let index = vocabularies[kind].count
                vocabularies[kind][value] = index
                allowed.insert(index)
            }
        }
        return .names(kind: kind, allowed: allowed)
    }

    private func lookUp(_ kind: Int, _ name: String?) {
        if let last = lastNames[kind], let name, last == name { return }
        lastNames[kind] = name
        names[kind] = name.flatMap { vocabularies[kind][$0] } ?? -1
    }

    private func holds(_ rule: CompiledRule, _ input: RuleInput, _ weekday: inout Int) -> Bool {
        for check in rule.checks {
            switch check {
            case .direction(let isCredit):
                if (input.direction == .credit) != isCredit { return false }
            case .names(let kind, let allowed):
                if !allowed.contains(names[kind]) { return false }
            case .weekday(let mask):
                if weekday == 0 { weekday = RuleCondition.weekday(of: input.bookingDay) }
                if mask & (1 << weekday) == 0 { return false }
            case .dayOfMonth(let mask):
                if mask & (1 << input.bookingDay.day) == 0 { return false }
            case .amount(let min, let max):
                let units = input.amount.minorUnits
                let digits = input.amount.currency.minorDigits
                if let min, min.compare(minorUnits: units, minorDigits: digits) < 0 { return false }
                if let max, max.compare(minorUnits: units, minorDigits: digits) > 0 { return false }
            case .literal(let field, let scanner, let needles, let matchesEmpty):
                if !scanned[scanner] { scan(field, scanner, input) }
                var found = false
                for (needle, hit) in needles where hits[scanner][Int(needle)].contains(hit) {
                    found = true
                    break
                }
                if !found && !(matchesEmpty && field.value(in: input).isEmpty) { return false }
            case .regex(let field, let pattern):
                if !pattern.matches(field.value(in: input)) { return false }
            }
        }
        return true
    }

    private func scan(_ field: RuleTextField, _ scanner: Int, _ input: RuleInput) {
        scanned[scanner] = true
        for index in hits[scanner].indices { hits[scanner][index] = [] }
        var text = field.value(in: input)
        text.withUTF8 { bytes in scanners[scanner].scan(bytes, into: &hits[scanner]) }
    }
}

@available(*, unavailable)
extension RuleEvaluator: Sendable {}
