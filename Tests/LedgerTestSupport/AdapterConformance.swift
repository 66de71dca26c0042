import LedgerCore

/// What one read of a source produced: its events, or the error that stopped it.
public struct AdapterRun: Equatable {
    /// Every event emitted, in order.
    public var events: [AdapterEvent]
    /// The error's description, if reading stopped on one.
    public var error: String?
    /// The error's location, if it stopped on a located error.
    public var errorLocation: SourceLocation?

    /// The drafts among the events.
    public var drafts: [Draft] {
        events.compactMap { if case .draft(let draft) = $0 { return draft } else { return nil } }
    }

    /// The statement balances among the events.
    public var balances: [StatementBalance] {
        events.compactMap { if case .balance(let balance) = $0 { return balance } else { return nil } }
    }

    /// The accounts among the events.
    public var accounts: [AccountReference] {
        events.compactMap { if case .account(let account) = $0 { return account } else { return nil } }
    }
}

/// Reads bytes with an adapter and collects what it emits.
public func runAdapter<Adapter: FormatAdapter>(
    _ type: Adapter.Type, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions(),
    chunkSize: Int = 64 * 1024
) -> AdapterRun {
    var run = AdapterRun(events: [], error: nil, errorLocation: nil)
    do {
        let adapter = try Adapter(options: options)
        try adapter.drafts(from: InMemoryByteStream(bytes, name: name, chunkSize: chunkSize)) { run.events.append($0) }
    } catch let error as any LocatedError {
        run.error = error.description
        run.errorLocation = error.location
    } catch {
        run.error = String(describing: error)
    }
    return run
}

/// The checks every adapter passes, returned as a list of problems (empty when all hold):
///
/// - the same bytes give the same events, whatever the chunk size of the stream;
/// - every draft, balance and error has a location inside the file (line 1...lines, or 0 for the
///   file as a whole), naming the file;
/// - every prefix of the file (truncation) and a few deterministic garblings of it are read
///   without crashing: they may fail, but only with an error.
public func checkFormatAdapter<Adapter: FormatAdapter>(
    _ type: Adapter.Type, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions()
) -> [String] {
    var problems: [String] = []
    let reference = runAdapter(type, bytes: bytes, name: name, options: options)
    for chunkSize in [1, 3, 17, 4096] {
        let other = runAdapter(type, bytes: bytes, name: name, options: options, chunkSize: chunkSize)
        if other != reference { problems.append("chunks of \(chunkSize) bytes give different results") }
    }

    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    func check(_ location: SourceLocation, _ what: String) {
        if location.file != name { problems.append("\(what) names file \(location.file), not \(name)") }
        if location.line < 0 || location.line > lineCount {
            problems.append("\(what) at line \(location.line), outside 0...\(lineCount)")
        }
    }
    for draft in reference.drafts { check(draft.location, "a draft") }
    for balance in reference.balances { check(balance.location, "a balance") }
    if let location = reference.errorLocation { check(location, "the error") }

    // Truncations: a spread of prefixes, the crash-prone ones near the end included.
    let step = max(1, bytes.count / 40)
    for length in stride(from: 0, to: bytes.count, by: step) {
        _ = runAdapter(type, bytes: Array(bytes[0..<length]), name: name, options: options)
    }
    // Garbling: overwrite bytes at deterministic positions with hostile values.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for round in 0..<30 where !bytes.isEmpty {
        var garbled = bytes
        for _ in 0..<(1 + round % 5) {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let position = Int(seed >> 33) % garbled.count
            let hostile: [UInt8] = [0x00, 0xFF, 0x22, 0x3C, 0x0A, 0x2C, 0x3B, 0xC3]
            garbled[position] = hostile[Int(seed >> 20) % hostile.count]
        }
        _ = runAdapter(type, bytes: garbled, name: name, options: options)
    }
    return problems
}
