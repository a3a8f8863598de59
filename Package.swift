// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DirectToTerminal",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "d2t", targets: ["d2t"]),
    // d2t as a library: a program embeds `D2TApp` with its own adaptor, rules, components
    // and pages (Examples/CustomApp), and the lower modules it needs for that.
    .library(name: "DirectToTerminal", targets: ["DirectToTerminal"]),
    .library(name: "Access", targets: ["Access"]),
    .library(name: "SQLiteAdaptor", targets: ["SQLiteAdaptor"]),
    .library(name: "PostgreSQLAdaptor", targets: ["PostgreSQLAdaptor"]),
    .library(name: "MySQLAdaptor", targets: ["MySQLAdaptor"]),
    .library(name: "Rules", targets: ["Rules", "Qualifiers"]),
    .library(name: "TerminalUI", targets: ["TerminalCore", "Theming", "Widgets", "NcursesBackend"]),
    .executable(name: "d2t-termdemo", targets: ["d2t-termdemo"]),
    .executable(name: "d2t-bench-render", targets: ["d2t-bench-render"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    // MARK: - C libraries (one thin system-library target each)
    .systemLibrary(name: "CSQLite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CMariaDB", providers: [.apt(["libmariadb-dev"])]),
    .systemLibrary(name: "CSystemCrypto", providers: [.apt(["libssl-dev", "libcrypt-dev"])]),

    // MARK: - Qualifiers and rules (no terminal, no database)
    .target(name: "Qualifiers", exclude: ["README.md"]),
    .target(
      name: "Rules",
      dependencies: ["Qualifiers"],
      exclude: ["README.md"],
      resources: [.embedInCode("Defaults/defaults.rules")]
    ),
    .executableTarget(name: "d2t-bench-rules", dependencies: ["Rules", "Qualifiers"]),
    // The assistant's rule writing (rule files, scopes, priorities; no terminal)
    .target(name: "Assistant", dependencies: ["Rules", "Qualifiers"], exclude: ["README.md"]),

    // MARK: - Data access
    .target(
      name: "Access",
      dependencies: ["Qualifiers", .product(name: "Logging", package: "swift-log")],
      exclude: ["README.md"]
    ),
    .target(name: "SQLiteAdaptor", dependencies: ["Access", "CSQLite3"], exclude: ["README.md"]),
    // libpq, libmariadb and libcrypto are loaded on first use (CClientLibraries), not at every start.
    .target(name: "CClientLibraries", exclude: ["README.md"]),
    .target(
      name: "PostgreSQLAdaptor", dependencies: ["Access", "CLibPQ", "CClientLibraries"], exclude: ["README.md"]),
    .target(name: "MySQLAdaptor", dependencies: ["Access", "CMariaDB", "CClientLibraries"], exclude: ["README.md"]),
    .target(name: "Export", dependencies: ["Access", "Qualifiers"], exclude: ["README.md"]),
    .target(name: "Import", dependencies: ["Access"], exclude: ["README.md"]),
    .target(name: "History", exclude: ["README.md"]),
    .target(name: "Journal", dependencies: ["Access", "History"], exclude: ["README.md"]),

    // MARK: - Sakila demo database (DDL in Sakila/, generator and loader in Sakila/Sources)
    .target(
      name: "Sakila",
      dependencies: ["Access", "SQLiteAdaptor"],
      path: "Sakila",
      exclude: ["README.md"],
      sources: ["Sources"],
      resources: [
        .embedInCode("schema.sqlite.sql"), .embedInCode("schema.postgres.sql"), .embedInCode("schema.mysql.sql"),
      ]
    ),

    // MARK: - Files d2t ships, embedded in the binary (Themes/*.theme, Rules/sakila.rules)
    .target(
      name: "BundledThemes", path: "Themes", exclude: ["README.md"], sources: ["Sources"],
      resources: [
        .embedInCode("default.theme"), .embedInCode("light.theme"), .embedInCode("high-contrast.theme"),
        .embedInCode("mono.theme"), .embedInCode("terminal.theme"),
      ]
    ),
    .target(name: "DemoRules", path: "Rules", sources: ["Sources"], resources: [.embedInCode("sakila.rules")]),

    // MARK: - Terminal (cell buffer, themes, widgets, the one ncurses backend)
    .systemLibrary(name: "CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
    .target(name: "CWidth"),
    .target(name: "TerminalCore", dependencies: ["CWidth"], exclude: ["README.md"]),
    .target(name: "Theming", dependencies: ["TerminalCore"], exclude: ["README.md"]),
    .target(name: "Widgets", dependencies: ["TerminalCore", "Theming"], exclude: ["README.md"]),
    .target(
      name: "NcursesBackend", dependencies: ["TerminalCore", "CNcursesw"], exclude: ["README.md"]),
    .executableTarget(
      name: "d2t-termdemo",
      dependencies: ["TerminalCore", "Theming", "Widgets", "NcursesBackend"]
    ),
    .executableTarget(
      name: "d2t-bench-render",
      dependencies: ["TerminalCore", "Theming", "Widgets", "Access", "SQLiteAdaptor", "DirectToTerminal"]
    ),

    // MARK: - The app (pages, components, runtime), headless-testable
    .target(
      name: "DirectToTerminal",
      dependencies: [
        "Access", "Qualifiers", "Rules", "TerminalCore", "Theming", "Widgets", "History", "Journal", "Export", "Import",
        "Assistant",
        .product(name: "Logging", package: "swift-log"), "CSystemCrypto", "CClientLibraries",
      ],
      exclude: ["README.md"]
    ),

    // MARK: - The config file (config.toml, read with TOMLKit)
    .target(name: "Config", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")], exclude: ["README.md"]),
    .testTarget(name: "ConfigTests", dependencies: ["Config"]),

    // MARK: - Executable
    // The commit a release build names in --version (scripts/install, scripts/package).
    .target(name: "CBuildInfo"),
    // glibc's mallopt, which the Swift Glibc module leaves out (d2t's EarlyStart).
    .systemLibrary(name: "CMalloc"),
    .executableTarget(
      name: "d2t",
      dependencies: [
        "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "Sakila", "Rules", "DirectToTerminal",
        "NcursesBackend", "TerminalCore", "Theming", "BundledThemes", "DemoRules", "Config", "Widgets",
        "Export", "Import", "Journal", "Assistant", "CBuildInfo", "CMalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: - d2t command-line tests (run the built `d2t` binary as a subprocess)
    .testTarget(
      name: "D2TCLITests",
      dependencies: ["Access", "CClientLibraries", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "TestSupport"]),

    .executableTarget(
      name: "d2t-bench-access", dependencies: ["Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "Qualifiers"]),
    .executableTarget(
      name: "d2t-bench-save",
      dependencies: ["Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "Qualifiers"],
      exclude: ["README.md"]),
    .executableTarget(
      name: "d2t-bench-catalog",
      dependencies: ["Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "DirectToTerminal", "TerminalCore", "Theming"]),

    // MARK: - Tests
    // One support library for the tests: whether the PostgreSQL tests run, scratch
    // databases, PostgreSQL servers of a test's own, processes with clean signals, the
    // tmux scripts.
    .target(
      name: "TestSupport", dependencies: ["Access", "PostgreSQLAdaptor", "MySQLAdaptor"],
      path: "Tests/Support/TestSupport",
      exclude: ["README.md"]),
    .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
    .testTarget(
      name: "EditingTests",
      dependencies: [
        "DirectToTerminal", "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "Sakila", "Rules",
        "Qualifiers", "TerminalCore", "TestSupport", "Export", "Import",
      ]
    ),
    .testTarget(
      name: "MySQLAdaptorTests",
      dependencies: ["Access", "MySQLAdaptor", "Qualifiers", "Export", "TestSupport"], exclude: ["HardSchema.sql"]),
    .testTarget(name: "QualifiersTests", dependencies: ["Qualifiers", "SeededRandom"]),
    .testTarget(name: "HistoryTests", dependencies: ["History"]),
    .testTarget(
      name: "JournalTests",
      dependencies: ["Journal", "History", "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "TestSupport"]
    ),
    .testTarget(name: "RulesTests", dependencies: ["Rules", "Qualifiers", "SeededRandom"]),
    .testTarget(name: "AssistantTests", dependencies: ["Assistant", "Rules", "Qualifiers"]),
    .testTarget(
      name: "AccessTests",
      dependencies: [
        "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "Qualifiers", "Export", "Journal",
        "TestSupport",
      ],
      exclude: ["Expected"]
    ),
    .testTarget(
      name: "SakilaTests",
      dependencies: ["Sakila", "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "TestSupport"]
    ),
    .testTarget(name: "TerminalCoreTests", dependencies: ["TerminalCore"]),
    .testTarget(name: "ThemingTests", dependencies: ["Theming", "TerminalCore"]),
    .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Theming", "TerminalCore"]),
    .testTarget(
      name: "NcursesBackendTests", dependencies: ["NcursesBackend", "TerminalCore", "TestSupport"]),
    .testTarget(
      name: "DirectToTerminalTests",
      dependencies: [
        "DirectToTerminal", "Access", "SQLiteAdaptor", "PostgreSQLAdaptor", "MySQLAdaptor", "Sakila", "Rules",
        "TerminalCore", "Theming", "TestSupport", "Qualifiers", "Widgets", "History",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      exclude: ["__Snapshots__", "Expected"]
    ),
  ]
)
