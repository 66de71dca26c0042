import Foundation
import LedgerCore

/// Finds a mapping's header in a file and picks a mapping for a file by header signature.
enum MappingMatcher {
    /// A header name as compared: without surrounding spaces and line breaks, lower-cased.
    ///
    /// Every field of a file's first rows becomes a key, so this is quick: text above ASCII is
    /// lower-cased a scalar at a time as `lowercased()` does, but ASCII scalars without asking
    /// for their Unicode mapping (which made a string for each), and the key's UTF-8 is written
    /// into bytes made a string once (appending to a string's scalars cost 450 instructions a
    /// scalar: a third of a UTF-16 file's mapping choice).
    static func key(_ name: String) -> String {
        var view = Substring(name)
        // Ends that are ASCII and not spaces need no trimming by characters: no whitespace
        // character starts or ends with such a byte. A data row's fields, tested by every
        // mapping when they are not ASCII, mostly have such ends, and trimming by characters cost
        // thousands of instructions a field.
        let utf8 = view.utf8
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, !isASCIISpace(first),
            !isASCIISpace(last)
        {
            return folded(view)
        }
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return folded(view)
    }

    /// A trimmed name lower-cased as ``key(_:)`` does.
    private static func folded(_ view: Substring) -> String {
        if view.utf8.allSatisfy({ $0 < 0x80 }) { return view.lowercased() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(view.utf8.count)
        // A string's scalars, not the substring's: iterating a substring's `unicodeScalars`
        // checked each index, about 9,000 instructions for a 40-byte field.
        for scalar in String(view).unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
            } else {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a field, as a header name, is `wanted` (a ``key(_:)``): `key(field) == wanted`,
    /// decided on the bytes of a field that is ASCII, with no string made.
    static func hasKey(_ field: String, _ wanted: String) -> Bool {
        let answer = field.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var start = 0
            var end = bytes.count
            while start < end, isASCIISpace(bytes[start]) { start += 1 }
            while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
            guard end - start == wanted.utf8.count else {
                // Only text above ASCII can fold to another length.
                return bytes[start..<end].allSatisfy { $0 < 0x80 } ? false : nil
            }
            var index = start
            for byte in wanted.utf8 {
                let found = bytes[index]
                if found >= 0x80 { return nil }
                if (found >= 0x41 && found <= 0x5A ? found | 0x20 : found) != byte { return false }
                index += 1
            }
            return true
        }
        if let answer = answer ?? nil { return answer }
        return key(field) == wanted
    }

    /// The ASCII bytes `Character.isWhitespace` holds: tab, line feed, vertical tab, form feed,
    /// carriage return, space.
    private static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// Reads the head in the mapping's dialect (reusing `sniffed` when it is the same).
    ///
    /// `sniffed` was read with no declared encoding, so with the encoding it guessed: it is also
    /// the sample of a mapping whose (effective) encoding is that guess.
    static func sample(for mapping: CSVMapping, head: [UInt8], isWholeFile: Bool, name: String, sniffed: HeadSample)
        -> HeadSample
    {
        let dialect = CSVDialect(delimiter: mapping.delimiter ?? sniffed.dialect.delimiter, quote: mapping.quote)
        if dialect == sniffed.dialect && (mapping.encoding == nil || mapping.encoding == sniffed.encodingGuess) {
            return sniffed
        }
        return HeadSample(
            head: head, isWholeFile: isWholeFile, name: name, dialect: dialect, encoding: mapping.encoding)
    }

    /// The head samples read for one file, by dialect and encoding: the catalog's mappings mostly
    /// share both, and each reading of the 64 KiB head cost 4–6 M instructions (11 readings, one
    /// per shipped mapping, before the first row).
    struct SampleCache {
        private var entries: [(dialect: CSVDialect, encoding: CSVEncoding?, sample: HeadSample)] = []

        /// ``MappingMatcher/sample(for:head:isWholeFile:name:sniffed:)``, read once per dialect
        /// and encoding.
        mutating func sample(
            for mapping: CSVMapping, head: [UInt8], isWholeFile: Bool, name: String, sniffed: HeadSample
        ) -> HeadSample {
            let dialect = CSVDialect(delimiter: mapping.delimiter ?? sniffed.dialect.delimiter, quote: mapping.quote)
            if let known = entries.first(where: { $0.dialect == dialect && $0.encoding == mapping.encoding }) {
                return known.sample
            }
            let sample = MappingMatcher.sample(
                for: mapping, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
            entries.append((dialect, mapping.encoding, sample))
            return sample
        }
    }

    /// Where the mapping's header is in the sample: the first row at or after `skipLines` that
    /// has every one of `names`.
    static func match(_ mapping: CSVMapping, in sample: HeadSample, names: [String]) -> HeaderMatch? {
        guard mapping.hasHeader else {
            return HeaderMatch(mapping: mapping, sample: sample, headerIndex: nil, matchedNames: 0)
        }
        let wanted = names.map(key)
        guard !wanted.isEmpty else { return nil }
        for (index, row) in sample.rows.enumerated() where row.line > mapping.skipLines {
            if wanted.allSatisfy({ name in row.fields.contains { hasKey($0, name) } }) {
                return HeaderMatch(mapping: mapping, sample: sample, headerIndex: index, matchedNames: wanted.count)
            }
        }
        return nil
    }

    /// The row most like the mapping's header, for an error: the one with most needed names.
    static func closestHeader(for mapping: CSVMapping, in sample: HeadSample) -> HeadSample.Row? {
        let wanted = Set(mapping.requiredColumnNames.map(key))
        var best: (row: HeadSample.Row, score: Int)?
        for row in sample.rows where row.line > mapping.skipLines && !row.isBlank {
            let score = row.keys.intersection(wanted).count
            if best == nil || score > best?.score ?? 0 { best = (row, score) }
        }
        if let best, best.score > 0 { return best.row }
        if let index = sample.likelyHeaderIndex { return sample.rows[index] }
        return sample.nonBlankRows.first
    }

    /// Picks the mapping whose header signature the file matches with the most columns; on a
    /// tie, the earlier one in the catalog (the user's folder comes first).
    static func choose(
        among mappings: [CSVMapping], head: [UInt8], isWholeFile: Bool, name: String, sniffed: HeadSample
    ) -> (HeaderMatch, MappingChoice)? {
        var matches: [HeaderMatch] = []
        var samples = SampleCache()
        for mapping in mappings where mapping.hasHeader {
            let sample = samples.sample(
                for: mapping, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
            if let match = match(mapping, in: sample, names: mapping.matchingNames),
                MappingMatcher.match(mapping, in: sample, names: mapping.requiredColumnNames) != nil
            {
                matches.append(match)
            }
        }
        // Stable: more matched names first, catalog order on a tie.
        let ranked = matches.enumerated().sorted { a, b in
            a.element.matchedNames != b.element.matchedNames
                ? a.element.matchedNames > b.element.matchedNames : a.offset < b.offset
        }.map(\.element)
        guard let best = ranked.first else { return nil }
        let others = ranked.dropFirst().map { "\($0.mapping.name) (\($0.matchedNames) columns)" }
        var reason =
            "the header on line \(best.headerLine) has all \(best.matchedNames) columns of its signature ("
            + best.mapping.matchingNames.joined(separator: ", ") + ")"
        if !others.isEmpty { reason += "; also matched with fewer columns: " + others.joined(separator: ", ") }
        let choice = MappingChoice(
            mapping: best.mapping, headerLine: best.headerLine, reason: reason,
            alsoMatched: ranked.dropFirst().map(\.mapping.name))
        return (best, choice)
    }

    /// The mapping whose needed columns the file has the most of (at least half), and the ones
    /// it lacks: what a bank probably renamed.
    static func closestMapping(
        among mappings: [CSVMapping], head: [UInt8], isWholeFile: Bool, name: String, sniffed: HeadSample
    ) -> (mapping: CSVMapping, missing: [String])? {
        var best: (mapping: CSVMapping, missing: [String], present: Int, needed: Int)?
        var samples = SampleCache()
        for mapping in mappings where mapping.hasHeader {
            let sample = samples.sample(
                for: mapping, head: head, isWholeFile: isWholeFile, name: name, sniffed: sniffed)
            let needed = mapping.requiredColumnNames
            guard !needed.isEmpty, let row = closestHeader(for: mapping, in: sample) else { continue }
            let keys = row.keys
            let missing = needed.filter { !keys.contains(key($0)) }
            let present = needed.count - missing.count
            // Compare shares present / needed by cross-multiplying whole numbers.
            let isHalf = present * 2 >= needed.count
            let isBetter = best.map { present * $0.needed > $0.present * needed.count } ?? true
            if isHalf && isBetter { best = (mapping, missing, present, needed.count) }
        }
        return best.map { ($0.mapping, $0.missing) }
    }
}
