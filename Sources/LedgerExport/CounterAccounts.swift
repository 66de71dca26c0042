import LedgerCore

/// The counter-account of each category and direction, worked out once per export (a default
/// name folds accents and splits words: too slow to do for every row).
struct CounterAccounts {
    let names: JournalNames
    private var debits: [String: String] = [:]
    private var credits: [String: String] = [:]
    private let unknownDebit: String
    private let unknownCredit: String

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
}
