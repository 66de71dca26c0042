import CSVAdapter
import ExternalAdapters
import Foundation
import LedgerCore
import LedgerImport

/// `ledgerport adapters test NAME DIR`: runs an adapter's golden files, each input `X` in DIR
/// beside `X.expected.jsonl`, and shows a line diff where the output differs.
struct AdaptersTestCommand: Command {
    static let name = "adapters test"
    static let abstract = "Check an adapter against golden files: each input beside its expected JSON Lines."
    static let arguments = "NAME DIR"
    static let discussion = """
        For each input file X in DIR (hidden files, X.expected.jsonl and X.options.json aside),
        extracts X with adapter NAME as `ledgerport extract` does and compares the lines with
        X.expected.jsonl. X.options.json, when present, gives the options for X:
        {"account": "Checking", "currency": "EUR", "settings": {"mapping": "generic"}}.
        One line per file, ok or FAIL; a failure shows the first differing lines, expected (-)
        and actual (+), with their line numbers; a line changed in place is led by its first
        differing field and both values, and long lines are cut around the difference. --update
        writes the expected files instead.
        Exit status: 0 when every file passed, 1 when one failed or DIR holds no input, 2 for bad
        usage (an unknown adapter or one not trusted, changed or moved, a DIR that isn't a folder).
        """
    static let opensLedger = false
    static let options: [OptionSpec] = [
        .flag("--update", "Write each X.expected.jsonl from the adapter's output (review the diff).")
    ]

    /// The suffix of an input's expected output.
    static let expectedSuffix = ".expected.jsonl"
    /// The suffix of an input's options.
    static let optionsSuffix = ".options.json"
    /// How many differing lines a failure shows.
    static let shownDifferences = 20

    let adapterName: String
    let directory: String
    let updates: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw UsageError("adapters test needs an adapter's NAME and a DIR of golden files")
        }
        adapterName = arguments.positionals[0]
        directory = arguments.positionals[1]
        updates = arguments.has("--update")
    }

    func run(in context: CommandContext) throws -> Int32 {
        let adapter = try Self.adapter(named: adapterName, in: context)
        let inputs = try Self.inputs(in: directory)
        guard !inputs.isEmpty else {
            throw RuntimeError("\(directory) holds no input files; expected files beside their X.expected.jsonl")
        }
        let directories = LedgerLocation.mappingDirectories(environment: context.environment)
        var failures = 0
        for input in inputs {
            let path = (directory as NSString).appendingPathComponent(input)
            let expectedPath = path + Self.expectedSuffix
            let actual: [UInt8]
            do {
                actual = try extract(path, name: input, adapter: adapter, mappingDirectories: directories)
            } catch {
                failures += 1
                context.console.print("FAIL  \(input): \(Self.describe(error))")
                continue
            }
            if updates {
                do {
                    try Data(actual).write(to: URL(fileURLWithPath: expectedPath))
                } catch {
                    throw RuntimeError("can't write \(expectedPath): \(error.localizedDescription)")
                }
                context.console.print("wrote \(input)\(Self.expectedSuffix)")
                continue
            }
            guard let expected = FileManager.default.contents(atPath: expectedPath) else {
                failures += 1
                context.console.print(
                    "FAIL  \(input): no \(input)\(Self.expectedSuffix); run with --update to write it, then review it")
                continue
            }
            if [UInt8](expected) == actual {
                context.console.print("ok    \(input)")
            } else {
                failures += 1
                context.console.print("FAIL  \(input): the output differs from \(input)\(Self.expectedSuffix)")
                for line in Self.difference(expected: [UInt8](expected), actual: actual) {
                    context.console.print("      " + line)
                }
            }
        }
        if !updates {
            context.console.print("\(inputs.count - failures) of \(inputs.count) files passed")
        }
        return failures == 0 ? 0 : 1
    }

    // MARK: - Private

    /// The adapter NAME names, found as `--format NAME` finds it: an external one that may not
    /// run (not trusted, changed, moved, shadowed) is refused saying why and what to do.
    ///
    /// - Throws: ``UsageError`` (exit 2) for a NAME no adapter has, or one that may not run.
    private static func adapter(named name: String, in context: CommandContext) throws -> any SourceAdapter {
        let unknown = UsageError(
            "no adapter named \(name); expected one of \(context.adapters.map(\.id).joined(separator: ", "))"
                + " (`ledgerport adapters` lists them)")
        let id = name.lowercased()
        if FormatRegistry.adapter(id: id) == nil, try context.adapterCatalog().external(named: id) == nil {
            throw unknown
        }
        guard let adapter = try context.adapter(format: name) else { throw unknown }
        return adapter
    }

    /// The input files in a folder, sorted: regular files that are neither hidden nor an expected
    /// output nor an options file.
    private static func inputs(in directory: String) throws(UsageError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("\(directory) is not a folder; expected a folder of golden files")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            guard !name.hasPrefix("."), !name.hasSuffix(expectedSuffix), !name.hasSuffix(optionsSuffix) else {
                return false
            }
            var isFolder: ObjCBool = false
            let path = (directory as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The canonical protocol lines of one input, read under its base name (so that messages and
    /// locations don't depend on where the folder is) with the options beside it.
    private func extract(
        _ path: String, name: String, adapter: any SourceAdapter, mappingDirectories: [String]
    ) throws -> [UInt8] {
        let golden = try GoldenOptions.read(path + Self.optionsSuffix)
        var commodities = CommodityTable()
        for (code, digits) in (golden.commodities ?? [:]).sorted(by: { $0.key < $1.key }) {
            do {
                try commodities.declare(
                    Currency.declared(code: code, minorDigits: digits, at: .file(name)), at: .file(name))
            } catch {
                throw RuntimeError("\(name)\(Self.optionsSuffix): \"commodities\": \(error.message)")
            }
        }
        var options = AdapterOptions(
            account: golden.account, mappingDirectories: mappingDirectories, fileName: name,
            currency: try golden.currency.map { code throws(RuntimeError) in
                guard let currency = commodities.currency(code: code) else {
                    throw RuntimeError(
                        "\(name)\(Self.optionsSuffix): \"\(code)\" is not an ISO 4217 currency code or a declared commodity"
                    )
                }
                return currency
            }, namesAccountAfterFile: false)
        options.commodities = commodities
        options.settings.merge(golden.settings ?? [:]) { $1 }
        let stream = try FileByteStream(path: path, name: name, hashing: false)
        var bytes: [UInt8] = []
        _ = try ExtractCommand.extract(stream, adapter: adapter, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as RuntimeError: return error.message
        case let error as any LocatedError: return error.description
        default: return "\(error)"
        }
    }

    /// The first ``shownDifferences`` differing lines, each `- expected line N: …` or
    /// `+ actual line N: …`, in the order of the files. A line changed in place is led by the
    /// first field that differs with both its values (`line N: "amount" is "12.60"; expected
    /// "12.50"`), and long lines are cut to ``shownWidth`` characters around the first difference.
    static func difference(expected: [UInt8], actual: [UInt8]) -> [String] {
        let old = lines(expected)
        let new = lines(actual)
        var changes: [(position: Int, isRemoval: Bool, line: String)] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, let line, _): changes.append((offset, true, line))
            case .insert(let offset, let line, _): changes.append((offset, false, line))
            }
        }
        // Removals and insertions at the same place read best as expected, then actual.
        changes.sort { ($0.position, $0.isRemoval ? 0 : 1) < ($1.position, $1.isRemoval ? 0 : 1) }
        var shown: [String] = []
        var index = 0
        while index < min(changes.count, shownDifferences) {
            let change = changes[index]
            let next = index + 1 < changes.count ? changes[index + 1] : nil
            if change.isRemoval, let next, !next.isRemoval, next.position == change.position {
                let first = firstDifference(change.line, next.line)
                shown.append(
                    "  line \(change.position + 1): " + fieldDifference(expected: change.line, actual: next.line))
                shown.append("- expected line \(change.position + 1): " + clipped(change.line, around: first))
                shown.append("+ actual line \(next.position + 1):   " + clipped(next.line, around: first))
                index += 2
            } else {
                let sign = change.isRemoval ? "- expected line" : "+ actual line"
                let pad = change.isRemoval ? "" : "  "
                shown.append("\(sign) \(change.position + 1): \(pad)" + clipped(change.line, around: 0))
                index += 1
            }
        }
        if changes.count > index {
            shown.append("… and \(changes.count - index) more differing lines")
        }
        if shown.isEmpty { shown.append("the lines are the same but their bytes differ (a line ending?)") }
        return shown
    }

    /// How many characters of a differing line are shown.
    static let shownWidth = 100

    /// The index of the first character where two lines differ.
    private static func firstDifference(_ one: String, _ other: String) -> Int {
        var count = 0
        for (a, b) in zip(one, other) {
            if a != b { break }
            count += 1
        }
        return count
    }

    /// `line` cut to ``shownWidth`` characters that show `position`, with `…` where cut.
    private static func clipped(_ line: String, around position: Int) -> String {
        let characters = Array(line)
        guard characters.count > shownWidth else { return line }
        let start = max(0, min(position - shownWidth / 3, characters.count - shownWidth))
        let end = min(characters.count, start + shownWidth)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }

    /// The first field (in the expected line's order) whose value differs, with both values:
    /// `"amount" is "12.60"; expected "12.50"`; nested members as `"source.line"`.
    static func fieldDifference(expected: String, actual: String) -> String {
        guard let old = object(expected), let new = object(actual),
            let (path, was, now) = firstDifferentField(old, new, order: expected + actual)
        else { return "the line differs (not two JSON objects to compare field by field)" }
        return "\"\(path)\" is \(now.map(shortJSON) ?? "absent"); expected \(was.map(shortJSON) ?? "absent")"
    }

    private static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// The first key, by where `"key":` first appears in `order`, whose values differ.
    private static func firstDifferentField(_ old: [String: Any], _ new: [String: Any], order: String) -> (
        String, Any?, Any?
    )? {
        let keys = Set(old.keys).union(new.keys).sorted { one, other in
            let a = order.range(of: "\"\(one)\":")?.lowerBound ?? order.endIndex
            let b = order.range(of: "\"\(other)\":")?.lowerBound ?? order.endIndex
            return a == b ? one < other : a < b
        }
        for key in keys {
            let was = old[key]
            let now = new[key]
            if let was = was as? [String: Any], let now = now as? [String: Any] {
                if let (inner, innerWas, innerNow) = firstDifferentField(was, now, order: order) {
                    return (key + "." + inner, innerWas, innerNow)
                }
                continue
            }
            if let was, let now, shortJSON(was) == shortJSON(now) { continue }
            return (key, was, now)
        }
        return nil
    }

    /// A JSON value as text, cut to 60 characters.
    private static func shortJSON(_ value: Any) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        let text = data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

/// `X.options.json`: the options one golden input is read with.
private struct GoldenOptions: Decodable {
    var account: String?
    var currency: String?
    /// Commodities the input may use beyond ISO 4217, code → decimals (`{"BTC": 8}`).
    var commodities: [String: Int]?
    var settings: [String: String]?

    /// The options in a file, or none when there is no such file.
    static func read(_ path: String) throws -> GoldenOptions {
        guard let data = FileManager.default.contents(atPath: path) else { return GoldenOptions() }
        do {
            return try JSONDecoder().decode(GoldenOptions.self, from: data)
        } catch {
            throw RuntimeError(
                "\((path as NSString).lastPathComponent) is not valid options; expected "
                    + #"{"account": "NAME", "currency": "CODE", "commodities": {"CODE": 8}, "settings": {"name": "value"}}: \#(error)"#
            )
        }
    }
}
