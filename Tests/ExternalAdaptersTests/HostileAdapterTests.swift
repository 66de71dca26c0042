import AdapterProtocol
import ExternalAdapters
import Foundation
import LedgerCore
import Testing

/// Reads `input.txt` through an adapter; returns the events and the error's description, if any.
private func extractAll(_ adapter: ExternalAdapter, options: AdapterOptions = AdapterOptions(fileName: "input.txt"))
    -> (events: [AdapterEvent], error: String?, location: LedgerCore.SourceLocation?)
{
    var events: [AdapterEvent] = []
    do {
        let reader = try adapter.reader(options: options)
        try reader.drafts(from: InMemoryByteStream("a,b\n1,2\n", name: "input.txt")) { events.append($0) }
        return (events, nil, nil)
    } catch let error as any LocatedError {
        return (events, error.description, error.location)
    } catch {
        return (events, "\(error)", nil)
    }
}

@Suite("Hostile external adapters")
struct HostileAdapterTests {
    @Test("infinite output stops at the output limit")
    func infiniteOutput() throws {
        let scratch = try AdapterScratch()
        var limits = AdapterLimits.standard
        limits.maxOutputBytes = 1 << 20
        let adapter = try scratch.adapter(
            extract: #"echo $$ >> \#(scratch.pidFile); yes '{"type":"mapping","name":"x"}'"#, limits: limits)
        let result = extractAll(adapter)
        #expect(
            result.error?.contains("adapter test: printed more than 1048576 bytes") == true, "\(result.error ?? "")")
        #expect(result.location == LedgerCore.SourceLocation.file("input.txt"))
        for pid in scratch.recordedProcesses() { #expect(!processExists(pid)) }
    }

    @Test("a 100 MB line stops at the line limit, long before its end")
    func hugeLine() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(extract: "head -c 100000000 /dev/zero | tr '\\0' a")
        let started = Date()
        let result = extractAll(adapter)
        #expect(result.error?.contains("output line 1 is longer than 1048576 bytes") == true, "\(result.error ?? "")")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("an adapter silent past the idle limit is killed with its whole process group")
    func sleepsForever() throws {
        let scratch = try AdapterScratch()
        var limits = AdapterLimits.standard
        limits.idleSeconds = 0.5
        let adapter = try scratch.adapter(
            extract: "echo $$ >> \(scratch.pidFile); sleep 1000 & echo $! >> \(scratch.pidFile); wait",
            limits: limits)
        let started = Date()
        let result = extractAll(adapter)
        #expect(result.error?.contains("printed nothing for 0.5 s") == true, "\(result.error ?? "")")
        #expect(Date().timeIntervalSince(started) < 5)
        let processes = scratch.recordedProcesses()
        #expect(processes.count == 2)
        // The grandchild is killed too; init reaps it, which may take a moment.
        let deadline = Date().addingTimeInterval(5)
        while processes.contains(where: processExists), Date() < deadline { usleep(10_000) }
        for pid in processes { #expect(!processExists(pid), "process \(pid) outlived the error") }
    }

    @Test("a process left running in the background by an adapter that succeeds is killed too")
    func backgroundProcess() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(
            extract: "sleep 1000 >/dev/null 2>&1 & echo $! >> \(scratch.pidFile)\n" + shellEnd(0))
        let result = extractAll(adapter)
        #expect(result.error == nil, "\(result.error ?? "")")
        let processes = scratch.recordedProcesses()
        #expect(processes.count == 1)
        let deadline = Date().addingTimeInterval(5)
        while processes.contains(where: processExists), Date() < deadline { usleep(10_000) }
        for pid in processes { #expect(!processExists(pid), "background process \(pid) outlived the import") }
    }

    @Test("exiting non-zero halfway is an error even after valid records, with stderr's last lines")
    func exitsNonZero() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(
            extract: shellRecords(count: 10) + "echo 'cannot parse row 11' >&2; exit 3")
        let result = extractAll(adapter)
        #expect(result.events.count == 11)
        #expect(
            result.error?.contains("adapter test exited with status 3; expected 0") == true, "\(result.error ?? "")")
        #expect(result.error?.contains("| cannot parse row 11") == true)
    }

    @Test("a non-zero exit after end is still an error")
    func exitsNonZeroAfterEnd() throws {
        let scratch = try AdapterScratch()
        let adapter = try scratch.adapter(extract: shellRecords(count: 2) + shellEnd(3) + "exit 1")
        #expect(extractAll(adapter).error?.contains("exited with status 1") == true)
    }

    @Test(
        "invalid output ends in a located error naming the output line",
        arguments: [
            (#"echo '{"type":'"#, "output line 1: not valid JSON"),
            (
                #"echo '{"type":"account","key":"k","name":"A","currency":"EUR"}'; "#
                    + #"echo '{"type":"transaction","account":"k","bookingDay":"2026-01-01","amount":12.5,"direction":"debit","description":"x","source":{"line":1,"column":1}}'"#,
                #"output line 2: "amount" must be a decimal string such as "12.50", found the number 12.5"#
            ),
            (
                #"echo '{"type":"end","records":0}'; echo '{"type":"mapping","name":"x"}'"#,
                "output line 2: output after"
            ),
            (#"echo '{"type":"mapping","name":"x"}'"#, "without an \"end\" record"),
            (#"printf '{"type":"mapping","name":"\377"}\n'"#, "output line 1: not UTF-8"),
            (#"printf '{"type":"end","records":0}'"#, "does not end with a newline"),
            (
                #"echo '{"type":"mapping","name":"x"}'; echo"#,
                "output line 2: not valid JSON at column 1: the line is empty"
            ),
        ])
    func invalidOutput(extract: String, expected: String) throws {
        let scratch = try AdapterScratch()
        let result = extractAll(try scratch.adapter(extract: extract))
        // At the input file, or at the line and column the bad record's `source` names.
        let located =
            result.error?.hasPrefix("input.txt: error: adapter test") == true
            || result.error?.hasPrefix("input.txt:1:1: error: adapter test") == true
        #expect(located, "\(result.error ?? "")")
        #expect(result.error?.contains(expected) == true, "\(result.error ?? "")")
    }

    @Test("broken output is shown with the adapter's last lines on stderr")
    func brokenOutputWithDiagnostics() throws {
        let scratch = try AdapterScratch()
        let result = extractAll(try scratch.adapter(extract: "echo 'debug: parsing' >&2; echo 'debug: 3 rows'"))
        #expect(result.error?.contains("output line 1: not valid JSON") == true, "\(result.error ?? "")")
        #expect(
            result.error?.contains("its last lines on stderr:\n  | debug: parsing") == true, "\(result.error ?? "")")
    }

    @Test("a crash by a signal is named")
    func crashBySignal() throws {
        let scratch = try AdapterScratch()
        let result = extractAll(try scratch.adapter(extract: #"echo '{"type":"mapping","name":"x"}'; kill -SEGV $$"#))
        #expect(result.error?.contains("was killed by signal 11 (SIGSEGV)") == true, "\(result.error ?? "")")
    }

    @Test("an error record stops reading at its place in the input file")
    func errorRecord() throws {
        let scratch = try AdapterScratch()
        let result = extractAll(
            try scratch.adapter(
                extract: #"echo '{"type":"error","message":"amount x is bad","source":{"line":2,"column":3}}'"#))
        #expect(result.error == "input.txt:2:3: error: amount x is bad")
    }

    @Test("the adapter runs in an empty private directory on a copy of the input, with only the minimal environment")
    func sandbox() throws {
        let scratch = try AdapterScratch()
        let report = scratch.url.appendingPathComponent("seen").path
        let adapter = try scratch.adapter(
            extract: """
                { pwd; ls -A | tr '\\n' ' '; echo; cat "$2"; env | sort; ls /proc/self/fd | tr '\\n' ' '; } > \(report)
                echo '{"type":"end","records":0}'
                """,
            describe: #"{"protocols":[1],"name":"test","version":"1.0.0","summary":"A test adapter","#
                + #""extensions":["txt"],"options":[{"name":"date-format","value":"LAYOUT","#
                + #""summary":"how days are written"}]}"#)
        setenv("LEDGERPORT_TEST_SECRET", "hush", 1)
        let result = extractAll(
            adapter, options: AdapterOptions(settings: ["date-format": "D.M.Y"], fileName: "dir/input.txt"))
        #expect(result.error == nil, "\(result.error ?? "")")
        let seen = try String(contentsOfFile: report, encoding: .utf8)
        let lines = seen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].contains("/ledgerport-adapter-"))
        #expect(lines[1] == "input.txt ")
        #expect(lines[2] == "a,b" && lines[3] == "1,2")
        #expect(seen.contains("LEDGERPORT_OPTION_DATE_FORMAT=D.M.Y"))
        #expect(seen.contains("LEDGERPORT_PROTOCOL=1"))
        #expect(seen.contains("PATH=/usr/local/bin:/usr/bin:/bin"))
        #expect(!seen.contains("LEDGERPORT_TEST_SECRET"))
        #expect(!seen.contains("HOME="))
        // stdin, stdout, stderr and the descriptor `ls` opens to list them: nothing inherited.
        #expect(lines.last(where: { !$0.isEmpty })?.split(separator: " ").count ?? 0 <= 4)
        // The private directory is removed afterwards.
        #expect(!FileManager.default.fileExists(atPath: lines[0]))
    }

    @Test("runs leave no descriptor open and no zombie behind")
    func noLeaks() throws {
        let scratch = try AdapterScratch()
        let failing = try scratch.adapter(extract: "echo $$ >> \(scratch.pidFile); echo '{'; exit 1")
        let fine = try scratch.adapter("fine", extract: "echo $$ >> \(scratch.pidFile); " + shellEnd(0))
        _ = extractAll(failing)
        let before = openDescriptorCount()
        for _ in 0..<15 {
            _ = extractAll(failing)
            _ = extractAll(fine)
            _ = fine.identify(head: [], path: "input.txt")
        }
        let after = openDescriptorCount()
        // Other tests run alongside and open files too: a leak of even one descriptor a run
        // would show as 30 more.
        #expect(after - before < 10, "\(before) descriptors before, \(after) after")
        let processes = scratch.recordedProcesses()
        #expect(processes.count == 31)
        for pid in processes { #expect(!processExists(pid), "process \(pid) is left as a zombie") }
    }

    @Test("identify answers the adapter's number; anything else, a hang or a failure is 0")
    func identify() throws {
        let scratch = try AdapterScratch()
        #expect(try scratch.adapter(extract: "", identify: "echo 80").identify(head: [], path: "x.txt") == 80)
        #expect(try scratch.adapter(extract: "", identify: "echo 101").identify(head: [], path: "x.txt") == 0)
        let unsure = try scratch.adapter(extract: "", identify: "echo sure")
        #expect(unsure.identify(head: [], path: "x.txt") == 0)
        #expect(throws: ExternalAdapterError.self) { try unsure.confidence(in: "x.txt") }
        do {
            _ = try unsure.confidence(in: "x.txt")
        } catch {
            #expect(
                error.description
                    == #"x.txt: error: adapter test: identify answered "sure"; expected one line holding an integer from 0 to 100"#
            )
        }
        #expect(try scratch.adapter(extract: "", identify: "echo 90; exit 1").identify(head: [], path: "x.txt") == 0)
        var limits = AdapterLimits.standard
        limits.quickVerbSeconds = 0.3
        let hanging = try scratch.adapter(extract: "", identify: "sleep 100", limits: limits)
        let started = Date()
        #expect(hanging.identify(head: [], path: "x.txt") == 0)
        #expect(Date().timeIntervalSince(started) < 3)
        // The path reaches the adapter absolute, as it runs elsewhere.
        let echoing = try scratch.adapter(extract: "", identify: #"case "$2" in /*) echo 7 ;; *) echo 0 ;; esac"#)
        #expect(echoing.identify(head: [], path: "relative.txt") == 7)
    }
}
