import AdapterProtocol
import ExternalAdapters
import Foundation
import LedgerCore

/// A scratch folder for one test, removed when the value goes away.
final class AdapterScratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerport-ext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    @discardableResult
    func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        return path
    }

    /// A shell adapter `ledgerport-adapter-NAME` whose `extract` runs `extract` (a `sh` script
    /// body; `$2` is the input file), and whose `describe` and `identify` answer as given.
    func adapter(
        _ name: String = "test", extract: String, identify: String = "echo 50",
        describe: String? = nil, limits: AdapterLimits = .standard
    ) throws -> ExternalAdapter {
        let description =
            describe
            ?? #"{"protocols":[1],"name":"\#(name)","version":"1.2.3","summary":"A test adapter","extensions":["txt"]}"#
        let script = """
            #!/bin/sh
            case "$1" in
            describe) cat <<'JSON'
            \(description)
            JSON
            ;;
            identify) \(identify) ;;
            extract)
            \(extract)
            ;;
            *) echo "unknown verb $1" >&2; exit 2 ;;
            esac

            """
        let path = try write("ledgerport-adapter-\(name)", script, executable: true)
        return ExternalAdapter(
            name: name, path: path, sha256: "00", description: try ExternalAdapter.describe(name: name, path: path),
            limits: limits)
    }

    /// A file that records a process id, for checking the process is gone.
    var pidFile: String { url.appendingPathComponent("pid").path }

    /// The process ids written to ``pidFile``, one a line.
    func recordedProcesses() -> [Int32] {
        let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }
}

/// Whether a process (a zombie included) still exists.
func processExists(_ pid: Int32) -> Bool {
    FileManager.default.fileExists(atPath: "/proc/\(pid)")
}

/// The open file descriptors of this process.
func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// Shell lines printing an account and `count` transactions of 1.00 each, days from 2026-01-01.
func shellRecords(count: Int, balanceAfter: Bool = false) -> String {
    var script = #"echo '{"type":"account","key":"k","name":"Script EUR","currency":"EUR"}'"# + "\n"
    script += """
        i=1
        while [ $i -le \(count) ]; do
          d=$(( (i - 1) % 28 + 1 ))
          printf '{"type":"transaction","account":"k","bookingDay":"2026-01-%02d","amount":"1.00","direction":"debit","description":"Row %d","source":{"line":%d,"column":1}}\\n' $d $i $i
          i=$((i + 1))
        done

        """
    return script
}

/// The shell line printing `end` after `records` records.
func shellEnd(_ records: Int) -> String {
    #"echo '{"type":"end","records":\#(records)}'"# + "\n"
}
