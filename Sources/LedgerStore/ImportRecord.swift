/// One import run, as the imports log keeps it.
public struct ImportRecord: Sendable, Hashable {
    /// How a run ended.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Still running, or interrupted (killed, crashed) before it could say how it ended.
        case running
        /// Every record was read and saved or found already stored.
        case complete
        /// Stopped at a failure; the batches before it were kept.
        case stopped
    }

    public var id: Int64
    public var startedAt: String
    public var finishedAt: String?
    public var sourcePath: String
    public var sha256: String?
    public var adapter: String
    public var mapping: String?
    public var read: Int
    public var inserted: Int
    public var duplicates: Int
    public var batches: Int
    public var status: Status
    public var failure: String?
    /// The process that ran the import, when it was recorded (imports since schema version 7).
    public var process: ImportProcess?
    /// When `imports undo` took the import back (its rows, balances and checkpoints), if it did.
    public var undoneAt: String?
    /// The adapter's version, when it was recorded (imports since schema version 11).
    public var adapterVersion: String?
    /// An external adapter's executable's SHA-256 (hex); `nil` for a built-in adapter and for
    /// imports before schema version 11.
    public var adapterSHA256: String?

    /// Whether the run is marked `running` but its process, on `host`, has gone: it was killed or
    /// crashed before it could close its row. `isRunning` says whether a process id is alive.
    public func wasInterrupted(on host: String, isRunning: (Int32) -> Bool) -> Bool {
        guard status == .running, let process, process.host == host else { return false }
        return !isRunning(process.id)
    }
}

/// The process running an import: its id and the host it runs on.
public struct ImportProcess: Sendable, Hashable {
    public var id: Int32
    public var host: String

    public init(id: Int32, host: String) {
        self.id = id
        self.host = host
    }
}
