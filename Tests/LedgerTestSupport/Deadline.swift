import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates a FIFO (a named pipe) at a path, as a test of special files needs. Calls `mkfifo`.
public func makeFIFO(at path: String) throws {
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

/// What a call run against a deadline did.
public struct DeadlineRun<Value> {
    /// What the call returned or threw.
    public var result: Result<Value, any Error>
    /// Whether it was still running at the deadline (it was then released, see
    /// ``runWithDeadline(seconds:releasing:_:)``).
    public var hung: Bool
}

/// Runs `body` on a thread of its own and waits for it up to `seconds`, so that a test of a hang
/// fails instead of hanging the suite.
///
/// A body still running at the deadline counts as hung. It is then released: each FIFO in
/// `fifos` is opened for writing and closed again, which lets a reader blocked in `open(2)` go on
/// (it then reads an empty file). The call returns once the body has ended.
public func runWithDeadline<Value>(
    seconds: Double, releasing fifos: [String] = [], _ body: @escaping () throws -> Value
) -> DeadlineRun<Value> {
    let run = DeadlineBox(body)
    let thread = Thread { run.start() }
    thread.start()
    if run.done.wait(timeout: .now() + seconds) == .success { return DeadlineRun(result: run.outcome(), hung: false) }
    while run.done.wait(timeout: .now() + 0.1) != .success {
        for fifo in fifos {
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
    }
    return DeadlineRun(result: run.outcome(), hung: true)
}

/// Hands a body to another thread and its result back; the semaphore orders the accesses.
private final class DeadlineBox<Value>: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let body: () throws -> Value
    private var result: Result<Value, any Error>?

    init(_ body: @escaping () throws -> Value) { self.body = body }

    func start() {
        result = Result { try body() }
        done.signal()
    }

    func outcome() -> Result<Value, any Error> {
        // swift-format-ignore: NeverForceUnwrap
        // Set before `done` is signalled, and read only after it.
        result!
    }
}
