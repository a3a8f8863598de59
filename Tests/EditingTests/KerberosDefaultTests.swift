import Access
import Foundation
@testable import PostgreSQLAdaptor
import Testing
import TestSupport

/// libpq's `gssencmode=prefer` loads Kerberos's configuration before every connection to look
/// for credentials; d2t makes `disable` the default only where Kerberos leaves no trace.
struct KerberosDefaultTests {
  static let nothing: @Sendable (String) -> Bool = { _ in false }

  @Test func aMachineWithoutKerberosSkipsTheCredentialProbe() {
    let options = PostgreSQLChannel.kerberosDefault(
      environment: [:], userID: 1000, libpqVersion: 150_000, fileExists: Self.nothing)
    #expect(options.map(\.0) == ["gssencmode"])
    #expect(options.map(\.1) == ["disable"])
  }

  @Test func anyTraceOfKerberosKeepsLibpqsOwnCheck() {
    for variable in ["PGGSSENCMODE", "KRB5_CONFIG", "KRB5CCNAME"] {
      #expect(
        PostgreSQLChannel.kerberosDefault(
          environment: [variable: "x"], userID: 1000, libpqVersion: 150_000, fileExists: Self.nothing
        ).isEmpty, "\(variable)")
    }
    for file in ["/etc/krb5.conf", "/tmp/krb5cc_1000"] {
      #expect(
        PostgreSQLChannel.kerberosDefault(
          environment: [:], userID: 1000, libpqVersion: 150_000, fileExists: { $0 == file }
        ).isEmpty, "\(file)")
    }
    #expect(
      PostgreSQLChannel.kerberosDefault(environment: [:], userID: 1000, libpqVersion: 110_000, fileExists: Self.nothing)
        .isEmpty)
  }

  /// The default gives way to the connection string: `gssencmode` given there is what libpq
  /// uses (`require` fails on a server without GSSAPI encryption, which the default never would).
  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func theConnectionStringWinsOverTheDefault() throws {
    let url = try PostgresTests.requireURL()
    let separator = url.contains("?") ? "&" : "?"
    let plain = try Database(adaptor: PostgreSQLAdaptor(connectionString: url))
    plain.close()
    #expect(throws: (any Error).self) {
      try Database(adaptor: PostgreSQLAdaptor(connectionString: url + separator + "gssencmode=require")).close()
    }
  }
}
