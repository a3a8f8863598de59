// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DirectToTerminal",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "d2t", targets: ["d2t"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    // MARK: - C libraries (one thin system-library target each)
    .systemLibrary(name: "CSQLite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),

    // MARK: - Qualifiers and rules (no terminal, no database)
    .target(name: "Qualifiers", exclude: ["README.md"]),
    .target(
      name: "Rules",
      dependencies: ["Qualifiers"],
      exclude: ["README.md"],
      resources: [.embedInCode("Defaults/defaults.rules")]
    ),
    .executableTarget(name: "d2t-bench-rules", dependencies: ["Rules", "Qualifiers"]),

    // MARK: - Data access
    .target(
      name: "Access",
      dependencies: ["Qualifiers", .product(name: "Logging", package: "swift-log")]
    ),
    .target(name: "SQLiteAdaptor", dependencies: ["Access", "CSQLite3"]),
    .target(name: "PostgreSQLAdaptor", dependencies: ["Access", "CLibPQ"]),

    // MARK: - Executable
    .executableTarget(
      name: "d2t",
      dependencies: [
        "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "Rules",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: - Tests
    .testTarget(name: "QualifiersTests", dependencies: ["Qualifiers"]),
    .testTarget(name: "RulesTests", dependencies: ["Rules", "Qualifiers"]),
    .testTarget(
      name: "AccessTests",
      dependencies: ["Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "Qualifiers"]
    ),
  ]
)
