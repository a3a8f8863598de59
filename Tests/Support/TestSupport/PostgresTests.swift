import Foundation
import Testing

/// Whether the PostgreSQL tests run, in one place for every test target.
///
/// They run when `D2T_TEST_POSTGRES_URL` names a server, and always under `CI=true`, where a
/// missing server fails them: CI never passes without having talked to a real server. Tests
/// say so with `.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)`, so a run
/// without a server lists them as skipped, never as passed.
public enum PostgresTests {
  /// The server's URL, when one is named.
  public static let url = ProcessInfo.processInfo.environment["D2T_TEST_POSTGRES_URL"]
  /// Running under CI.
  public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
  /// The PostgreSQL tests run (a server is named, or CI requires one).
  public static let areOn = url != nil || isCI
  /// Why they are skipped when they are.
  public static let skipReason: Comment = "D2T_TEST_POSTGRES_URL is not set (CI always runs the PostgreSQL tests)"

  /// The server's URL; under CI without one, an error that fails the test.
  public static func requireURL() throws -> String {
    guard let url else { throw Unavailable() }
    return url
  }

  /// No server is named where the PostgreSQL tests must run.
  public struct Unavailable: Error, CustomStringConvertible {
    public init() {}
    public var description: String {
      "D2T_TEST_POSTGRES_URL is not set: CI must run the PostgreSQL tests against a real server"
    }
  }
}
