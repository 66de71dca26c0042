/// Applies a rule set to many rows fast, with the same answers as
/// ``RuleSet/explanation(for:)``.
///
/// All literal patterns of a text field, and the literal runs each regular expression needs, are
/// found in one scan of that field (``LiteralScanner``). Most rules have a *gate*: a text key
/// that can only hold when one of its literals is in the text. A row's candidates are the rules
/// its scans opened, plus those without a gate; only they are tried, in file order, each key
/// cheapest first (direction, names looked up once per row, the day, the amount, literal texts,
/// regular expressions last, and only on a text that holds every run they need). The checks are
/// plain values in buffers the evaluator owns, so the loop copies and retains nothing. Holds
/// scratch space: one evaluator per thread.
public final class RuleEvaluator {
    private let ruleCount: Int
    private let checks: UnsafeMutableBufferPointer<FlatCheck>
    /// Rule `r`'s checks are `checks[ruleStarts[r]..<ruleStarts[r + 1]]`.
    private let ruleStarts: UnsafeMutableBufferPointer<Int>
    private let ruleIDs: [String]
    /// Each rule's values, with its id as their only rule id.
    private let ruleValues: [RuleAssignment]
    private let ruleContinues: [Bool]
    /// Per name-like key (account, currency, format, mapping), the names the rules use.
    private let vocabularies: [[String: Int]]
    /// `allowed[check.start + name]` for a names check.
    private let allowed: UnsafeMutableBufferPointer<Bool>
    private let bounds: [(min: RuleAmountBound?, max: RuleAmountBound?)]
    /// Flat needle slots (`hitStarts[scanner] + needle`) and the hit each needs, for literal
    /// checks and regex prefilters.
    private let needleSlots: UnsafeMutableBufferPointer<Int32>
    private let needleHits: UnsafeMutableBufferPointer<UInt8>
    private let patterns: [TextPattern]
    /// Per text field and case mode (`field * 2 + (caseSensitive ? 1 : 0)`).
    private let scanners: [LiteralScanner]
    private let hitStarts: [Int]
    /// The rules a needle slot opens: `gatedRules[gateStarts[slot]..<gateStarts[slot + 1]]`.
    private let gateStarts: UnsafeMutableBufferPointer<Int32>
    private let gatedRules: UnsafeMutableBufferPointer<Int32>
    /// The rules without a gate, as bits.
    private let ungated: UnsafeMutableBufferPointer<UInt64>
    /// The scanners some gate needs, scanned first on every row (bit per scanner).
    private let gateScanners: Int
    // Scratch.
    private let hits: UnsafeMutableBufferPointer<UInt8>
    private let candidates: UnsafeMutableBufferPointer<UInt64>
    private var touched: [Int32] = []
    private var names: [Int] = [-1, -1, -1, -1]
    private var lastNames: [String?] = [nil, nil, nil, nil]

    init(_ set: RuleSet) {
        var vocabularies = [[String: Int]](repeating: [:], count: 4)
        var needles = [[[UInt8]]](repeating: [], count: RuleTextField.allCases.count * 2)
        var checks: [FlatCheck] = []
        var starts: [Int] = []
        var allowedNames: [(kind: Int, names: Set<Int>)] = []
        var bounds: [(min: RuleAmountBound?, max: RuleAmountBound?)] = []
        // (scanner, needle) pairs, made flat slots once every scanner's needles are known.
        var needlePairs: [(scanner: Int, needle: Int)] = []
        var needleHits: [UInt8] = []
        var patterns: [TextPattern] = []
        var gates: [(scanner: Int, needles: [Int])?] = []
        for rule in set.rules {
            var ruleChecks: [FlatCheck] = []
            var gate: (scanner: Int, needles: [Int])?
            for condition in rule.conditions {
                var check = FlatCheck(kind: .direction)
                switch condition {
                case .account(let values), .currency(let values), .format(let values), .mapping(let values):
                    let kind: Int
                    switch condition {
                    case .account: kind = 0
                    case .currency: kind = 1
                    case .format: kind = 2
                    default: kind = 3
                    }
                    var set = Set<Int>()
                    for value in values {
                        let index = vocabularies[kind][value] ?? vocabularies[kind].count
                        vocabularies[kind][value] = index
                        set.insert(index)
                    }
                    check.kind = .names
                    check.scanner = kind
                    check.start = allowedNames.count
                    allowedNames.append((kind, set))
                case .direction(let direction):
                    check.kind = .direction
                    check.mask = direction == .credit ? 1 : 0
                case .weekday(let days):
                    check.kind = .weekday
                    check.mask = days.reduce(0) { $0 | (1 << $1) }
                case .dayOfMonth(let days):
                    check.kind = .dayOfMonth
                    check.mask = days.reduce(0) { $0 | (1 << $1) }
                case .amount(let min, let max):
                    check.kind = .amount
                    check.start = bounds.count
                    bounds.append((min, max))
                case .text(let field, let pattern):
                    let fieldIndex = RuleTextField.allCases.firstIndex(of: field) ?? 0
                    check.field = fieldIndex
                    check.start = needlePairs.count
                    var opened: [Int] = []
                    if let literals = pattern.literals {
                        check.kind = .literal
                        check.scanner = fieldIndex * 2 + (pattern.isCaseSensitive ? 1 : 0)
                        for literal in literals {
                            if literal.bytes.isEmpty {
                                check.mask = 1  // matches an empty text: no gate
                                continue
                            }
                            let hit: LiteralScanner.Hit =
                                literal.atStart
                                ? (literal.atEnd ? .whole : .atStart) : (literal.atEnd ? .atEnd : .anywhere)
                            opened.append(needles[check.scanner].count)
                            needlePairs.append((check.scanner, needles[check.scanner].count))
                            needleHits.append(hit.rawValue)
                            needles[check.scanner].append(literal.bytes)
                        }
                        if check.mask == 1 { opened = [] }
                    } else {
                        // The literal runs every match holds go to the field's case-folding scanner.
                        check.kind = .regex
                        check.scanner = fieldIndex * 2
                        check.pattern = patterns.count
                        patterns.append(pattern)
                        for run in pattern.requiredLiterals {
                            if opened.isEmpty { opened.append(needles[check.scanner].count) }
                            needlePairs.append((check.scanner, needles[check.scanner].count))
                            needleHits.append(LiteralScanner.Hit.anywhere.rawValue)
                            needles[check.scanner].append(run)
                        }
                    }
                    check.end = needlePairs.count
                    if gate == nil && !opened.isEmpty { gate = (check.scanner, opened) }
                }
                ruleChecks.append(check)
            }
            ruleChecks.sort { $0.kind.rawValue < $1.kind.rawValue }
            starts.append(checks.count)
            checks += ruleChecks
            gates.append(gate)
        }
        starts.append(checks.count)
        var hitStarts: [Int] = []
        var total = 0
        for list in needles {
            hitStarts.append(total)
            total += list.count
        }
        // The names tables, now that every vocabulary is complete.
        var allowed: [Bool] = []
        var offsets: [Int] = []
        for (kind, names) in allowedNames {
            offsets.append(allowed.count)
            allowed += (0..<vocabularies[kind].count).map { names.contains($0) }
        }
        for index in checks.indices where checks[index].kind == .names {
            checks[index].start = offsets[checks[index].start]
        }
        // Gates: per slot, the rules it opens.
        var opens = [[Int32]](repeating: [], count: total)
        let words = (set.rules.count + 63) / 64
        var ungated = [UInt64](repeating: 0, count: max(words, 1))
        var gateScanners = 0
        for (rule, gate) in gates.enumerated() {
            guard let gate else {
                ungated[rule >> 6] |= 1 << UInt64(rule & 63)
                continue
            }
            gateScanners |= 1 << gate.scanner
            for needle in gate.needles { opens[hitStarts[gate.scanner] + needle].append(Int32(rule)) }
        }
        var gateStarts: [Int32] = [0]
        var gatedRules: [Int32] = []
        for list in opens {
            gatedRules += list
            gateStarts.append(Int32(gatedRules.count))
        }
        ruleCount = set.rules.count
        self.checks = .copying(checks)
        ruleStarts = .copying(starts)
        ruleIDs = set.rules.map(\.id)
        ruleValues = set.rules.map { rule in
            var values = rule.values
            values.ruleIDs = [rule.id]
            return values
        }
        ruleContinues = set.rules.map(\.continues)
        self.vocabularies = vocabularies
        self.allowed = .copying(allowed)
        self.bounds = bounds
        needleSlots = .copying(needlePairs.map { Int32(hitStarts[$0.scanner] + $0.needle) })
        self.needleHits = .copying(needleHits)
        self.patterns = patterns
        scanners = needles.enumerated().map { index, list in LiteralScanner(needles: list, foldsCase: index % 2 == 0) }
        self.hitStarts = hitStarts
        self.gateStarts = .copying(gateStarts)
        self.gatedRules = .copying(gatedRules)
        self.ungated = .copying(ungated)
        self.gateScanners = gateScanners
        hits = .copying([UInt8](repeating: 0, count: max(total, 1)))
        candidates = .copying(ungated)
        touched.reserveCapacity(64)
    }

    deinit {
        checks.deallocate()
        ruleStarts.deallocate()
        allowed.deallocate()
        needleSlots.deallocate()
        needleHits.deallocate()
        gateStarts.deallocate()
        gatedRules.deallocate()
        ungated.deallocate()
        hits.deallocate()
        candidates.deallocate()
    }

    /// What the rules set on one transaction.
    public func assignment(for input: RuleInput) -> RuleAssignment {
        lookUp(0, input.account)
        lookUp(1, input.amount.currency.code)
        lookUp(2, input.format)
        lookUp(3, input.mapping)
        var row = RowState(names: (names[0], names[1], names[2], names[3]))
        touched.removeAll(keepingCapacity: true)
        // The gates' fields first: their hits say which rules can fire at all.
        var scanner = 0
        while gateScanners >> scanner != 0 {
            if gateScanners & (1 << scanner) != 0 { scan(scanner, input, &row) }
            scanner += 1
        }
        for word in 0..<candidates.count { candidates[word] = ungated[word] }
        for slot in touched {
            for index in Int(gateStarts[Int(slot)])..<Int(gateStarts[Int(slot) + 1]) {
                let rule = Int(gatedRules[index])
                candidates[rule >> 6] |= 1 << UInt64(rule & 63)
            }
        }
        var result = RuleAssignment()
        search: for word in 0..<candidates.count {
            var bits = candidates[word]
            while bits != 0 {
                let rule = word << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                guard holds(rule, input, &row) else { continue }
                if result.ruleIDs.isEmpty {
                    // The rule's values with its id already: the row shares them, nothing is made.
                    result = ruleValues[rule]
                } else {
                    result.fill(from: ruleValues[rule])
                    result.ruleIDs.append(ruleIDs[rule])
                }
                if !ruleContinues[rule] { break search }
            }
        }
        for slot in touched { hits[Int(slot)] = 0 }
        return result
    }

    // MARK: - Private

    /// One `when` key, compiled: plain values only.
    fileprivate struct FlatCheck {
        /// In the order they are checked (cheapest first).
        enum Kind: UInt8 {
            case direction, names, weekday, dayOfMonth, amount, literal, regex
        }

        var kind: Kind
        /// The text field, for literal and regex checks.
        var field = 0
        /// The scanner (literal, regex) or the vocabulary (names).
        var scanner = 0
        /// A range in the needle slots, or where a names check's table starts, or a bound's index.
        var start = 0
        var end = 0
        /// Weekday or day bits; the direction (1 credit); for a literal check, 1 when an
        /// alternative is empty (it matches an empty text).
        var mask = 0
        var pattern = 0
    }

    /// What is known about the row being evaluated.
    private struct RowState {
        var names: (Int, Int, Int, Int)
        var weekday = 0
        /// Bit `s` set once scanner `s` has scanned its field.
        var scanned = 0

        func name(_ kind: Int) -> Int {
            switch kind {
            case 0: return names.0
            case 1: return names.1
            case 2: return names.2
            default: return names.3
            }
        }
    }

    private func lookUp(_ kind: Int, _ name: String?) {
        if let last = lastNames[kind], let name, last == name { return }
        lastNames[kind] = name
        names[kind] = name.flatMap { vocabularies[kind][$0] } ?? -1
    }

    private func holds(_ rule: Int, _ input: RuleInput, _ row: inout RowState) -> Bool {
        for index in ruleStarts[rule]..<ruleStarts[rule + 1] {
            let check = checks[index]
            switch check.kind {
            case .direction:
                if (input.direction == .credit ? 1 : 0) != check.mask { return false }
            case .names:
                let name = row.name(check.scanner)
                if name < 0 || !allowed[check.start + name] { return false }
            case .weekday:
                if row.weekday == 0 { row.weekday = RuleCondition.weekday(of: input.bookingDay) }
                if check.mask & (1 << row.weekday) == 0 { return false }
            case .dayOfMonth:
                if check.mask & (1 << input.bookingDay.day) == 0 { return false }
            case .amount:
                let (min, max) = bounds[check.start]
                let units = input.amount.minorUnits
                let digits = input.amount.currency.minorDigits
                if let min, min.compare(minorUnits: units, minorDigits: digits) < 0 { return false }
                if let max, max.compare(minorUnits: units, minorDigits: digits) > 0 { return false }
            case .literal:
                if row.scanned & (1 << check.scanner) == 0 { scan(check.scanner, input, &row) }
                var found = false
                for needle in check.start..<check.end where hits[Int(needleSlots[needle])] & needleHits[needle] != 0 {
                    found = true
                    break
                }
                if !found && !(check.mask == 1 && text(check.field, input).isEmpty) { return false }
            case .regex:
                if check.start < check.end {
                    if row.scanned & (1 << check.scanner) == 0 { scan(check.scanner, input, &row) }
                    for needle in check.start..<check.end where hits[Int(needleSlots[needle])] == 0 { return false }
                }
                if !patterns[check.pattern].matches(text(check.field, input)) { return false }
            }
        }
        return true
    }

    private func text(_ field: Int, _ input: RuleInput) -> String {
        switch field {
        case 0: return input.description
        case 1: return input.payee ?? ""
        default: return input.memo
        }
    }

    /// Scans the field of scanner `index` once for the row.
    private func scan(_ index: Int, _ input: RuleInput, _ row: inout RowState) {
        row.scanned |= 1 << index
        var value = text(index / 2, input)
        let scanner = scanners[index]
        let offset = hitStarts[index]
        value.withUTF8 { bytes in scanner.scan(bytes, into: hits, offset: offset, touched: &touched) }
    }
}

extension UnsafeMutableBufferPointer {
    /// A new buffer holding a copy of the elements (at least one slot, so it always has a base).
    fileprivate static func copying(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return buffer
    }
}

@available(*, unavailable)
extension RuleEvaluator: Sendable {}
