import Foundation
import LedgerCore

extension FeedBatch {
    /// Reads a batch from its JSON bytes.
    ///
    /// - Parameters:
    ///   - bytes: the bytes holding the batch's JSON object.
    ///   - range: the part of `bytes` to read (all of it when `nil`).
    ///   - file: the file's name for errors.
    ///   - firstLine: the line on which `range` starts (JSON Lines).
    ///   - timeZone: the feed's time zone, for days.
    ///   - expected: the stream the batch must belong to (its folder), when known.
    /// - Throws: ``FeedError`` naming the JSON path of the first problem: bad JSON, a missing field,
    ///   a negative amount, an unknown indicator or status, a model of another account.
    public static func decode(
        _ bytes: [UInt8], range: Range<Int>? = nil, file: String, firstLine: Int = 1, timeZone: TimeZone,
        expected: FeedStream? = nil
    ) throws(FeedError) -> FeedBatch {
        let root = try FeedJSON.parse(bytes, range: range, file: file, firstLine: firstLine)
        let object = try JSONObjectReader(root, path: "$", file: file)
        let context = FeedDecodingContext(file: file, timeZone: timeZone)

        let kindText = try object.string("stream")
        guard let kind = FeedStream.Kind(rawValue: kindText) else {
            throw object.error(
                .invalidValue(found: "\"\(kindText)\"", expected: "\"accounts\", \"balances\" or \"transactions\""),
                "stream")
        }
        let stream: FeedStream
        if kind == .accounts {
            if object.value("accountID") != nil {
                throw object.error(
                    .invalidValue(found: "an accountID", expected: "none in a batch of the accounts stream"),
                    "accountID")
            }
            stream = .accounts
        } else {
            stream = FeedStream(kind: kind, accountID: try object.nonEmptyString("accountID"))
        }
        if let expected, expected != stream {
            throw FeedError(
                .misplacedBatch(found: "a batch of stream \(stream)", expected: "a batch of \(expected), its folder"),
                at: object.location(of: root), jsonPath: "$")
        }
        let seq = try object.integer("seq")
        guard seq >= 1 else {
            throw object.error(.invalidValue(found: "seq \(seq)", expected: "a sequence number from 1"), "seq")
        }
        let previousToken = try object.optionalString("previousToken")
        let newToken = try object.nonEmptyString("newToken")
        let reset = try object.bool("reset")
        let deleted = try decodeIDs(object)

        let changes: FeedChanges
        switch kind {
        case .accounts:
            changes = .accounts(
                FeedModelChanges(
                    inserted: try decodeModels(object, "inserted") { (o) throws(FeedError) in
                        try FeedAccount.decode(o, context: context)
                    },
                    updated: try decodeModels(object, "updated") { (o) throws(FeedError) in
                        try FeedAccount.decode(o, context: context)
                    },
                    deleted: deleted))
        case .balances:
            let decode = { (o: JSONObjectReader) throws(FeedError) -> FeedAccountBalance in
                let balance = try FeedAccountBalance.decode(o, context: context)
                try checkAccount(balance.accountID, of: stream, in: o)
                return balance
            }
            changes = .balances(
                FeedModelChanges(
                    inserted: try decodeModels(object, "inserted", decode),
                    updated: try decodeModels(object, "updated", decode), deleted: deleted))
        case .transactions:
            let decode = { (o: JSONObjectReader) throws(FeedError) -> FeedTransaction in
                let transaction = try FeedTransaction.decode(o, context: context)
                try checkAccount(transaction.accountID, of: stream, in: o)
                return transaction
            }
            changes = .transactions(
                FeedModelChanges(
                    inserted: try decodeModels(object, "inserted", decode),
                    updated: try decodeModels(object, "updated", decode), deleted: deleted))
        }
        return FeedBatch(
            stream: stream, seq: seq, previousToken: previousToken, newToken: newToken, reset: reset,
            changes: changes, location: object.location(of: root))
    }

    // MARK: - Private

    private static func decodeModels<Model>(
        _ object: JSONObjectReader, _ key: String, _ decode: (JSONObjectReader) throws(FeedError) -> Model
    ) throws(FeedError) -> [Model] {
        let elements = try object.array(key)
        var models: [Model] = []
        models.reserveCapacity(elements.count)
        let base = object.childPath(key)
        for (index, element) in elements.enumerated() {
            models.append(try decode(try JSONObjectReader(element, path: "\(base)[\(index)]", file: object.file)))
        }
        return models
    }

    private static func decodeIDs(_ object: JSONObjectReader) throws(FeedError) -> [String] {
        let elements = try object.array("deleted")
        var ids: [String] = []
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let id) = element.kind, !id.isEmpty else {
                throw FeedError(
                    .wrongType(found: element.summary, expected: "a non-empty id string"),
                    at: object.location(of: element), jsonPath: "$.deleted[\(index)]")
            }
            ids.append(id)
        }
        return ids
    }

    private static func checkAccount(_ accountID: String, of stream: FeedStream, in object: JSONObjectReader)
        throws(FeedError)
    {
        guard accountID == stream.accountID else {
            throw object.error(
                .misplacedBatch(
                    found: "accountID \"\(accountID)\"", expected: "\"\(stream.accountID ?? "")\", the batch's account"),
                "accountID")
        }
    }
}
