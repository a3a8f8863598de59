import Foundation
import Testing

/// `scripts/install` into an empty prefix, then the installed binary alone in an empty
/// folder with a fresh HOME (scripts/install-check.sh): self-contained, the demo exactly as
/// from the checkout, every theme, no Swift library linked, man page and completions; and
/// the packages `scripts/package` builds from the same release build.
@Suite(.serialized) struct InstallTests {
  func bash(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try D2TProcess.runLogged("/bin/bash", [D2TProcess.packageRoot.appendingPathComponent(script).path] + arguments)
  }

  @Test func installedBinaryRunsAloneWithEverythingEmbedded() throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-prefix-\(UUID())")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let install = try bash("scripts/install", [prefix.path])
    try #require(install.status == 0, "\(install.output)")
    let check = try bash("scripts/install-check.sh", [prefix.path])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.hasSuffix("install-check: all checks passed\n"), "\(check.output)")
  }

  /// Issue 27 item 5: `scripts/package` builds a tarball and a `.deb` from the stripped
  /// release build (the same build folder as `scripts/install`, so after it this only
  /// packs); the `.deb` unpacked with `dpkg -x` runs with no Swift on PATH
  /// (scripts/package-check.sh).
  @Test func packagesInstallAndRunWithoutSwift() throws {
    let package = try bash("scripts/package", [])
    try #require(package.status == 0, "\(package.output)")
    let check = try bash("scripts/package-check.sh", [])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.hasSuffix("package-check: all checks passed\n"), "\(check.output)")
  }

  @Test func versionHelpAndManualComeFromTheCommandDefinitions() throws {
    let version = try D2TProcess.run(["--version"])
    #expect(version.status == 0 && version.stdout.contains(/^[0-9]+\.[0-9]+\.[0-9]+ \(development build\)/))
    let help = try D2TProcess.run(["--help"])
    for text in [
      "--rules <rules>", "--theme <theme>", "D2T_LOGLEVEL", "NO_COLOR", "XDG_CONFIG_HOME", "PGSERVICE", "EXAMPLES:",
    ] {
      #expect(help.stdout.contains(text), "help lacks \(text):\n\(help.stdout)")
    }
    #expect(!help.stdout.split(separator: "\n").contains { $0.count > 80 }, "help fits 80 columns")
    let manual = try D2TProcess.run(["manual"])
    #expect(manual.stdout.hasPrefix(".TH D2T 1"))
    #expect(manual.stdout.contains(".SS open") && manual.stdout.contains(".SH ENVIRONMENT"))
    for section in ["KEYS", "CONFIGURATION", "FILES", "EXIT STATUS", "EXAMPLES"] {
      #expect(manual.stdout.contains(".SH \(section)\n"), "the manual lacks \(section)")
    }
    #expect(manual.stdout.contains("password_command") && manual.stdout.contains("$XDG_STATE_HOME/d2t/recent"))
    let assistant = manual.stdout.components(separatedBy: ".SH THE ASSISTANT\n").dropFirst().first ?? ""
    for text in ["A (or F2)", "scope", "$XDG_CONFIG_HOME/d2t/rules/DATABASE-HASH.rules", "--rules file given last"] {
      #expect(assistant.contains(text), "the manual's assistant section lacks \(text):\n\(manual.stdout)")
    }
  }
}
