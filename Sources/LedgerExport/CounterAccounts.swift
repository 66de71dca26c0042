import LedgerCore

/// The counter-account of each category and direction, worked out once per export (a default
/// name folds accents and splits words: too slow to do for every row).
struct CounterAccounts {
    let names: JournalNames
    private var debits: [String: String] = [:]
    private var credits: [String: String] = [:]
    private let unknownDebit: String
    private let unknownCredit: String
    /// The categories last asked about by their bytes, with each direction's name (newest last).
    private var recent: [(category: [UInt8], debit: String?, credit: String?)] = []
    /// The counter-accounts rules or hand edits set, last asked about by their bytes.
    private var recentSet: [(bytes: [UInt8], name: String)] = []

    init(names: JournalNames) {
        self.names = names
        unknownDebit = names.counterAccount(category: nil, direction: .debit)
        unknownCredit = names.counterAccount(category: nil, direction: .credit)
    }

    mutating func name(category: String?, direction: Direction) -> String {
        guard let category else { return direction == .debit ? unknownDebit : unknownCredit }
        if let known = direction == .debit ? debits[category] : credits[category] { return known }
        let name = names.counterAccount(category: category, direction: direction)
        if direction == .debit { debits[category] = name } else { credits[category] = name }
        return name
    }

    /// The same for a category's bytes (valid UTF-8), looked up among the few last asked about
    /// before a string is made of them: a listing's rows repeat a handful of categories.
    mutating func name(category: UnsafeBufferPointer<UInt8>?, direction: Direction) -> String {
        guard let category else { return direction == .debit ? unknownDebit : unknownCredit }
        let index =
            recent.lastIndex { $0.category.elementsEqual(category) }
            ?? {
                if recent.count == 8 { recent.removeFirst() }
                recent.append((Array(category), nil, nil))
                return recent.count - 1
            }()
        if let known = direction == .debit ? recent[index].debit : recent[index].credit { return known }
        let found = name(category: String(decoding: category, as: UTF8.self), direction: direction)
        if direction == .debit { recent[index].debit = found } else { recent[index].credit = found }
        return found
    }

    /// A counter-account a rule or a hand edit set, from its bytes (valid UTF-8), as a string
    /// made once for the few last asked about.
    mutating func name(set bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let known = recentSet.last(where: { $0.bytes.elementsEqual(bytes) }) { return known.name }
        if recentSet.count == 8 { recentSet.removeFirst() }
        let name = String(decoding: bytes, as: UTF8.self)
        recentSet.append((Array(bytes), name))
        return name
    }
}
