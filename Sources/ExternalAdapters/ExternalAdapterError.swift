import LedgerCore

/// Why an external adapter could not be described, identified or run: it failed to start, broke
/// a limit, exited badly, or described itself wrongly.
///
/// Its location is the user's input file (for `extract`) or the adapter's executable (for
/// `describe`); the message names the adapter and, when it wrote any, ends with the last lines of
/// its stderr.
public struct ExternalAdapterError: LocatedError, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The executable could not be started (`posix_spawn` failed, no temporary directory).
        case cannotStart(String)
        /// `describe` printed something that isn't a valid description.
        case badDescription(String)
        /// The adapter speaks none of the host's protocol versions.
        case noCommonProtocol(adapter: [Int], host: [Int])
        /// A limit was hit: silence, a line or all output too long.
        case limit(String)
        /// The process exited with a non-zero status.
        case exitStatus(Int32)
        /// The process was killed by a signal.
        case signal(Int32)
        /// The input file could not be copied for the adapter, or its output read.
        case io(String)
    }

    public var location: SourceLocation
    /// The adapter's NAME.
    public var adapter: String
    public var reason: Reason
    /// The last lines the adapter wrote on stderr, made safe to show.
    public var diagnostics: [String]

    /// Creates an error.
    public init(_ reason: Reason, adapter: String, at location: SourceLocation, diagnostics: [String] = []) {
        self.reason = reason
        self.adapter = adapter
        self.location = location
        self.diagnostics = diagnostics
    }

    public var message: String {
        var text = "adapter \(adapter)" + reasonText
        if !diagnostics.isEmpty {
            text += "\nits last lines on stderr:\n" + diagnostics.map { "  | " + $0 }.joined(separator: "\n")
        }
        return text
    }

    private var reasonText: String {
        switch reason {
        case .cannotStart(let why): return " cannot be started: \(why)"
        case .badDescription(let why): return ", describe: \(why)"
        case .noCommonProtocol(let adapter, let host):
            return " speaks protocol \(Self.list(adapter)); this ledgerport speaks \(Self.list(host))"
        case .limit(let why): return ": \(why)"
        case .exitStatus(let status): return " exited with status \(status); expected 0"
        case .signal(let number): return " was killed by \(Self.signalName(number)); expected it to exit with status 0"
        case .io(let why): return ": \(why)"
        }
    }

    private static func list(_ versions: [Int]) -> String {
        versions.isEmpty ? "none" : versions.map(String.init).joined(separator: ", ")
    }

    private static func signalName(_ number: Int32) -> String {
        switch number {
        case 1: return "signal 1 (SIGHUP)"
        case 2: return "signal 2 (SIGINT)"
        case 3: return "signal 3 (SIGQUIT)"
        case 4: return "signal 4 (SIGILL)"
        case 6: return "signal 6 (SIGABRT)"
        case 7: return "signal 7 (SIGBUS)"
        case 8: return "signal 8 (SIGFPE)"
        case 9: return "signal 9 (SIGKILL)"
        case 11: return "signal 11 (SIGSEGV)"
        case 13: return "signal 13 (SIGPIPE)"
        case 15: return "signal 15 (SIGTERM)"
        default: return "signal \(number)"
        }
    }
}
