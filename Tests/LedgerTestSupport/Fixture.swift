import Foundation

/// Finds test fixtures under `Tests/Fixtures/`, wherever the tests run from.
public enum Fixture {
    /// The folder holding all fixtures.
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// The URL of a fixture, such as `Fixture.url("CSV/generic.csv")`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The bytes of a fixture.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relativePath)))
    }

    /// The repository's root folder (for `samples/` and `mappings/`).
    public static var repositoryRoot: URL {
        root.deletingLastPathComponent().deletingLastPathComponent()
    }
}
