import Access
import Foundation
import PostgreSQLAdaptor

/// A PostgreSQL server of a test's own on 127.0.0.1, which the test stops, starts and
/// promotes (restart and failover tests); made with `scripts/lib/postgres.sh`
/// (`d2t_pg_primary`, `d2t_pg_standby`, `d2t_pg_ctl`). `remove()` stops it and deletes it.
public final class TestPostgresServer {
  public let directory: URL
  public let port: Int
  public static let password = "d2t-test-password"

  private init(directory: URL, port: Int) {
    self.directory = directory
    self.port = port
  }

  /// A new primary server.
  public static func primary() throws -> TestPostgresServer {
    let directory = try makeDirectory()
    return TestPostgresServer(directory: directory, port: try script("d2t_pg_primary \"$1\"", directory.path))
  }

  /// A streaming-replication standby of `primary` (`pg_basebackup -R`).
  public static func standby(of primary: TestPostgresServer) throws -> TestPostgresServer {
    let directory = try makeDirectory()
    let port = try script("d2t_pg_standby \(primary.port) \"$1\"", directory.path)
    return TestPostgresServer(directory: directory, port: port)
  }

  /// `pg_ctl stop -m fast`: every session is cut.
  public func stop() throws { _ = try Self.script("d2t_pg_ctl \"$1\" stop", directory.path, port: false) }
  public func start() throws { _ = try Self.script("d2t_pg_ctl \"$1\" start", directory.path, port: false) }
  /// `pg_ctl promote`: a standby becomes a primary.
  public func promote() throws { _ = try Self.script("d2t_pg_ctl \"$1\" promote", directory.path, port: false) }

  public func remove() {
    try? stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// `postgresql://postgres:…@127.0.0.1:PORT/postgres`.
  public var url: String { "postgresql://postgres:\(Self.password)@127.0.0.1:\(port)/postgres" }

  /// Runs SQL on a connection of its own.
  public func execute(_ sql: String) throws {
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { channel.close() }
    try channel.executeScript(sql)
  }

  public func query(_ sql: String) throws -> [Row] {
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { channel.close() }
    return try channel.query(SQLStatement(sql))
  }

  private static func makeDirectory() throws -> URL {
    let url = URL(fileURLWithPath: "/tmp/d2t-pgtest-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    return url
  }

  /// Runs a function of `scripts/lib/postgres.sh`; the port it printed last.
  @discardableResult
  private static func script(_ command: String, _ argument: String, port: Bool = true) throws -> Int {
    let library = Repository.path("scripts/lib/postgres.sh")
    let (status, output) = try ProcessRunner.run(
      "/bin/bash", ["-c", ". \"\(library)\" && " + command, "bash", argument])
    guard status == 0 else { throw TestSetupError("\(command) failed (\(status)): \(output)") }
    guard port else { return 0 }
    guard let last = output.split(whereSeparator: \.isNewline).last, let number = Int(last) else {
      throw TestSetupError("\(command) printed no port: \(output)")
    }
    return number
  }
}
