import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The adapter process groups and private files alive now, so that ledgerport interrupted
/// (SIGINT from a terminal's ^C, SIGTERM, SIGHUP) leaves neither an adapter running nor a copy of
/// the user's file behind: the adapter has a process group of its own, which a terminal's ^C
/// doesn't reach.
///
/// The first registration installs a handler for the three signals. It kills every registered
/// group (SIGKILL), unlinks the registered files, removes the registered directories, then
/// restores the default action and raises the signal again, so ledgerport ends as it would have.
/// The handler only reads atomics and calls `kill`, `unlink`, `rmdir`, `signal` and `raise`
/// (async-signal-safe); paths are copied into each slot's own buffer when registered.
/// A SIGKILL of ledgerport itself can't be handled: its adapter then runs until it ends.
enum AdapterCleanup {
    /// What a slot holds.
    private enum Kind: Int {
        case free = 0
        case processGroup
        case file
        case directory
    }

    /// One registration: a process group or a path. Written only while ``kind`` is free.
    private final class Slot: Sendable {
        let kind = Atomic<Int>(0)
        let pid = Atomic<Int32>(0)
        /// The slot's path buffer (`PATH_MAX + 1` bytes), allocated on first use and kept.
        let buffer = Atomic<Int>(0)
    }

    private static let capacity = 256
    private static let slots: [Slot] = (0..<capacity).map { _ in Slot() }
    private static let claiming = Mutex<Bool>(false)

    /// A registration to end with ``unregister(_:)``; `nil` when there was no room (the cleanup on
    /// a signal then misses it; the normal paths still clean up).
    struct Registration: Sendable {
        fileprivate let index: Int
    }

    /// Registers a running adapter's process group.
    static func register(processGroup: pid_t) -> Registration? {
        claim(.processGroup) { slot in
            slot.pid.store(processGroup, ordering: .relaxed)
            return true
        }
    }

    /// Registers a file to unlink (the private copy of the input).
    static func register(file path: String) -> Registration? {
        claim(.file) { slot in copy(path, into: slot) }
    }

    /// Registers a private directory to remove (emptied of its registered files first).
    static func register(directory path: String) -> Registration? {
        claim(.directory) { slot in copy(path, into: slot) }
    }

    /// Ends a registration: the process is reaped, the file or directory removed.
    static func unregister(_ registration: Registration?) {
        guard let registration else { return }
        slots[registration.index].kind.store(Kind.free.rawValue, ordering: .releasing)
    }

    /// Finds a free slot, fills it, then publishes it. Installs the handler the first time.
    private static func claim(_ kind: Kind, fill: (Slot) -> Bool) -> Registration? {
        claiming.withLock { installed -> Registration? in
            if !installed {
                installed = true
                for signal in [SIGINT, SIGTERM, SIGHUP] {
                    // A signal ledgerport was started ignoring (`nohup`) stays ignored.
                    let previous = Glibc.signal(signal, handleSignal)
                    if previous.map({ unsafeBitCast($0, to: Int.self) }) == 1 { _ = Glibc.signal(signal, SIG_IGN) }
                }
            }
            for (index, slot) in slots.enumerated() where slot.kind.load(ordering: .acquiring) == Kind.free.rawValue {
                guard fill(slot) else { return nil }
                slot.kind.store(kind.rawValue, ordering: .releasing)
                return Registration(index: index)
            }
            return nil
        }
    }

    /// Copies a path, NUL-terminated, into the slot's buffer; false when it is too long.
    private static func copy(_ path: String, into slot: Slot) -> Bool {
        let bytes = Array(path.utf8)
        let size = Int(PATH_MAX) + 1
        guard bytes.count < size, !bytes.contains(0) else { return false }
        var address = slot.buffer.load(ordering: .acquiring)
        if address == 0 {
            address = Int(bitPattern: UnsafeMutablePointer<CChar>.allocate(capacity: size))
            slot.buffer.store(address, ordering: .releasing)
        }
        guard let buffer = UnsafeMutablePointer<CChar>(bitPattern: address) else { return false }
        for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        return true
    }

    /// Kills the registered groups, removes the registered files then directories.
    fileprivate static func cleanUp() {
        // Groups first, then files, then directories; nothing here allocates.
        for raw in Kind.processGroup.rawValue...Kind.directory.rawValue {
            guard let kind = Kind(rawValue: raw) else { continue }
            for slot in slots where slot.kind.load(ordering: .acquiring) == raw {
                switch kind {
                case .processGroup:
                    let pid = slot.pid.load(ordering: .relaxed)
                    if pid > 0 { kill(-pid, SIGKILL) }
                case .file, .directory:
                    guard let path = UnsafeMutablePointer<CChar>(bitPattern: slot.buffer.load(ordering: .acquiring))
                    else { continue }
                    if kind == .file { unlink(path) } else { rmdir(path) }
                case .free:
                    continue
                }
            }
        }
    }
}

/// The handler of SIGINT, SIGTERM and SIGHUP while adapters may run.
private func handleSignal(_ signal: Int32) {
    AdapterCleanup.cleanUp()
    _ = Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
