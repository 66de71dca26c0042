import Foundation
import LedgerTestSupport
import Testing

/// README.md's "A tour": every line runs as written on the bundled samples, refers to files that
/// exist, and changes no checkpoint it wasn't asked to.
///
/// The lines are read from the ```sh block under "## A tour" and run in process, in order, on one
/// scratch ledger, with paths taken from the repository root. Before and after each line, every
/// account's checkpoint history (`reconcile ACCOUNT --json`) is read and compared.
///
/// To add a line, add it to the README's block. A read-only line needs nothing more. A line whose
/// command changes data on purpose (`imports undo ID`, `accounts rename OLD NEW`,
/// `checkpoints delete ACCOUNT DAY`, `transactions delete ID`, …) also needs a case in
/// ``permission(for:)`` saying which checkpoints it may change; until then the test fails on it,
/// naming the line.
@Suite("README tour")
struct ReadmeTourTests {
    /// What a line may do to the checkpoints that existed before it.
    enum Permission: Equatable {
        /// Nothing: each checkpoint is as it was, none added, and the accounts list is unchanged.
        case nothing
        /// An import or a sync: checkpoints may be added and recomputed, none removed.
        case recompute
        /// A manual checkpoint: only this account's checkpoint on this day may appear or change.
        case checkpoint(account: String, day: String)
    }

    /// What a tour line's command may change (see the type's summary to add commands).
    static func permission(for words: [String]) -> Permission {
        switch words.first {
        case "import", "sync", "add":
            return words.contains("--dry-run") ? .nothing : .recompute
        case "reconcile":
            guard words.contains("--balance") || words.contains("--opening"), words.count > 1,
                let asOf = words.firstIndex(of: "--as-of"), asOf + 1 < words.count
            else { return .nothing }
            return .checkpoint(account: words[1], day: words[asOf + 1])
        default:
            return .nothing
        }
    }

    @Test("every line of the tour runs as written and changes only what it asks to")
    func tourRuns() throws {
        let lines = try Self.tourLines()
        #expect(lines.count >= 10, "the tour's lines were not found: \(lines)")
        let first = try #require(lines.first)
        #expect(
            first.hasPrefix("export LEDGERPORT_DB=") && first.contains("mktemp"),
            "the tour starts by pointing at a fresh scratch ledger, so the reader's own ledger is left alone")

        let cli = try CLIHarness()
        for line in lines.dropFirst() {
            let words = try Self.words(of: line)
            #expect(words.first == "ledgerport", "\(line): every line after the first runs ledgerport")
            #expect(!line.contains("$") && !line.contains("`"), "\(line): only the first line may expand")
            var arguments = Array(words.dropFirst()).map { argument in
                let url = Fixture.repositoryRoot.appendingPathComponent(argument)
                return argument.contains("/") && !argument.hasPrefix("/") ? url.path : argument
            }
            // A file a line writes (`-o FILE`) goes to the scratch folder, not the checkout.
            for index in arguments.indices.dropLast() where arguments[index] == "-o" {
                arguments[index + 1] = cli.folder.appendingPathComponent(arguments[index + 1]).path
            }
            for path in arguments where path.hasPrefix(Fixture.repositoryRoot.path) {
                #expect(FileManager.default.fileExists(atPath: path), "\(line): \(path) does not exist")
            }
            let accountsBefore = try Self.accounts(cli)
            let before = try Self.checkpoints(cli)
            let code = cli.run(arguments)
            #expect(code == 0, "\(line) exited \(code): \(cli.errors)")
            let after = try Self.checkpoints(cli)
            switch Self.permission(for: arguments) {
            case .nothing:
                #expect(after == before, "\(line) changed checkpoints it wasn't asked to")
                #expect(try Self.accounts(cli) == accountsBefore, "\(line) changed the accounts")
            case .recompute:
                let removed = Set(before.keys).subtracting(after.keys)
                #expect(removed.isEmpty, "\(line) removed checkpoints: \(removed)")
            case .checkpoint(let account, let day):
                let asked = "\(account) \(day)"
                #expect(
                    after[asked] != nil, "\(line) recorded no checkpoint on \(day): \(asked) \(after.keys.sorted())")
                #expect(
                    after.filter { $0.key != asked } == before.filter { $0.key != asked },
                    "\(line) changed checkpoints other than \(asked)")
            }
        }
    }

    @Test("the tour names only files that exist in the repository")
    func filesExist() throws {
        for line in try Self.tourLines() {
            for word in try Self.words(of: line) where word.hasPrefix("samples/") || word.hasPrefix("mappings/") {
                let path = Fixture.repositoryRoot.appendingPathComponent(word).path
                #expect(FileManager.default.fileExists(atPath: path), "\(line): \(word) does not exist")
            }
        }
    }

    // MARK: - Reading the tour

    /// The command lines of the ```sh block under "## A tour", comments removed.
    static func tourLines() throws -> [String] {
        let readme = try String(
            contentsOf: Fixture.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "## A tour"),
            let open = lines[heading...].firstIndex(of: "```sh"),
            let close = lines[(open + 1)...].firstIndex(of: "```")
        else { return [] }
        return lines[(open + 1)..<close].map(stripComment).filter { !$0.isEmpty }
    }

    /// A line without its comment (from an unquoted `#` at the start or after a space).
    static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        var result = ""
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous.isWhitespace {
                break
            }
            result.append(character)
            previous = character
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// A line's words as a shell splits them: at unquoted spaces, quotes removed. Expansions
    /// (`$`, backquotes) are only allowed in the first line, which the test replaces.
    static func words(of line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in stripComment(line) {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        if quote != nil { throw TourError(line: line, problem: "an unclosed quote") }
        return words
    }

    struct TourError: Error, CustomStringConvertible {
        let line: String
        let problem: String
        var description: String { "\(line): \(problem)" }
    }

    // MARK: - Reading the ledger

    /// Every account's checkpoints, keyed `ACCOUNT DAY`, each as its JSON text.
    static func checkpoints(_ cli: CLIHarness) throws -> [String: String] {
        var result: [String: String] = [:]
        guard hasLedger(cli) else { return result }
        for account in try accountNames(cli) {
            #expect(cli.run("reconcile", account, "--json") == 0, "\(cli.errors)")
            let history = try #require(try cli.json() as? [[String: Any]])
            for checkpoint in history {
                let day = checkpoint["asOf"] as? String ?? "?"
                let text = try JSONSerialization.data(withJSONObject: checkpoint, options: [.sortedKeys])
                result["\(account) \(day)"] = String(decoding: text, as: UTF8.self)
            }
        }
        return result
    }

    /// Whether the scratch ledger exists yet (a read-only command may refuse to create one).
    static func hasLedger(_ cli: CLIHarness) -> Bool { FileManager.default.fileExists(atPath: cli.databasePath) }

    static func accountNames(_ cli: CLIHarness) throws -> [String] {
        #expect(cli.run("accounts", "--json") == 0, "\(cli.errors)")
        let accounts = try #require(try cli.json() as? [[String: Any]])
        return accounts.compactMap { $0["name"] as? String }
    }

    static func accounts(_ cli: CLIHarness) throws -> String {
        guard hasLedger(cli) else { return "" }
        #expect(cli.run("accounts", "--json") == 0, "\(cli.errors)")
        return cli.output
    }
}
