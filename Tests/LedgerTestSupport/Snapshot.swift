import Foundation

/// Compares text with a snapshot file as a whole, the way `.expected` files are compared.
///
/// With `LEDGERPORT_RECORD=1` in the environment, the file is (re)written and a difference is
/// reported anyway, so that every new baseline is reviewed as a diff before it is trusted.
public enum Snapshot {
    /// Whether this run records snapshots instead of comparing with them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["LEDGERPORT_RECORD"] == "1" }

    /// Compares `actual` with the file at `url`.
    ///
    /// - Returns: `nil` when they are equal; otherwise what differs (the first differing line,
    ///   with both versions), or how to record a missing file.
    public static func compare(_ actual: String, with url: URL) -> String? {
        if isRecording {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded \(url.lastPathComponent); review the diff and run again without LEDGERPORT_RECORD"
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no snapshot at \(url.path); record it with LEDGERPORT_RECORD=1 swift test --filter <this test>, "
                + "then review the new file"
        }
        if expected == actual { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
            if e != a {
                return "\(url.lastPathComponent) line \(index + 1) differs:\n expected: \(e)\n   actual: \(a)\n"
                    + "(if the change is intended, record with LEDGERPORT_RECORD=1 and review the diff)"
            }
        }
        return "\(url.lastPathComponent) differs"
    }
}
