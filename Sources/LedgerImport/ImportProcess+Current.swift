import Foundation
import LedgerStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImportProcess {
    /// This process, as the imports log records it.
    public static var current: ImportProcess {
        ImportProcess(id: ProcessInfo.processInfo.processIdentifier, host: ProcessInfo.processInfo.hostName)
    }

    /// Whether a process with this id is alive on this host (`kill(id, 0)`: it exists, ours or
    /// not). A process id reused since counts as alive: the run then shows as `running`.
    public static func isRunning(_ id: Int32) -> Bool {
        guard id > 0 else { return false }
        return kill(id, 0) == 0 || errno == EPERM
    }
}

extension ImportRecord {
    /// Whether this run was killed or crashed before it closed its row, as far as this host can
    /// tell (``ImportRecord/wasInterrupted(on:isRunning:)`` with this host's processes).
    public var wasInterrupted: Bool {
        wasInterrupted(on: ImportProcess.current.host, isRunning: ImportProcess.isRunning)
    }
}
