import Foundation
import Testing

/// The built `d2t` executable, run as a subprocess the way a user runs it.
///
/// `swift test` builds every product before the tests, so `d2t` sits beside the test
/// bundle; `.build/debug/d2t` is the fallback.
enum D2TProcess {
  /// What one run printed and how it exited.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }

  /// The package's root directory (where `Rules/` is).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL? {
    let besideTests = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
      .compactMap { $0?.deletingLastPathComponent().appendingPathComponent("d2t") }
    let candidates = besideTests + [packageRoot.appendingPathComponent(".build/debug/d2t")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `executable arguments…` in the package root with standard output and error in
  /// one log (a long build, an install script); its exit status and everything it printed.
  static func runLogged(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-run-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
  }

  /// Runs `d2t arguments…` in `directory` (the package root by default) and waits for it.
  /// `environment` is added to the test's own.
  /// `onlyEnvironment`: `environment` is all the process gets (as `env -i`), not added to
  /// the test runner's.
  static func run(
    _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
    onlyEnvironment: Bool = false
  ) throws -> Output {
    let binary = try #require(executable, "the d2t executable is not built: run swift build first")
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if onlyEnvironment {
      process.environment = environment
    } else if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Output(
      status: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}

/// A fresh directory under the system's temporary directory; `remove()` deletes it.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("d2t-cli-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
