// swift-tools-version:6.0
import PackageDescription

/// A program of its own that embeds d2t: its own database, a display component of its own
/// and a page of its own, both plugged in by rule. It depends on d2t by path, as another
/// package would by URL and version.
let package = Package(
  name: "CustomApp",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "DirectToTerminal", path: "../..")],
  targets: [
    .executableTarget(
      name: "CustomApp",
      dependencies: [
        .product(name: "DirectToTerminal", package: "DirectToTerminal"),
        .product(name: "Access", package: "DirectToTerminal"),
        .product(name: "SQLiteAdaptor", package: "DirectToTerminal"),
        .product(name: "Rules", package: "DirectToTerminal"),
        .product(name: "TerminalUI", package: "DirectToTerminal"),
      ]
    )
  ]
)
