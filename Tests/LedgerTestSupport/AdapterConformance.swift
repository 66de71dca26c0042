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
///
/// - Parameter validatesDrafts: whether each draft also goes through ``Draft/validate(accountCurrency:)``
///   as the importer and the feed sync do (the NUL rule, an empty account): a draft that fails
///   stops the run with that error, as it would stop an import.
public func runAdapter<Adapter: FormatAdapter>(
    _ type: Adapter.Type, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions(),
    chunkSize: Int = 64 * 1024, validatesDrafts: Bool = false
) -> AdapterRun {
    let adapter: Adapter
    do {
        adapter = try Adapter(options: options)
    } catch let error as any LocatedError {
        return AdapterRun(events: [], error: error.description, errorLocation: error.location)
    } catch {
        return AdapterRun(events: [], error: String(describing: error), errorLocation: nil)
    }
    return runAdapter(adapter, bytes: bytes, name: name, chunkSize: chunkSize, validatesDrafts: validatesDrafts)
}

/// Reads bytes with an adapter already made (reading doesn't change it), and collects what it emits.
public func runAdapter(
    _ adapter: some FormatAdapter, bytes: [UInt8], name: String = "input", chunkSize: Int = 64 * 1024,
    validatesDrafts: Bool = false
) -> AdapterRun {
    var run = AdapterRun(events: [], error: nil, errorLocation: nil)
    do {
        try adapter.drafts(from: InMemoryByteStream(bytes, name: name, chunkSize: chunkSize)) { event in
            if validatesDrafts, case .draft(let draft) = event { try draft.validate(accountCurrency: nil) }
            run.events.append(event)
        }
    } catch let error as any LocatedError {
        run.error = error.description
        run.errorLocation = error.location
    } catch {
        run.error = String(describing: error)
    }
    return run
}

/// The shared suite (``checkSourceAdapter(_:bytes:name:options:seed:garblings:truncations:chunkSizes:rereads:)``)
/// for a built-in adapter's type, at full strength: every truncation, chunk sizes of 1, 3, 17 and
/// 4096 bytes, and prefixes and garblings read again in small chunks. Built-in adapters are read
/// in process, so they can afford far more reads than an external one.
///
/// - Parameters:
///   - seed: where the garbling's generator starts; a failure names the round to replay.
///   - garblings: how many garbled copies to read.
public func checkFormatAdapter<Adapter: FormatAdapter>(
    _ type: Adapter.Type, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions(),
    seed: UInt64 = 0x9E37_79B9_7F4A_7C15, garblings: Int = 24
) -> [String] {
    // One adapter for every read (making one loads a CSV mapping catalog from disk).
    let adapter: Adapter
    do {
        adapter = try Adapter(options: options)
    } catch {
        return ["the adapter can't be made with these options: \(error)"]
    }
    return checkSourceAdapter(
        MadeAdapter(adapter), bytes: bytes, name: name, options: options, seed: seed, garblings: garblings,
        truncations: nil, chunkSizes: [1, 3, 17, 4096], rereads: true)
}

/// A built-in adapter already made, presented as a ``SourceAdapter`` whose every reader is it.
private struct MadeAdapter<Adapter: FormatAdapter>: SourceAdapter, @unchecked Sendable {
    let adapter: Adapter
    init(_ adapter: Adapter) { self.adapter = adapter }
    var id: String { Adapter.id }
    var summary: String { Adapter.summary }
    var fileExtensions: [String] { Adapter.fileExtensions }
    var options: [AdapterOptionSpec] { Adapter.options }
    var provenance: AdapterProvenance { AdapterProvenance(origin: .builtIn, version: "test", protocols: [1]) }
    func identify(head: [UInt8], path: String) -> Int { Adapter.sniff(head, fileName: path) }
    func reader(options: AdapterOptions) throws -> any DraftReader { adapter }
    func inspect(_ input: any ByteStream, options: AdapterOptions, rows: Int) throws -> AdapterInspection? { nil }
}

/// The prefix lengths the shared suite reads.
func prefixLengths(of bytes: [UInt8]) -> [Int] {
    guard bytes.count > 128 else { return Array(0..<bytes.count) }
    var lengths = Set(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 48)))
    lengths.formUnion(max(0, bytes.count - 16)..<bytes.count)
    let breaks = bytes.indices.filter { bytes[$0] == 0x0A }
    for index in breaks.enumerated().filter({ $0.offset % max(1, breaks.count / 12) == 0 }).map(\.element) {
        for length in [index, index + 1] where length < bytes.count { lengths.insert(length) }
    }
    return lengths.sorted()
}

func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
    }
    return nil
}

/// Problems found by the conformance checks, the first few of each kind kept.
struct ConformanceProblems {
    private(set) var list: [String] = []
    private var dropped = 0

    mutating func append(_ problem: String) {
        if list.count < 20 {
            list.append(problem)
        } else {
            dropped += 1
            if list.count == 20 { list.append("… and more") }
        }
    }

    /// Checks a run of `input`: every location inside it, and a failure located.
    mutating func check(_ run: AdapterRun, input: [UInt8], name: String, what: String) {
        let lines = LineLengths(input)
        func check(_ location: SourceLocation, _ item: String) {
            if location.file != name { append("\(what): \(item) names file \(location.file), not \(name)") }
            if !lines.contains(location) {
                append(
                    "\(what): \(item) at \(location.line):\(location.column), outside the input "
                        + "(\(lines.count) lines)")
            }
        }
        for draft in run.drafts { check(draft.location, "a draft") }
        for balance in run.balances { check(balance.location, "a balance") }
        if let location = run.errorLocation {
            check(location, "the error (\(run.error ?? ""))")
        } else if let error = run.error {
            append("\(what): an error without a location: \(error)")
        }
    }
}

/// The byte length of each line of an input, to tell whether a location lies inside it, under
/// either convention an adapter may count lines by: line feeds only, or line feeds, CR LF and
/// lone carriage returns (as CSV does).
struct LineLengths {
    private var byLineFeeds: [Int] = []
    private var byAnyBreak: [Int] = []

    init(_ bytes: [UInt8]) {
        var current = 0
        for byte in bytes {
            if byte == 0x0A {
                byLineFeeds.append(current)
                current = 0
            } else {
                current += 1
            }
        }
        byLineFeeds.append(current)
        current = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                byAnyBreak.append(current)
                current = 0
            } else if byte != 0x0D {
                current += 1
            }
        }
        byAnyBreak.append(current)
    }

    var count: Int { byLineFeeds.count }

    /// Whether a location lies inside: 0:0 (the file as a whole), or a line that exists and a
    /// column from 1 to one past the line's end (where a line ends too early); a column of 0
    /// stands for the line as a whole.
    func contains(_ location: SourceLocation) -> Bool {
        if location.line == 0 { return location.column == 0 }
        return [byLineFeeds, byAnyBreak].contains { lengths in
            location.line >= 1 && location.line <= lengths.count && location.column >= 0
                && location.column <= lengths[location.line - 1] + 1
        }
    }
}
