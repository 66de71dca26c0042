/// The changes one batch makes to one stream, as FinanceKit's `Changes` lists them.
public struct FeedModelChanges<Model: FeedModel>: Sendable, Hashable {
    /// Models the batch inserts (an id already stored is updated).
    public var inserted: [Model]
    /// Models the batch updates (an id not yet stored is inserted).
    public var updated: [Model]
    /// Ids the batch deletes (an unknown id is a no-op).
    public var deleted: [String]

    /// Creates changes.
    public init(inserted: [Model] = [], updated: [Model] = [], deleted: [String] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// The models to store after the batch, in order: `inserted` then `updated`, without any id
    /// the same batch deletes (within a batch, deleted wins), and with only the last of repeated
    /// ids.
    public var upserts: [Model] {
        let deletedIDs = Set(deleted)
        var seen: [String: Int] = [:]
        var result: [Model] = []
        result.reserveCapacity(inserted.count + updated.count)
        for model in inserted + updated where !deletedIDs.contains(model.id) {
            if let position = seen[model.id] {
                result[position] = model
            } else {
                seen[model.id] = result.count
                result.append(model)
            }
        }
        return result
    }

    /// How many models and ids the batch lists.
    public var count: Int { inserted.count + updated.count + deleted.count }
}
