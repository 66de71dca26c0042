import Foundation
import LedgerCore

/// Writes feed folders for sync tests: batches with chained tokens, compactions, gaps, a new
/// epoch. Amounts are given as decimal strings, never as floating-point numbers.
final class TestFeed {
    let path: String
    private(set) var epoch = "E1"
    private var lastSeq: [String: Int] = [:]
    private var lastToken: [String: String] = [:]
    private var chain = "c1"

    init() throws {
        path = NSTemporaryDirectory() + "feed-sync-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try writeManifest()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Starts a new epoch (the exporter reset its history).
    func newEpoch(_ name: String) throws {
        epoch = name
        try writeManifest()
    }

    // MARK: - Models

    static func asset(_ id: String) -> String {
        #"{"asset":{"id":"\#(id)","displayName":"Account \#(id)","institutionName":"Example Bank","currencyCode":"EUR"}}"#
    }

    static func liability(_ id: String) -> String {
        #"{"liability":{"id":"\#(id)","displayName":"Card \#(id)","institutionName":"Example Card Issuer","currencyCode":"EUR","creditInformation":{}}}"#
    }

    static func transaction(
        _ id: String, account: String, _ amount: String, _ indicator: String = "debit", day: String = "2024-01-15",
        posted: String? = nil, status: String = "booked", description: String = "Coffee"
    ) -> String {
        let postedField = posted.map { #","postedDate":"\#($0)""# } ?? ""
        return
            #"{"id":"\#(id)","accountID":"\#(account)","transactionAmount":{"amount":"\#(amount)","currencyCode":"EUR"},"creditDebitIndicator":"\#(indicator)","transactionDate":"\#(day)T10:00:00Z"\#(postedField),"transactionDescription":"\#(description)","originalTransactionDescription":"\#(description.uppercased())","transactionType":"pointOfSale","status":"\#(status)"}"#
    }

    static func bookedBalance(_ id: String, account: String, _ amount: String, _ indicator: String, day: String)
        -> String
    {
        #"{"id":"\#(id)","accountID":"\#(account)","currencyCode":"EUR","currentBalance":{"booked":{"amount":{"amount":"\#(amount)","currencyCode":"EUR"},"asOfDate":"\#(day)T20:00:00Z","creditDebitIndicator":"\#(indicator)"}}}"#
    }

    // MARK: - Batches

    /// Appends a batch to the accounts stream.
    @discardableResult
    func accounts(_ models: [String]) throws -> Int {
        try append("accounts", stream: "accounts", account: nil, inserted: models)
    }

    /// Appends a batch to an account's transaction stream.
    @discardableResult
    func transactions(
        _ account: String, inserted: [String] = [], updated: [String] = [], deleted: [String] = [], reset: Bool = false
    ) throws -> Int {
        try append(
            "transactions/\(account)", stream: "transactions", account: account, inserted: inserted, updated: updated,
            deleted: deleted, reset: reset)
    }

    /// Appends a batch to an account's balance stream.
    @discardableResult
    func balances(_ account: String, _ models: [String]) throws -> Int {
        try append("balances/\(account)", stream: "balances", account: account, inserted: models)
    }

    /// Replaces a stream's files by one reset snapshot continuing its chain (a compaction).
    func compact(_ folder: String, snapshot models: [String], account: String?) throws {
        let kind = String(folder.split(separator: "/")[0])
        for name in try FileManager.default.contentsOfDirectory(atPath: path + "/" + folder) {
            try FileManager.default.removeItem(atPath: path + "/" + folder + "/" + name)
        }
        try append(folder, stream: kind, account: account, inserted: models, reset: true)
    }

    /// Rewrites a stream from scratch with another token chain (the writer lost its history).
    func rewrite(_ folder: String, account: String?, batches: [[String]]) throws {
        let kind = String(folder.split(separator: "/")[0])
        try FileManager.default.removeItem(atPath: path + "/" + folder)
        lastSeq[folder] = nil
        lastToken[folder] = nil
        chain += "x"
        for models in batches { try append(folder, stream: kind, account: account, inserted: models) }
    }

    /// Deletes one batch file.
    func remove(_ folder: String, seq: Int) throws {
        try FileManager.default.removeItem(atPath: file(folder, seq))
    }

    /// Overwrites one batch file with other text.
    func overwrite(_ folder: String, seq: Int, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(folder, seq)))
    }

    /// The path of a batch file.
    func file(_ folder: String, _ seq: Int) -> String {
        let digits = String(seq)
        return path + "/" + folder + "/" + String(repeating: "0", count: 12 - digits.count) + digits + ".json"
    }

    /// The whole feed as JSON Lines: the manifest, then each stream's batches in order.
    func jsonLines() throws -> String {
        var lines = [try String(contentsOfFile: path + "/feed.json", encoding: .utf8)]
        for folder in lastSeq.keys.sorted() {
            let names = try FileManager.default.contentsOfDirectory(atPath: path + "/" + folder).filter {
                !$0.hasPrefix(".")
            }.sorted()
            for name in names {
                lines.append(try String(contentsOfFile: path + "/" + folder + "/" + name, encoding: .utf8))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Private

    private func writeManifest() throws {
        let text = #"{"format":"financekit-history","version":1,"epoch":"\#(epoch)","timeZone":"Europe/Paris"}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/feed.json"))
    }

    @discardableResult
    private func append(
        _ folder: String, stream: String, account: String?, inserted: [String] = [], updated: [String] = [],
        deleted: [String] = [], reset: Bool = false
    ) throws -> Int {
        let seq = (lastSeq[folder] ?? 0) + 1
        let token = "\(chain)-\(folder)-\(seq)"
        let previous = lastToken[folder].map { "\"\($0)\"" } ?? "null"
        let accountField = account.map { #""accountID":"\#($0)","# } ?? ""
        let ids = deleted.map { "\"\($0)\"" }.joined(separator: ",")
        let text =
            #"{"stream":"\#(stream)",\#(accountField)"seq":\#(seq),"previousToken":\#(previous),"newToken":"\#(token)","reset":\#(reset),"inserted":[\#(inserted.joined(separator: ","))],"updated":[\#(updated.joined(separator: ","))],"deleted":[\#(ids)]}"#
        try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(folder, seq)))
        lastSeq[folder] = seq
        lastToken[folder] = token
        return seq
    }
}
