import Foundation
import Testing
import TestSupport

/// Issue 27 item 3: passwords asked, not stored. In a real terminal (tmux), on PostgreSQL
/// and MariaDB: a server that wants a password none was given for gets one typed without
/// echo, a wrong one is refused with the server's reason and asked again, and a named
/// connection's `password_command` opens it without asking
/// (`scripts/tmux-password-e2e.sh`). From the command line: a `password_command` that fails
/// says so, one that works serves `d2t model NAME`, and `config check` warns about a
/// password in a file others may read.
@Suite struct PasswordCLITests {
  @Test(.enabled(if: TmuxScript.canRun() && PostgresTests.areOn && MariaDBTests.areOn, TmuxScript.skipReason))
  func aPasswordIsAskedWithoutEchoInATerminal() throws {
    _ = try PostgresTests.requireURL()
    _ = try MariaDBTests.requireURL()
    try TmuxScript.expectPasses("tmux-password-e2e", needing: ["python3"])
  }

  func config(_ text: String, mode: Int = 0o600) throws -> (TemporaryDirectory, [String: String]) {
    let scratch = try TemporaryDirectory()
    let folder = scratch.url.appendingPathComponent("d2t")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("config.toml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    return (scratch, ["XDG_CONFIG_HOME": scratch.url.path, "PGPASSFILE": "/dev/null"])
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func passwordCommandServesEverySubcommand() throws {
    var server = try #require(URLComponents(string: try PostgresTests.requireURL()))
    let password = try #require(server.password)
    server.password = nil
    let url = try #require(server.string)
    let (scratch, environment) = try config(
      """
      [connections.works]
      url = "\(url)"
      password_command = "echo '\(password)'"

      [connections.broken]
      url = "\(url)"
      password_command = "echo 'no such entry' >&2; exit 3"
      """)
    defer { scratch.remove() }
    let model = try D2TProcess.run(["model", "works"], environment: environment)
    #expect(model.status == 0, "\(model.stderr)")
    #expect(!model.stdout.contains(password) && !model.stderr.contains(password))
    let broken = try D2TProcess.run(["model", "broken"], environment: environment)
    #expect(broken.status != 0)
    #expect(
      broken.stderr.contains("password_command of connection 'broken' failed (exit status 3): no such entry"),
      "\(broken.stderr)")
  }

  /// d2t tells GnuTLS (loaded with libpq) not to set itself up, through the environment; a
  /// `password_command` runs without that setting, and with the user's own if they gave one.
  @Test func aPasswordCommandRunsWithoutD2TsGnuTLSSetting() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let seen = scratch.url.appendingPathComponent("seen").path
    let (folder, environment) = try config(
      """
      [connections.closed]
      url = "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"
      password_command = 'echo "${GNUTLS_NO_IMPLICIT_INIT-unset}" >> \(seen); echo secret'
      """)
    defer { folder.remove() }
    let own = try D2TProcess.run(["model", "closed"], environment: environment)
    #expect(own.status != 0)
    var users = environment
    users["GNUTLS_NO_IMPLICIT_INIT"] = "0"
    _ = try D2TProcess.run(["model", "closed"], environment: users)
    #expect(try String(contentsOfFile: seen, encoding: .utf8) == "unset\n0\n")
  }

  @Test func aPasswordInAFileOthersMayReadIsWarnedAbout() throws {
    let text = """
      [connections.prod]
      url = "postgresql://app:hunter2@db.example/shop"
      """
    let (open, environment) = try config(text, mode: 0o644)
    defer { open.remove() }
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("holds the password of connection 'prod' and others may read it (mode 644): chmod 600"),
      "\(check.stdout)")
    #expect(!check.stdout.contains("hunter2"))
    let (closed, privateEnvironment) = try config(text, mode: 0o600)
    defer { closed.remove() }
    let quiet = try D2TProcess.run(["config", "check"], environment: privateEnvironment)
    #expect(quiet.status == 0, "a file only its owner reads:\n\(quiet.stdout)")
  }
}
