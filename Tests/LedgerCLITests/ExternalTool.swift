import Foundation
import Testing

/// A program from outside the toolchain that checks ledgerport's output (hledger, ledger,
/// bean-check), found on `PATH` and run to completion.
///
/// scripts/install-deps.sh installs them. When one is missing, a test under `CI=true` fails
/// (recorded as an issue); elsewhere it is skipped with the reason printed.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
    }

    /// The program's path, or `nil` (after recording or printing why) when it isn't installed.
    static func find(_ name: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let folders =
            (environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin", (environment["HOME"] ?? "") + "/.local/bin"]
        for folder in folders {
            let path = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        let reason = "\(name) is not installed (scripts/install-deps.sh installs it)"
        if environment["CI"] == "true" {
            Issue.record("\(reason); under CI=true a missing checker fails the test")
        } else {
            print("skipped: \(reason)")
        }
        return nil
    }

    /// Runs the program with `arguments`; stdout and stderr together in `output`.
    static func run(_ path: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
