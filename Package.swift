// swift-tools-version:6.0
import PackageDescription

/// One row per format adapter: the module's name and what it needs beyond LedgerCore.
/// Each row generates the adapter's target, its test target and its link into LedgerImport.
let adapters: [(name: String, dependencies: [Target.Dependency])] = [
    ("CSVAdapter", []),
    ("FeedAdapter", []),
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
        .target(name: "LedgerCore"),
        .target(name: "LedgerStore", dependencies: ["LedgerCore", "CSQLite"]),
        .target(
            name: "LedgerImport",
            dependencies: ["LedgerCore", "LedgerStore"] + adapters.map { .target(name: $0.name) }
        ),
        .target(name: "LedgerCLI", dependencies: ["LedgerCore", "LedgerStore", "LedgerImport"]),
        .executableTarget(name: "ledgerport", dependencies: ["LedgerCLI"]),
        .target(name: "LedgerTestSupport", dependencies: ["LedgerCore"], path: "Tests/LedgerTestSupport"),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "LedgerTestSupport"]),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "LedgerCore"]),
        .testTarget(
            name: "LedgerImportTests",
            dependencies: ["LedgerImport", "LedgerStore", "LedgerCore", "LedgerTestSupport", "FeedAdapter"]
        ),
        .testTarget(
            name: "LedgerCLITests",
            dependencies: ["LedgerCLI", "LedgerStore", "LedgerCore", "LedgerTestSupport"]
        ),
    ] + adapterTargets
)
