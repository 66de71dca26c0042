import Foundation
import LedgerExport

/// `export.json` in the config folder: the journal names a person chose (docs/export.md).
enum ExportConfiguration {
    /// `$XDG_CONFIG_HOME/ledgerport/export.json`, else `~/.config/ledgerport/export.json`.
    static func path(environment: [String: String]) -> String {
        LedgerLocation.configFolder(environment: environment) + "/export.json"
    }

    /// The chosen names, or none when the file doesn't exist.
    static func read(environment: [String: String]) throws -> JournalNames {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return JournalNames() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RuntimeError("can't read \(path)")
        }
        return try JournalNames.read(Array(data), path: path)
    }

    /// Writes the names whole: to a temporary file beside it, then renamed into place.
    static func write(_ names: JournalNames, environment: [String: String]) throws {
        let path = path(environment: environment)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(names.rendered().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RuntimeError("can't write \(path): \(error.localizedDescription)")
        }
    }
}
