import Foundation
import Testing

/// Whether the MySQL/MariaDB tests run, as `PostgresTests` for PostgreSQL.
///
/// They run when `D2T_TEST_MARIADB_URL` names a server (`scripts/test` starts one), and
/// always under `CI=true`, where a missing server fails them rather than skipping them.
public enum MariaDBTests {
  /// The server's URL (`mysql://user:password@127.0.0.1:port/database`), when one is named.
  public static let url = ProcessInfo.processInfo.environment["D2T_TEST_MARIADB_URL"]
  /// The MariaDB tests run (a server is named, or CI requires one).
  public static let areOn = url != nil || PostgresTests.isCI
  /// Why they are skipped when they are.
  public static let skipReason: Comment = "D2T_TEST_MARIADB_URL is not set (CI always runs the MariaDB tests)"

  /// The server's URL; under CI without one, an error that fails the test.
  public static func requireURL() throws -> String {
    guard let url else { throw TestSetupError("D2T_TEST_MARIADB_URL is not set: CI must run the MariaDB tests") }
    return url
  }
}
