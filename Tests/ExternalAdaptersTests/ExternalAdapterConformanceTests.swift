import ExternalAdapters
import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// A small Python adapter for `DAY,DESCRIPTION,AMOUNT` lines, written by the test itself so that
/// the shared suite checks an external adapter even before any example ships.
private let tinyAdapter = #"""
    #!/usr/bin/env python3
    import datetime, json, re, sys

    def emit(record):
        sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")

    verb = sys.argv[1] if len(sys.argv) > 1 else ""
    if verb == "describe":
        emit({"protocols": [1], "name": "tiny", "version": "0.1.0", "summary": "DAY,DESCRIPTION,AMOUNT lines",
              "extensions": ["tiny"]})
    elif verb == "identify":
        print(60 if sys.argv[2].endswith(".tiny") else 0)
    elif verb == "extract":
        records = 0
        def out(record):
            global records
            emit(record)
            records += 1
        try:
            text = open(sys.argv[2], "rb").read().decode("utf-8")
        except UnicodeDecodeError as error:
            emit({"type": "error", "message": "the file is not UTF-8 (byte %d)" % error.start})
            sys.exit(0)
        out({"type": "account", "key": "main", "name": "Tiny", "currency": "EUR"})
        for number, line in enumerate(text.split("\n"), 1):
            if not line:
                continue
            parts = line.split(",")
            problem = None
            if len(parts) != 3:
                problem = "expected DAY,DESCRIPTION,AMOUNT, found %d fields" % len(parts)
            elif not re.fullmatch(r"-?[0-9]+(\.[0-9]{1,2})?", parts[2]):
                problem = "amount %r is not a number" % parts[2]
            else:
                try:
                    datetime.date.fromisoformat(parts[0])
                except ValueError:
                    problem = "day %r is not a day" % parts[0]
            if problem:
                emit({"type": "error", "message": problem, "source": {"line": number, "column": 1}})
                sys.exit(0)
            amount = parts[2]
            out({"type": "transaction", "account": "main", "bookingDay": parts[0], "amount": amount.lstrip("-"),
                 "direction": "debit" if amount.startswith("-") else "credit", "description": parts[1],
                 "source": {"line": number, "column": 1}})
        emit({"type": "end", "records": records})
    else:
        sys.exit(2)

    """#

/// One input of an example adapter's `tests/` folder, with its options.
struct ExampleInput: CustomStringConvertible, Sendable {
    let executable: String
    let input: String
    var description: String {
        "\((executable as NSString).lastPathComponent): \((input as NSString).lastPathComponent)"
    }
}

/// Every `examples/adapters/NAME/ledgerport-adapter-NAME` with each file of its `tests/` folder
/// (not the `.expected.jsonl` or `.options.json` beside them).
private let exampleInputs: [ExampleInput] = {
    let root = Fixture.repositoryRoot.appendingPathComponent("examples/adapters")
    let manager = FileManager.default
    var inputs: [ExampleInput] = []
    for name in ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
        let executable = root.appendingPathComponent("\(name)/ledgerport-adapter-\(name)").path
        guard manager.isExecutableFile(atPath: executable) else { continue }
        let tests = root.appendingPathComponent("\(name)/tests")
        for file in ((try? manager.contentsOfDirectory(atPath: tests.path)) ?? []).sorted()
        where !file.hasSuffix(".expected.jsonl") && !file.hasSuffix(".options.json") && !file.hasPrefix(".") {
            inputs.append(ExampleInput(executable: executable, input: tests.appendingPathComponent(file).path))
        }
    }
    return inputs
}()

/// The options in `INPUT.options.json`, if there is one.
private func exampleOptions(for input: String) throws -> AdapterOptions {
    guard let data = FileManager.default.contents(atPath: input + ".options.json") else { return AdapterOptions() }
    let root = try JSONParser.parse(Array(data))
    var options = AdapterOptions()
    guard case .object(let members) = root.kind else { return options }
    for member in members {
        switch (member.key, member.value.kind) {
        case ("account", .string(let text)): options.account = text
        case ("currency", .string(let text)): options.currency = Currency(code: text)
        case ("settings", .object(let settings)):
            for setting in settings {
                if case .string(let text) = setting.value.kind { options.settings[setting.key] = text }
            }
        default: break
        }
    }
    return options
}

@Suite("conformance of external adapters")
struct ExternalAdapterConformanceTests {
    @Test("a small external adapter written here passes the shared suite")
    func tinyAdapterConforms() throws {
        let scratch = try AdapterScratch()
        let path = try scratch.write("ledgerport-adapter-tiny", tinyAdapter, executable: true)
        let adapter = ExternalAdapter(
            name: "tiny", path: path, sha256: "00", description: try ExternalAdapter.describe(name: "tiny", path: path))
        let bytes = Array("2026-01-02,Coffee,-3.50\n2026-01-03,Salary,2000\n2026-01-04,Rent,-900.00\n".utf8)
        let run = runSourceAdapter(adapter, bytes: bytes, name: "jan.tiny")
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.drafts.map(\.description) == ["Coffee", "Salary", "Rent"])
        #expect(adapter.identify(head: bytes, path: "jan.tiny") == 60)
        let problems = checkSourceAdapter(adapter, bytes: bytes, name: "jan.tiny")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a broken external adapter fails the shared suite")
    func brokenAdapterFails() throws {
        let scratch = try AdapterScratch()
        // Reports an error at a line that the input doesn't have.
        let broken = tinyAdapter.replacingOccurrences(
            of: #""source": {"line": number, "column": 1}})"#, with: #""source": {"line": 9999, "column": 1}})"#)
        let path = try scratch.write("ledgerport-adapter-tiny", broken, executable: true)
        let adapter = ExternalAdapter(
            name: "tiny", path: path, sha256: "00", description: try ExternalAdapter.describe(name: "tiny", path: path))
        let bytes = Array("2026-01-02,Coffee,-3.50\n2026-01-03,Bad,abc\n".utf8)
        let problems = checkSourceAdapter(adapter, bytes: bytes, name: "jan.tiny", garblings: 0, truncations: 0)
        #expect(problems.contains { $0.contains("outside the input") }, "\(problems)")
    }

    @Test("every example adapter passes the shared suite on its test inputs", arguments: exampleInputs)
    func exampleConforms(_ example: ExampleInput) throws {
        let name = String((example.executable as NSString).lastPathComponent.dropFirst("ledgerport-adapter-".count))
        let adapter = ExternalAdapter(
            name: name, path: example.executable, sha256: "00",
            description: try ExternalAdapter.describe(name: name, path: example.executable))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: example.input)))
        let problems = checkSourceAdapter(
            adapter, bytes: bytes, name: (example.input as NSString).lastPathComponent,
            options: try exampleOptions(for: example.input), garblings: 6, truncations: 8)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
