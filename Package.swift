// swift-tools-version:6.0
import PackageDescription

/// One row per format adapter: the module's name and what it needs beyond LedgerCore.
/// Each row generates the adapter's target, its test target and its link into LedgerImport.
let adapters: [(name: String, dependencies: [Target.Dependency])] = [
    ("CSVAdapter", []),
    ("OFXAdapter", ["XMLStream"]),
    ("FeedAdapter", []),
    ("CamtAdapter", ["XMLStream"]),
    ("QIFAdapter", []),
    ("MT940Adapter", []),
]

let adapterTargets: [Target] = adapters.flatMap { adapter -> [Target] in
    [
        .target(name: adapter.name, dependencies: ["LedgerCore"] + adapter.dependencies),
        .testTarget(
            name: "\(adapter.name)Tests",
            dependencies: [.target(name: adapter.name), "LedgerCore", "LedgerTestSupport"]
        ),
    ]
}

let package = Package(
    name: "ledgerport",
    products: [
        .executable(name: "ledgerport", targets: ["ledgerport"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
        .library(name: "LedgerStore", targets: ["LedgerStore"]),
        .library(name: "LedgerImport", targets: ["LedgerImport"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libpq's header, the PostgreSQL client (issue 21): its types and constants, no link (no
        // pkg-config, which would add -lpq). LedgerStore's Postgres/LibPQ.swift opens libpq.so.5
        // with dlopen on a PostgreSQL ledger's first use, so other commands neither load it nor
        // need it installed. Only LedgerStore's files in Postgres/ import it.
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "LedgerCore"),
        // The one reader of XML: libxml2 behind a streaming, hardened reader (only it calls xml*).
        .target(name: "XMLStream", dependencies: ["LedgerCore", "CLibXML2"]),
        .target(name: "LedgerStore", dependencies: ["LedgerCore", "CSQLite", "CLibPQ"]),
        // The external adapter protocol: its JSON Lines written and read (docs/plugins.md).
        .target(name: "AdapterProtocol", dependencies: ["LedgerCore"]),
        // External adapters: found, trusted, and run as sandboxed processes.
        .target(name: "ExternalAdapters", dependencies: ["LedgerCore", "AdapterProtocol"]),
        .target(
            name: "LedgerImport",
            dependencies: ["LedgerCore", "LedgerStore"] + adapters.map { .target(name: $0.name) }
        ),
        // Journals and CSV written from the store's rows: hledger, ledger, beancount (docs/export.md).
        .target(name: "LedgerExport", dependencies: ["LedgerCore", "LedgerStore"]),
        // A transaction read from a sentence with fixed rules (`ledgerport add`, docs/add.md); the
        // word lists are data files built into the binary.
        .target(name: "QuickAdd", dependencies: ["LedgerCore"], resources: [.embedInCode("Words/en.json")]),
        .target(
            name: "LedgerCLI",
            dependencies: [
                "LedgerCore", "LedgerStore", "LedgerImport", "LedgerExport", "CSVAdapter", "AdapterProtocol",
                "ExternalAdapters", "QuickAdd",
            ]
        ),
        .executableTarget(name: "ledgerport", dependencies: ["LedgerCLI"]),
        // Reads one OFX file without a database: JSON for the differential check, a count for the
        // benchmark (scripts/ofx_differential.py, scripts/bench/ofx_compare.sh).
        .executableTarget(name: "OFXInspect", dependencies: ["OFXAdapter", "LedgerCore"]),
        // Times an import through an external adapter beside the native one (scripts/bench/external-import.sh).
        .executableTarget(
            name: "ExternalImportBench",
            dependencies: ["ExternalAdapters", "AdapterProtocol", "LedgerImport", "LedgerStore", "LedgerCore", "CSVAdapter"]
        ),
        // Times the rules evaluator over a million rows (scripts/bench/rules.sh).
        .executableTarget(name: "RulesBench", dependencies: ["LedgerCore"]),
        // Times the PostgreSQL import door against psql's COPY (scripts/bench/pg-import.sh, issue 21).
        .executableTarget(name: "PostgresImportBench", dependencies: ["LedgerStore", "LedgerCore"]),
        .target(name: "LedgerTestSupport", dependencies: ["LedgerCore"], path: "Tests/LedgerTestSupport"),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "LedgerTestSupport"]),
        .testTarget(name: "XMLStreamTests", dependencies: ["XMLStream", "LedgerCore"]),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "LedgerCore", "LedgerTestSupport"]),
        .testTarget(name: "QuickAddTests", dependencies: ["QuickAdd", "LedgerCore"]),
        .testTarget(name: "LedgerExportTests", dependencies: ["LedgerExport", "LedgerStore", "LedgerCore"]),
        .testTarget(
            name: "LedgerImportTests",
            dependencies: ["LedgerImport", "LedgerStore", "LedgerCore", "LedgerTestSupport", "FeedAdapter"]
        ),
        .testTarget(name: "AdapterProtocolTests", dependencies: ["AdapterProtocol", "LedgerCore", "LedgerTestSupport"]),
        .testTarget(
            name: "ExternalAdaptersTests",
            dependencies: [
                "ExternalAdapters", "AdapterProtocol", "LedgerImport", "LedgerStore", "LedgerCore", "LedgerTestSupport",
            ]
        ),
        .testTarget(
            name: "LedgerCLITests",
            dependencies: ["LedgerCLI", "LedgerImport", "LedgerStore", "LedgerCore", "LedgerTestSupport", "LedgerExport"]
        ),
    ] + adapterTargets
)

// Release builds on Linux link the Swift runtime and Foundation statically: the dynamic linker's
// symbol look-ups in those libraries cost about 7 ms of every command's start, and the binary then
// runs on a machine without the Swift toolchain. (Every module is compiled against the static
// runtime's modules, as `swift build --static-swift-stdlib` does; debug builds and tests are as before.)
for target in package.targets where target.type == .regular || target.type == .executable {
    let staticRuntime = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], staticRuntime)]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], staticRuntime)]
    }
}
