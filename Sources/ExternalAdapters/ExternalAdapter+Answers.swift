import LedgerCore
import Synchronization

/// What an external adapter's `identify` answered, per file, kept for the adapter value's life:
/// an import that asks twice which format a file is in (to settle it, then to read it) runs the
/// adapter once, and the caller can learn afterwards which answers were unusable.
public final class IdentifyAnswers: Sendable {
    private let answers = Mutex<[String: Result<Int, ExternalAdapterError>]>([:])

    /// No answers yet.
    public init() {}

    /// The answer for a file, asking (outside the lock) only the first time.
    func answer(for file: String, asking: () -> Result<Int, ExternalAdapterError>) -> Result<Int, ExternalAdapterError>
    {
        if let known = answers.withLock({ $0[file] }) { return known }
        let answer = asking()
        answers.withLock { $0[file] = answer }
        return answer
    }

    /// Why the answer for a file counted as 0 (a bad answer, a failure, a limit hit); `nil` when
    /// it was a confidence or the file wasn't asked about.
    func failure(for file: String) -> ExternalAdapterError? {
        answers.withLock { answers in
            guard case .failure(let error) = answers[file] else { return nil }
            return error
        }
    }
}

extension ExternalAdapter {
    /// Why `identify` on this file counted as 0, once ``identify(head:path:)`` has asked: it
    /// answered something other than an integer 0–100, failed, or took too long. `nil` otherwise.
    /// The host warns with it; the library prints nothing.
    public func identifyFailure(in file: String) -> ExternalAdapterError? {
        answers.failure(for: Self.absolute(file))
    }
}
