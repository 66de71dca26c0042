import AdapterProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds external adapters: `ledgerport-adapter-NAME` executables in the folders the protocol names.
///
/// The folders, in order: each of `$LEDGERPORT_ADAPTER_PATH` (colon-separated), then
/// `$XDG_CONFIG_HOME/ledgerport/adapters` (`$HOME/.config/ledgerport/adapters` when
/// `XDG_CONFIG_HOME` is unset or not absolute), then each of `$PATH`. Only absolute folders are
/// searched: an empty entry, `.` or any relative one is skipped, so an adapter is never found in
/// the current directory whatever `PATH` says. Only regular executable files count (a symbolic
/// link to one does); a name that isn't a valid NAME is skipped. The first file of a NAME wins;
/// the later ones are reported as hidden.
///
/// ```swift
/// let found = AdapterDiscovery(environment: ProcessInfo.processInfo.environment).discover()
/// for adapter in found.adapters { print(adapter.name, adapter.path) }
/// ```
public struct AdapterDiscovery: Sendable {
    /// The environment the folders are read from (`LEDGERPORT_ADAPTER_PATH`, `XDG_CONFIG_HOME`,
    /// `HOME`, `PATH`).
    public var environment: [String: String]

    /// Prepares a search with an environment.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The folders named, in order: absolute ones only, each once (the first time it is named;
    /// `/usr/bin/` is `/usr/bin`).
    public var searchDirectories: [String] {
        var folders = Self.entries(environment["LEDGERPORT_ADAPTER_PATH"])
        if let config = ConfigFolder(environment: environment).path {
            folders.append(config + "/adapters")
        }
        folders += Self.entries(environment["PATH"])
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
    }

    /// Searches the folders.
    ///
    /// A folder that is missing or can't be listed is passed over: `PATH` often names some.
    ///
    /// - Returns: the adapter of each NAME first found, in search order, and the later ones.
    public func discover() -> Result {
        var result = Result()
        var names: Set<String> = []
        // A folder named twice under different spellings (`/bin` and `/usr/bin` where one links to
        // the other) is searched once: its adapters would otherwise hide themselves.
        var searched: Set<String> = []
        for folder in searchDirectories {
            guard searched.insert(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path).inserted else {
                continue
            }
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            // Only the adapters' names are sorted: `/usr/bin` alone holds over a thousand entries,
            // and sorting them all cost about 1.8 million instructions at every start.
            for entry in entries.filter({ $0.hasPrefix(AdapterContract.executablePrefix) }).sorted() {
                let name = String(entry.dropFirst(AdapterContract.executablePrefix.count))
                guard Self.isValidName(name) else { continue }
                let path = folder == "/" ? "/" + entry : folder + "/" + entry
                guard Self.isRegularExecutable(path) else { continue }
                let found = DiscoveredAdapter(name: name, path: path)
                if names.insert(name).inserted {
                    result.adapters.append(found)
                } else {
                    result.hidden.append(found)
                }
            }
        }
        return result
    }

    /// Whether a NAME is one the protocol allows: `[a-z0-9][a-z0-9_-]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLowerAlphanumeric(first) else { return false }
        return name.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// What a search found.
    public struct Result: Sendable, Hashable {
        /// The first adapter of each NAME, in search order.
        public var adapters: [DiscoveredAdapter] = []
        /// Adapters of a NAME found earlier, which never run while the earlier one is there.
        public var hidden: [DiscoveredAdapter] = []
    }

    // MARK: - Private

    /// The absolute entries of a colon-separated list, in order.
    private static func entries(_ list: String?) -> [String] {
        guard let list else { return [] }
        return list.split(separator: ":", omittingEmptySubsequences: true).filter { $0.hasPrefix("/") }.map {
            var folder = $0
            while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
            return String(folder)
        }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether a path is a regular file (after following symbolic links) the user may execute.
    private static func isRegularExecutable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}

/// An external adapter's executable as discovery found it.
public struct DiscoveredAdapter: Sendable, Hashable {
    /// The adapter's NAME (the executable's name after `ledgerport-adapter-`).
    public var name: String
    /// The executable's absolute path, as found (symbolic links not resolved).
    public var path: String

    /// Creates a found adapter.
    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// ledgerport's configuration folder: `$XDG_CONFIG_HOME/ledgerport`, else
/// `$HOME/.config/ledgerport`; `nil` when neither is an absolute path.
struct ConfigFolder {
    let path: String?

    init(environment: [String: String]) {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = Self.trimmed(config) + "/ledgerport"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = Self.trimmed(home) + "/.config/ledgerport"
        } else {
            path = nil
        }
    }

    /// A folder without its trailing slashes (`/` stays `/`-less: the caller appends `/name`).
    private static func trimmed(_ folder: String) -> String {
        var folder = Substring(folder)
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}
