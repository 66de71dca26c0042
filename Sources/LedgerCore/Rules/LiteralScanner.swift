/// Finds every one of many literal needles in a text in one pass (Aho–Corasick over bytes).
///
/// The rules' evaluator builds one scanner per text field and case mode, holding the literal
/// alternatives of every pattern on that field, and scans each row's text once: then each
/// pattern's answer is a look-up, however many rules there are. Transitions are a dense table
/// over the byte classes the needles use (bytes no needle holds share one class). A class, not a
/// struct: the evaluator takes one out of its list for every text it scans, and a struct would be
/// copied there, retaining and releasing each of its six tables.
final class LiteralScanner {
    /// What was found for a needle in the last scan: anywhere, at the start, at the end, or the
    /// whole text.
    struct Hit: OptionSet {
        let rawValue: UInt8
        static let anywhere = Hit(rawValue: 1)
        static let atStart = Hit(rawValue: 2)
        static let atEnd = Hit(rawValue: 4)
        static let whole = Hit(rawValue: 8)
    }

    let needleCount: Int
    private let lengths: [Int32]
    private let classOf: [UInt8]
    private let classCount: Int
    /// `transitions[state * classCount + class]`.
    private let transitions: [Int32]
    /// The needles ending at each state (its own and its suffixes'): `outputs[outputStart[s]..<outputStart[s + 1]]`.
    private let outputStart: [Int32]
    private let outputs: [Int32]
    /// Whether the text is lowercased (ASCII) as it is scanned.
    let foldsCase: Bool

    /// Builds the automaton for needles (lowercased already when `foldsCase`).
    init(needles: [[UInt8]], foldsCase: Bool) {
        self.foldsCase = foldsCase
        needleCount = needles.count
        lengths = needles.map { Int32($0.count) }
        var classes = [UInt8](repeating: 0, count: 256)
        var count = 1
        for needle in needles {
            for byte in needle where classes[Int(byte)] == 0 {
                classes[Int(byte)] = UInt8(count)
                count += 1
            }
        }
        classOf = classes
        classCount = count
        // The trie.
        var next: [[Int32]] = [[Int32](repeating: -1, count: count)]
        var ending: [[Int32]] = [[]]
        for (index, needle) in needles.enumerated() {
            var state = 0
            for byte in needle {
                let symbol = Int(classes[Int(byte)])
                if next[state][symbol] < 0 {
                    next[state][symbol] = Int32(next.count)
                    next.append([Int32](repeating: -1, count: count))
                    ending.append([])
                }
                state = Int(next[state][symbol])
            }
            ending[state].append(Int32(index))
        }
        // Failure links, breadth first, turning the trie into a full transition table.
        var failure = [Int32](repeating: 0, count: next.count)
        var queue: [Int] = []
        for symbol in 0..<count {
            if next[0][symbol] < 0 {
                next[0][symbol] = 0
            } else {
                queue.append(Int(next[0][symbol]))
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            ending[state] += ending[Int(failure[state])]
            for symbol in 0..<count {
                let child = next[state][symbol]
                if child < 0 {
                    next[state][symbol] = next[Int(failure[state])][symbol]
                } else {
                    failure[Int(child)] = next[Int(failure[state])][symbol]
                    queue.append(Int(child))
                }
            }
        }
        transitions = next.flatMap { $0 }
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        for list in ending {
            flat += list
            starts.append(Int32(flat.count))
        }
        outputStart = starts
        outputs = flat
    }

    /// Scans a text's UTF-8 bytes and records each needle's hits in `hits[offset + needle]`
    /// (``Hit`` raw values, or'ed in), appending to `touched` each entry that was 0 before:
    /// the caller clears those after the row.
    func scan(
        _ text: UnsafeBufferPointer<UInt8>, into hits: UnsafeMutableBufferPointer<UInt8>, offset: Int,
        touched: inout [Int32]
    ) {
        guard needleCount > 0 else { return }
        let last = text.count - 1
        var state = 0
        transitions.withUnsafeBufferPointer { table in
            classOf.withUnsafeBufferPointer { classes in
                outputStart.withUnsafeBufferPointer { outputStart in
                    outputs.withUnsafeBufferPointer { outputs in
                        lengths.withUnsafeBufferPointer { lengths in
                            for position in 0..<text.count {
                                let byte = foldsCase ? asciiLowercase(text[position]) : text[position]
                                state = Int(table[state &* classCount &+ Int(classes[Int(byte)])])
                                let start = Int(outputStart[state])
                                let end = Int(outputStart[state &+ 1])
                                guard start < end else { continue }
                                for output in start..<end {
                                    let needle = Int(outputs[output])
                                    var hit = Hit.anywhere.rawValue
                                    let first = position - Int(lengths[needle]) + 1
                                    if first == 0 { hit |= Hit.atStart.rawValue }
                                    if position == last { hit |= Hit.atEnd.rawValue }
                                    if first == 0 && position == last { hit |= Hit.whole.rawValue }
                                    let slot = offset + needle
                                    if hits[slot] == 0 { touched.append(Int32(slot)) }
                                    hits[slot] |= hit
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
