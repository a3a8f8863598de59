import CLibPQ
import Foundation

extension PostgreSQLChannel {
  /// `kerberosDefault()` for this process, looked at once (after libpq is loaded: it asks
  /// libpq's version), not at every connection.
  static let machineKerberosDefault = kerberosDefault()

  /// `gssencmode=disable` as a default (a connection string or `PGGSSENCMODE` saying
  /// otherwise wins) on a machine with no trace of Kerberos: no `KRB5_CONFIG`, no
  /// `KRB5CCNAME`, no `/etc/krb5.conf`, no default credential cache `/tmp/krb5cc_UID`.
  ///
  /// libpq's default, `prefer`, asks the Kerberos library for credentials before every
  /// connection to decide whether to encrypt with GSSAPI; on such a machine it finds none,
  /// after loading Kerberos's configuration and state (0.6 MB of every PostgreSQL session,
  /// and a millisecond). Anywhere Kerberos may be in use libpq's own check stays, as it does
  /// with a libpq older than 12, which has no `gssencmode`.
  static func kerberosDefault(
    environment: [String: String] = ProcessInfo.processInfo.environment, userID: UInt32 = getuid(),
    libpqVersion: Int32 = PQlibVersion(),
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> [(String, String)] {
    guard libpqVersion >= 120_000 else { return [] }
    let configured =
      ["PGGSSENCMODE", "KRB5_CONFIG", "KRB5CCNAME"].contains { environment[$0] != nil }
      || fileExists("/etc/krb5.conf") || fileExists("/tmp/krb5cc_\(userID)")
    return configured ? [] : [("gssencmode", "disable")]
  }
}
