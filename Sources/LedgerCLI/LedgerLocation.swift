import Foundation

/// Where ledgerport keeps things: the database and the folders searched for CSV mappings.
enum LedgerLocation {
    /// `--db`, else `$LEDGERPORT_DB`, else `$XDG_DATA_HOME/ledgerport/ledger.sqlite`, else
    /// `~/.local/share/ledgerport/ledger.sqlite`.
    static func databasePath(option: String?, environment: [String: String]) -> String {
        if let option { return option }
        if let path = environment["LEDGERPORT_DB"], !path.isEmpty { return path }
        let dataHome = nonEmpty(environment["XDG_DATA_HOME"]) ?? (home(environment) + "/.local/share")
        return dataHome + "/ledgerport/ledger.sqlite"
    }

    /// The folders searched for a mapping by name, first match wins: the user's
    /// (`$XDG_CONFIG_HOME/ledgerport/mappings`), any in `$LEDGERPORT_MAPPINGS` (colon-separated),
    /// then the mappings shipped with ledgerport.
    static func mappingDirectories(environment: [String: String]) -> [String] {
        var folders = [configFolder(environment: environment) + "/mappings"]
        if let extra = nonEmpty(environment["LEDGERPORT_MAPPINGS"]) {
            folders += extra.split(separator: ":").map(String.init)
        }
        if let bundled = bundledMappings() { folders.append(bundled) }
        return folders
    }

    /// `$XDG_CONFIG_HOME/ledgerport`, else `~/.config/ledgerport`.
    static func configFolder(environment: [String: String]) -> String {
        (nonEmpty(environment["XDG_CONFIG_HOME"]) ?? (home(environment) + "/.config")) + "/ledgerport"
    }

    /// The shipped `mappings/` folder: beside an installed binary (`PREFIX/share/ledgerport/mappings`)
    /// or at the root of the source checkout the binary was built in.
    static func bundledMappings() -> String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let fileManager = FileManager.default
        var folder = executable.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/ledgerport/mappings")
        if fileManager.fileExists(atPath: installed.path) { return installed.path }
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("mappings")
            if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                fileManager.fileExists(atPath: candidate.path)
            {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        let current = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        let local = current.appendingPathComponent("mappings")
        if fileManager.fileExists(atPath: current.appendingPathComponent("Package.swift").path),
            fileManager.fileExists(atPath: local.path)
        {
            return local.path
        }
        return nil
    }

    /// Creates the database's folder if it is missing.
    static func createFolder(for databasePath: String) throws {
        guard databasePath != ":memory:" else { return }
        let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RuntimeError(
                "can't create the folder \(folder.path) for the database: \(whyNot(creating: folder, error))")
        }
    }

    /// Why a folder could not be created, in words: an ancestor that is a file, or the system's
    /// reason (Foundation's own message can be a bare `NSCocoaErrorDomain error 512`).
    private static func whyNot(creating folder: URL, _ error: any Error) -> String {
        let fileManager = FileManager.default
        var ancestor = folder
        while ancestor.path != "/" && !ancestor.path.isEmpty {
            var isFolder: ObjCBool = false
            if fileManager.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "\(ancestor.path) is a file, not a folder" }
                break
            }
            ancestor.deleteLastPathComponent()
        }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    private static func home(_ environment: [String: String]) -> String {
        nonEmpty(environment["HOME"]) ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
