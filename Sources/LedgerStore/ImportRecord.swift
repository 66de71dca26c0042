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
}
