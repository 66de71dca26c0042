import AdapterProtocol
import Foundation
import LedgerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The environment an adapter runs with: nothing inherited (no HOME, no secrets), only the
/// protocol version, a fixed PATH and locale, and the options the user gave.
enum AdapterEnvironment {
    /// `LEDGERPORT_PROTOCOL`, `PATH`, `LANG`, `LC_ALL`, then `LEDGERPORT_OPTION_<NAME>=value` for
    /// each setting (NAME upper-cased, `-` → `_`), sorted by name.
    ///
    /// - Parameters:
    ///   - settings: the adapter's options given.
    ///   - protocols: the versions the adapter speaks (`nil` before `describe` has said): it runs
    ///     under the highest one the host speaks too.
    static func make(settings: [String: String], protocols: [Int]? = nil) -> [String] {
        var entries = [
            "\(AdapterContract.versionVariable)=\(protocolVersion(adapter: protocols))",
            "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
        ]
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            // A value with a NUL can't be passed; `strdup` would cut it short silently.
            guard !value.utf8.contains(0), !name.utf8.contains(0) else { continue }
            entries.append("LEDGERPORT_OPTION_\(optionVariable(name))=\(value)")
        }
        return entries
    }

    /// The version an adapter runs under: the highest of `host` it speaks too; the host's highest
    /// when it hasn't said (`describe`) or shares none (``AdapterDescription`` refuses that).
    static func protocolVersion(adapter: [Int]?, host: [Int] = AdapterContract.versions) -> Int {
        let shared = host.filter { adapter?.contains($0) ?? true }
        return shared.max() ?? host.max() ?? 1
    }

    /// `date-format` → `DATE_FORMAT`.
    static func optionVariable(_ name: String) -> String {
        String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

/// A fresh private (mode 0700) temporary directory, the adapter's working directory, removed with
/// all it holds afterwards.
struct PrivateDirectory {
    let path: String
    /// Removes it if ledgerport is interrupted (``AdapterCleanup``).
    private let registration: AdapterCleanup.Registration?

    /// Creates the directory under `$TMPDIR` (or `/tmp`). Calls `mkdtemp`.
    ///
    /// - Throws: ``ExternalAdapterError`` when it can't be created.
    init(adapter: String, at location: SourceLocation) throws(ExternalAdapterError) {
        let parent = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((parent + "/ledgerport-adapter-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else {
            throw ExternalAdapterError(
                .cannotStart("no private directory in \(parent): \(String(cString: strerror(errno)))"),
                adapter: adapter, at: location)
        }
        let path = template.withUnsafeBufferPointer { buffer in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        self.path = path
        registration = AdapterCleanup.register(directory: path)
    }

    /// Removes the directory and everything the adapter left in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        AdapterCleanup.unregister(registration)
    }
}
