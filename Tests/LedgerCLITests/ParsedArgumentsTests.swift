import Testing

@testable import LedgerCLI

@Suite("ParsedArguments")
struct ParsedArgumentsTests {
    static let options: [OptionSpec] = {
        var option = OptionSpec.value("--option", "NAME=VALUE", "repeats")
        option.repeats = true
        return [option, .value("--account", "NAME", "once")]
    }()

    @Test("a repeatable option keeps every value in order, inline or separate")
    func repeated() throws {
        let parsed = try ParsedArguments.parse(
            ["--option", "a=1", "file", "--option=b=2", "--option", "c="], options: Self.options, command: "import")
        #expect(parsed.values("--option") == ["a=1", "b=2", "c="])
        #expect(parsed.value("--option") == "c=")
        #expect(parsed.positionals == ["file"])
        #expect(parsed.values("--account") == [])
    }

    @Test("an option that doesn't repeat, given twice, is bad usage")
    func notRepeated() {
        #expect(throws: UsageError.self) {
            try ParsedArguments.parse(["--account", "a", "--account", "b"], options: Self.options, command: "import")
        }
    }

    @Test("--option NAME=VALUE becomes the adapter's settings; a malformed or repeated name is bad usage")
    func settings() throws {
        let options = [AdapterOptionArguments.spec]
        let parsed = try ParsedArguments.parse(
            ["--option", "profile=main", "--option", "query=a=b"], options: options, command: "import")
        #expect(try AdapterOptionArguments.settings(in: parsed).values == ["profile": "main", "query": "a=b"])
        for bad in [["--option", "=x"], ["--option", "plain"], ["--option", "a=1", "--option", "a=2"]] {
            let parsed = try ParsedArguments.parse(bad, options: options, command: "import")
            #expect(throws: UsageError.self) { try AdapterOptionArguments.settings(in: parsed) }
        }
    }
}
