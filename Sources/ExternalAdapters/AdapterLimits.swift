/// What an external adapter may take: time, output, and the diagnostics kept from it.
///
/// A hang, a flood or a crash ends in an error; the host keeps only whole batches.
public struct AdapterLimits: Sendable, Hashable {
    /// Seconds `describe` and `identify` have to finish.
    public var quickVerbSeconds: Double
    /// Seconds `extract` may stay silent while the host waits for it (time the host spends
    /// writing to the ledger doesn't count).
    public var idleSeconds: Double
    /// The longest line of output, in bytes.
    public var maxLineBytes: Int
    /// All output together, in bytes.
    public var maxOutputBytes: Int
    /// How much of stderr is kept to show with an error, in bytes.
    public var maxDiagnosticBytes: Int

    /// Creates limits.
    public init(
        quickVerbSeconds: Double = 10, idleSeconds: Double = 60, maxLineBytes: Int = 1 << 20,
        maxOutputBytes: Int = 4 << 30, maxDiagnosticBytes: Int = 64 << 10
    ) {
        self.quickVerbSeconds = quickVerbSeconds
        self.idleSeconds = idleSeconds
        self.maxLineBytes = maxLineBytes
        self.maxOutputBytes = maxOutputBytes
        self.maxDiagnosticBytes = maxDiagnosticBytes
    }

    /// The defaults of protocol 1.
    public static let standard = AdapterLimits()
}
