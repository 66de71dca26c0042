/// What undoing an import did (or, in a dry run, would do).
public struct ImportUndo: Sendable, Hashable {
    /// The import.
    public var importID: Int64
    /// When the import was undone before, for a second undo, which changes nothing.
    public var undoneBefore: String?
    /// Rows the import brought that no other import also brought: deleted.
    public var deletedTransactions = 0
    /// Rows another import also brought, by that import's id: kept and now counted as its own.
    public var handedOver: [Int64: Int] = [:]
    /// Statement balances and checkpoints the import brought: removed.
    public var removedBalances = 0
    public var removedCheckpoints: [Checkpoint] = []
    /// Later checkpoints whose status or discrepancy changed, with their new figures.
    public var refreshed: [Checkpoint] = []

    /// Whether the import had been undone already, so nothing changed.
    public var wasUndoneBefore: Bool { undoneBefore != nil }

    public init(importID: Int64) { self.importID = importID }
}

/// What deleting a checkpoint did (or would do).
public struct CheckpointDeletion: Sendable, Hashable {
    /// The checkpoint removed.
    public var deleted: Checkpoint
    /// Later checkpoints whose status or discrepancy changed, with their new figures.
    public var refreshed: [Checkpoint] = []

    public init(deleted: Checkpoint) { self.deleted = deleted }
}
