import LedgerImport

/// A progress line on a terminal's stderr for long imports: rows so far and rows per second.
///
/// Drawn at most ten times a second, only when stderr is a terminal and output isn't JSON, and
/// erased when the import ends.
final class ProgressLine {
    private let console: Console
    private let enabled: Bool
    private var lastDrawn: ContinuousClock.Instant?
    private var drewSomething = false

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
    }

    func update(_ progress: ImportProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        let seconds = progress.elapsed / .milliseconds(1) / 1000
        let rate = seconds > 0 ? Int(Double(progress.read) / seconds) : 0
        console.progress("\r\u{1B}[2K  \(progress.read) rows, \(rate) rows/s")
        drewSomething = true
    }

    func finish() {
        if drewSomething { console.progress("\r\u{1B}[2K") }
    }
}
