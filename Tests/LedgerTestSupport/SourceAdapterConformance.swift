import LedgerCore

/// Reads bytes through any ``SourceAdapter`` (built in or external) and collects what it emits;
/// each draft goes through draft validation, as in an import.
///
/// The bytes reach the reader as a stream named `name` (an external adapter's reader copies them
/// to a private file of that base name before its process reads them).
public func runSourceAdapter(
    _ adapter: any SourceAdapter, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions(),
    chunkSize: Int = 64 * 1024
) -> AdapterRun {
    var run = AdapterRun(events: [], error: nil, errorLocation: nil)
    var options = options
    options.fileName = name
    do {
        let reader = try adapter.reader(options: options)
        try reader.drafts(from: InMemoryByteStream(bytes, name: name, chunkSize: chunkSize)) { event in
            if case .draft(let draft) = event { try draft.validate(accountCurrency: nil) }
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

/// The checks every adapter passes, built in or external: one suite, returned as a list of
/// problems (empty when all hold). Every read goes through draft validation, as in an import.
///
/// - the same bytes give the same events, read again and (for each of `chunkSizes`) in chunks;
/// - every draft, balance and error has a location inside the input it was read from: line
///   1...lines and column 1...(the line's length + 1), or 0:0 for the file as a whole, naming
///   the file; a read that fails, fails with a located error;
/// - prefixes of the file (truncation: each length for a file of up to 128 bytes, about 90 past
///   that: a spread, the last 16, and ends next to line breaks; `truncations` of them, spread
///   evenly, or all when `nil`) and `garblings` seeded garblings (hostile bytes written over,
///   inserted, or spans cut out) are read without crashing, to the end or to a located error
///   inside that input, and (with `rereads`) the same way again in small chunks;
/// - a NUL byte put inside a draft's description, where the file spells it as is, ends the read
///   in a located error: no draft with a NUL passes (LedgerCore's `TextRule`).
///
/// An external adapter's read starts a process (10–50 ms), so its callers choose fewer reads;
/// ``checkFormatAdapter(_:bytes:name:options:seed:garblings:)`` runs a built-in one at full strength.
///
/// - Parameters:
///   - seed: where the garbling's generator starts; a failure names the round to replay.
///   - garblings: how many garbled copies to read.
public func checkSourceAdapter(
    _ adapter: any SourceAdapter, bytes: [UInt8], name: String = "input", options: AdapterOptions = AdapterOptions(),
    seed: UInt64 = 0x9E37_79B9_7F4A_7C15, garblings: Int = 8, truncations: Int? = 12, chunkSizes: [Int] = [],
    rereads: Bool = false
) -> [String] {
    var problems = ConformanceProblems()
    let read = { (input: [UInt8], chunkSize: Int) in
        runSourceAdapter(adapter, bytes: input, name: name, options: options, chunkSize: chunkSize)
    }
    let reference = read(bytes, 64 * 1024)
    if read(bytes, 64 * 1024) != reference { problems.append("two reads of the same bytes give different results") }
    for chunkSize in chunkSizes where read(bytes, chunkSize) != reference {
        problems.append("chunks of \(chunkSize) bytes give different results")
    }
    problems.check(reference, input: bytes, name: name, what: "the file")

    let lengths = prefixLengths(of: bytes)
    let step = truncations.map { max(1, lengths.count / max(1, $0)) } ?? 1
    let chosen = lengths.enumerated().filter { $0.offset % step == 0 }.map(\.element).prefix(truncations ?? Int.max)
    for (index, length) in chosen.enumerated() {
        let prefix = Array(bytes[0..<length])
        let run = read(prefix, 64 * 1024)
        problems.check(run, input: prefix, name: name, what: "the first \(length) bytes")
        if rereads, index % 8 == 0, read(prefix, 7) != run {
            problems.append("the first \(length) bytes read differently in chunks of 7 bytes")
        }
    }

    var generator = SeededGenerator(seed: seed)
    let hostile: [UInt8] = [0x00, 0xFF, 0x22, 0x3C, 0x3E, 0x0A, 0x0D, 0x2C, 0x3B, 0x09, 0xC3, 0x7B, 0x7D, 0x26]
    for round in 0..<garblings where !bytes.isEmpty {
        var garbled = bytes
        for _ in 0..<(1 + round % 5) where !garbled.isEmpty {
            let position = Int(generator.next() % UInt64(garbled.count))
            let value = hostile[Int(generator.next() % UInt64(hostile.count))]
            switch round % 3 {
            case 0: garbled[position] = value
            case 1: garbled.insert(value, at: position)
            default: garbled.removeSubrange(position..<min(garbled.count, position + 1 + Int(generator.next() % 16)))
            }
        }
        let run = read(garbled, 64 * 1024)
        problems.check(run, input: garbled, name: name, what: "garbling \(round) (seed \(seed))")
        if rereads, round % 4 == 0, read(garbled, 5) != run {
            problems.append("garbling \(round) (seed \(seed)) reads differently in chunks")
        }
    }

    for draft in reference.drafts.prefix(3) where draft.description.utf8.count >= 2 {
        let needle = Array(draft.description.utf8)
        guard let start = firstIndex(of: needle, in: bytes) else { continue }
        var withNUL = bytes
        withNUL.insert(0x00, at: start + 1)
        let run = read(withNUL, 64 * 1024)
        let what = "a NUL inside the description \(quotedExcerpt(draft.description))"
        if run.errorLocation == nil { problems.append("\(what) was read without a located error") }
        problems.check(run, input: withNUL, name: name, what: what)
    }
    return problems.list
}
