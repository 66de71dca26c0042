import LedgerCore
import LedgerStore

extension CommandContext {
    /// The commodities the ledger declares, for an adapter reading a file without writing
    /// (`inspect`, `extract`): empty, ISO 4217 only, when there is no ledger or it can't be opened.
    func declaredCommodities() -> CommodityTable {
        guard hasLedger, let store = try? commodityStore() else { return CommodityTable() }
        return store.commodities
    }

    /// The ledger's commodities, whichever store holds it: it must exist, unless
    /// `creatingIfMissing` (`commodities add` creates it, as ``importStore(creatingIfMissing:)`` does).
    func commodityStore(creatingIfMissing: Bool = false) throws -> any CommodityStore {
        guard target.isPostgres else { return try ledger(creatingIfMissing: creatingIfMissing) }
        _ = try importStore(creatingIfMissing: creatingIfMissing)
        return try postgresLedger()
    }

    /// The existing account `--account` names, when there is a ledger (none is created), for
    /// its currency; a `--currency` that contradicts that currency is bad usage, found before any
    /// file is read.
    ///
    /// - Throws: ``UsageError`` `--currency EUR, but account "Chk" holds USD`.
    func existingAccount(named account: String?, currencyCode: String?) throws -> StoredAccount? {
        guard let account, hasLedger, let target = try reader().account(named: account) else { return nil }
        if let currencyCode, currencyCode != target.currency.code {
            throw UsageError(
                "--currency \(currencyCode), but account \"\(target.name)\" holds \(target.currency.code); "
                    + "expected --currency \(target.currency.code), or none (the account's is used)")
        }
        return target
    }
}

extension ParsedArguments {
    /// The code a `--currency CODE` value gives, upper-cased: an ISO 4217 code or one a declared
    /// commodity could have (``currency(_:in:)`` resolves it once the ledger is open); `nil` when
    /// the option is absent.
    static func currencyCode(_ code: String?) throws(UsageError) -> String? {
        guard let code else { return nil }
        let upper = code.uppercased()
        guard Currency(code: upper) != nil || Currency.isCommodityCode(upper) else {
            throw UsageError("--currency \(code) is not a currency; expected an ISO 4217 code such as EUR or USD")
        }
        return upper
    }

    /// The unit a `--currency` code names: ISO 4217, else a commodity the ledger declares.
    static func currency(_ code: String?, in commodities: CommodityTable) throws(UsageError) -> Currency? {
        guard let code else { return nil }
        guard let currency = commodities.currency(code: code) else {
            throw UsageError(
                "--currency \(code) is not a currency; expected an ISO 4217 code such as EUR or USD, "
                    + "or a commodity the ledger declares (`ledgerport commodities add \(code) --digits N`)")
        }
        return currency
    }
}
