import ExternalAdapters
import Foundation
import LedgerCore
import Testing

/// `describe`'s error for an adapter named `wise` that prints `output`.
private func describeError(_ output: String, name: String = "wise") throws -> String {
    let scratch = try AdapterScratch()
    let path = try scratch.write(
        "ledgerport-adapter-wise", "#!/bin/sh\ncat <<'JSON'\n\(output)\nJSON\n", executable: true)
    do {
        _ = try ExternalAdapter.describe(name: name, path: path)
        return "no error"
    } catch {
        return error.description
    }
}

@Suite("ExternalAdapter.describe")
struct ExternalAdapterDescribeTests {
    @Test("a valid description is read whole, options included; provenance names path, version and hash")
    func valid() throws {
        let scratch = try AdapterScratch()
        let path = try scratch.write(
            "ledgerport-adapter-wise",
            """
            #!/bin/sh
            cat <<'JSON'
            {"protocols": [1, 2], "name": "wise", "version": "1.0.0",
             "summary": "Wise statement JSON", "extensions": ["JSON"],
             "options": [{"name": "profile", "value": "ID", "summary": "the profile"}], "extra": true}
            JSON
            """, executable: true)
        let description = try ExternalAdapter.describe(name: "wise", path: path)
        #expect(
            description
                == AdapterDescription(
                    name: "wise", version: "1.0.0", summary: "Wise statement JSON", extensions: ["json"],
                    protocols: [1, 2],
                    options: [AdapterOptionSpec(name: "profile", value: "ID", summary: "the profile")]))
        let adapter = ExternalAdapter(name: "wise", path: path, sha256: "ab12", description: description)
        #expect(adapter.id == "wise")
        #expect(adapter.fileExtensions == ["json"])
        #expect(
            adapter.provenance
                == AdapterProvenance(
                    origin: .external(path: path), version: "1.0.0", protocols: [1, 2], sha256: "ab12"))
    }

    @Test("no protocol in common is refused naming both versions")
    func protocolMismatch() throws {
        let message = try describeError(
            #"{"protocols":[2],"name":"wise","version":"1","summary":"s","extensions":[]}"#)
        #expect(message.hasSuffix("error: adapter wise speaks protocol 2; this ledgerport speaks 1"), "\(message)")
    }

    @Test(
        "a wrong description says which field and what it held",
        arguments: [
            (#"{"name":"wise","version":"1","summary":"s","extensions":[]}"#, #""protocols" is missing"#),
            (#"{"protocols":[1],"version":"1","summary":"s","extensions":[]}"#, #""name" is missing"#),
            (
                #"{"protocols":[1],"name":"other","version":"1","summary":"s","extensions":[]}"#,
                #""name" is "other"; expected "wise""#
            ),
            (#"{"protocols":[1],"name":"wise","summary":"s","extensions":[]}"#, #""version" is missing"#),
            (
                #"{"protocols":[1],"name":"wise","version":1,"summary":"s","extensions":[]}"#,
                #""version" must be a string, found the number 1"#
            ),
            (#"{"protocols":[1],"name":"wise","version":"1","extensions":[]}"#, #""summary" is missing"#),
            (#"{"protocols":[1],"name":"wise","version":"1","summary":"s"}"#, #""extensions" is missing"#),
            (
                #"{"protocols":"1","name":"wise","version":"1","summary":"s","extensions":[]}"#,
                #""protocols" must be an array"#
            ),
            (
                #"{"protocols":[1],"name":"wise","version":"1","summary":"s","extensions":[],"options":[{"name":"Bad Name"}]}"#,
                "is not usable"
            ),
            ("not json", "describe: output line 1"),
            ("[1]", "expected one JSON object"),
        ])
    func invalid(output: String, expected: String) throws {
        let message = try describeError(output)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("adapter wise"), "\(message)")
    }

    @Test("an executable that can't start, or fails, is an error located at its path")
    func cannotRun() throws {
        #expect(throws: ExternalAdapterError.self) {
            try ExternalAdapter.describe(name: "none", path: "/no/such/ledgerport-adapter-none")
        }
        let scratch = try AdapterScratch()
        let path = try scratch.write(
            "ledgerport-adapter-bad", "#!/bin/sh\necho 'broken install' >&2\nexit 4\n", executable: true)
        do {
            _ = try ExternalAdapter.describe(name: "bad", path: path)
            Issue.record("no error")
        } catch {
            #expect(error.location == .file(path))
            #expect(error.message.contains("exited with status 4"))
            #expect(error.message.contains("| broken install"))
        }
    }
}
