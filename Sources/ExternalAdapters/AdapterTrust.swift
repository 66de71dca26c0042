import Foundation
import LedgerCore

/// Whether an external adapter found on disk may run: what its pin in the trust file says of it.
///
/// An adapter runs only while its executable is the one trusted: the same path and the same
/// SHA-256. Anything else is refused until `ledgerport adapters trust NAME` pins it again.
public enum AdapterTrust: Sendable, Hashable {
    /// Pinned at this path with this digest: it may run.
    case trusted
    /// No pin for its NAME.
    case notTrusted
    /// Pinned at this path, but the file's digest is no longer the pinned one.
    case changed(pinned: String, now: String)
    /// Pinned at another path: the adapter found is not the one trusted.
    case moved(pinnedPath: String)

    /// The state of a found adapter against the pins.
    ///
    /// - Parameters:
    ///   - adapter: the executable found.
    ///   - sha256: its digest now, in hex.
    ///   - pins: the trust file's pins.
    public init(of adapter: DiscoveredAdapter, sha256: String, pins: [AdapterPin]) {
        guard let pin = pins.first(where: { $0.name == adapter.name }) else {
            self = .notTrusted
            return
        }
        if pin.path != adapter.path {
            self = .moved(pinnedPath: pin.path)
        } else if pin.sha256 != sha256 {
            self = .changed(pinned: pin.sha256, now: sha256)
        } else {
            self = .trusted
        }
    }

    /// Whether the adapter may run.
    public var isTrusted: Bool { self == .trusted }

    /// One word for a listing: `trusted`, `untrusted`, `changed`, `moved`.
    public var label: String {
        switch self {
        case .trusted: return "trusted"
        case .notTrusted: return "untrusted"
        case .changed: return "changed"
        case .moved: return "moved"
        }
    }

    /// Why an adapter may not run and what to do about it; `nil` when it may.
    ///
    /// - Parameters:
    ///   - name: the adapter's NAME.
    ///   - path: the executable found.
    public func refusal(name: String, path: String) -> String? {
        let trust = "`ledgerport adapters trust \(name)`"
        switch self {
        case .trusted:
            return nil
        case .notTrusted:
            return "adapter \(name) (\(path)) is not trusted: read it, then run \(trust)"
        case .changed(let pinned, let now):
            return "adapter \(name) changed since you trusted it (sha256 was \(pinned), now \(now)): "
                + "read \(path) again, then run \(trust)"
        case .moved(let pinnedPath):
            return "adapter \(name) is at \(path), but the one you trusted is at \(pinnedPath): "
                + "read \(path), then run \(trust) (or remove it to use the trusted one)"
        }
    }

    /// Why an adapter that once was trusted didn't read a file whose format was detected, and
    /// what to do about it; `nil` when it is trusted or was never trusted (an untrusted adapter's
    /// file extensions are unknown, so it is named only when no adapter recognises the file).
    ///
    /// - Parameters:
    ///   - name: the adapter's NAME.
    ///   - path: the executable found.
    ///   - file: the file detection looked at, as the user named it.
    public func note(name: String, path: String, file: String) -> String? {
        let notAsked = "it was not asked about \(file); read it, then run `ledgerport adapters trust \(name)`"
        switch self {
        case .trusted, .notTrusted:
            return nil
        case .changed(let pinned, let now):
            return "adapter \(name) (\(path)) changed since you trusted it (sha256 was \(pinned), now \(now)): "
                + notAsked
        case .moved(let pinnedPath):
            return "adapter \(name) (\(path)) is not the one you trusted (at \(pinnedPath)): \(notAsked) "
                + "(or remove it to use the trusted one)"
        }
    }

    /// The SHA-256 of a file's bytes, in lower-case hex, read in chunks (memory stays flat).
    ///
    /// - Throws: ``AdapterTrustError`` `.io` when the file can't be read.
    public static func sha256(ofFileAt path: String) throws(AdapterTrustError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AdapterTrustError(.io("can't read \(path) to hash it"), at: .file(path))
        }
        defer { try? handle.close() }
        var digest = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                digest.update(chunk)
            }
        } catch {
            throw AdapterTrustError(
                .io("can't read \(path) to hash it: \(error.localizedDescription)"), at: .file(path))
        }
        return digest.hexDigest()
    }
}

/// One trusted adapter as the trust file keeps it: the executable's path and digest when trusted.
public struct AdapterPin: Sendable, Hashable {
    /// The adapter's NAME.
    public var name: String
    /// The executable's absolute path.
    public var path: String
    /// The executable's SHA-256, in lower-case hex.
    public var sha256: String
    /// The version its `describe` reported.
    public var version: String
    /// When it was trusted, as ISO 8601 UTC (`2026-12-01T19:30:00Z`).
    public var trustedAt: String
    /// What its `describe` said when it was trusted: used instead of running it again while the
    /// file still has ``sha256``. `nil` in a pin written before descriptions were kept.
    public var description: AdapterDescription?

    /// Creates a pin.
    public init(
        name: String, path: String, sha256: String, version: String, trustedAt: String,
        description: AdapterDescription? = nil
    ) {
        self.name = name
        self.path = path
        self.sha256 = sha256
        self.version = version
        self.trustedAt = trustedAt
        self.description = description
    }
}
