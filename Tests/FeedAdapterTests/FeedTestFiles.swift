import Foundation
import LedgerCore

@testable import FeedAdapter

/// Builders for feed JSON in tests, and a temporary folder that cleans up after itself.
enum FeedJSONText {
    static let manifest = #"{"format":"financekit-history","version":1,"epoch":"E1","timeZone":"Europe/Paris"}"#

    static func transaction(
        id: String = "T1", account: String = "A1", amount: String = "\"12.50\"", indicator: String = "debit",
        date: String = "2024-01-15T10:00:00Z", posted: String? = nil, status: String = "booked",
        extra: String = ""
    ) -> String {
        let postedField = posted.map { #","postedDate":"\#($0)""# } ?? ""
        return
            #"{"id":"\#(id)","accountID":"\#(account)","transactionAmount":{"amount":\#(amount),"currencyCode":"EUR"},"creditDebitIndicator":"\#(indicator)","transactionDate":"\#(date)"\#(postedField),"transactionDescription":"Coffee","originalTransactionDescription":"COFFEE 12","transactionType":"pointOfSale","status":"\#(status)"\#(extra)}"#
    }

    static func batch(
        stream: String = "transactions", account: String? = "A1", seq: Int = 1, previous: String? = nil,
        token: String? = nil, reset: Bool = false, inserted: [String] = [], updated: [String] = [],
        deleted: [String] = []
    ) -> String {
        let accountField = account.map { #""accountID":"\#($0)","# } ?? ""
        let previousField = previous.map { "\"\($0)\"" } ?? "null"
        let deletedList = deleted.map { "\"\($0)\"" }.joined(separator: ",")
        return
            #"{"stream":"\#(stream)",\#(accountField)"seq":\#(seq),"previousToken":\#(previousField),"newToken":"\#(token ?? "tok\(seq)")","reset":\#(reset),"inserted":[\#(inserted.joined(separator: ","))],"updated":[\#(updated.joined(separator: ","))],"deleted":[\#(deletedList)]}"#
    }

    static func asset(id: String = "A1", currency: String = "EUR") -> String {
        #"{"asset":{"id":"\#(id)","displayName":"Everyday","institutionName":"Example Bank","currencyCode":"\#(currency)"}}"#
    }

    static func liability(id: String = "L1") -> String {
        #"{"liability":{"id":"\#(id)","displayName":"Card","institutionName":"Example Card Issuer","currencyCode":"EUR","creditInformation":{"creditLimit":{"amount":"3000.00","currencyCode":"EUR"}}}}"#
    }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "feed-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file, creating its folders.
    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes `feed.json`.
    func writeManifest(_ text: String = FeedJSONText.manifest) throws { try write("feed.json", text) }
}

/// Decodes a batch from text, in Paris time unless told otherwise.
func decodeBatch(_ text: String, file: String = "b.json", zone: String = "Europe/Paris") throws -> FeedBatch {
    try FeedBatch.decode(Array(text.utf8), file: file, timeZone: TimeZone(identifier: zone)!)
}

/// The error decoding a batch throws, or `nil` if it decodes.
func batchError(_ text: String, file: String = "b.json") -> FeedError? {
    do {
        _ = try decodeBatch(text, file: file)
        return nil
    } catch let error as FeedError {
        return error
    } catch {
        return nil
    }
}
