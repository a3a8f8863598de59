import Foundation
@testable import PostgreSQLAdaptor
import Testing

/// A plain connection URL is named without libpq (the first screen does not wait for
/// loading it): what that reading gives must be what libpq reads, for every URL it takes;
/// every other string is left to libpq.
@Suite struct PlainConnectionURLTests {
  static let plain = [
    "postgresql://postgres:d2t-test-password@127.0.0.1:54329/big28",
    "postgres://db.example.com/sakila",
    "postgresql://alice@localhost",
    "postgresql://alice@localhost/",
    "postgresql://localhost:5432",
    "postgresql://localhost:05432/x",
    "postgresql://al%20ice:p%40ss%3Aword@host/data%20base",
    "postgresql://user:pass@h/caf%C3%A9",
    "postgresql://h/%E2%9C%93",
  ]
  static let leftToLibpq = [
    "postgresql://",
    "postgresql:///sakila",
    "postgresql://h1:5432,h2:5433/db",
    "postgresql://[::1]:5432/db",
    "postgresql://h/db?sslmode=require",
    "postgresql://h/db?host=/tmp",
    "postgresql://%2Ftmp/db",
    "postgresql://@h/db",
    "postgresql://h/a/b",
    "postgresql://h/db#x",
    "postgresql://h/a%0Ab",
    "host=localhost dbname=sakila",
    "POSTGRESQL://h/db",
    "mysql://h/db",
  ]

  @Test(arguments: plain) func aPlainURLIsReadAsLibpqReadsIt(_ url: String) throws {
    let quick = try #require(PlainConnectionURL(url), "read by libpq: \(url)")
    #expect(quick == PlainConnectionURL(parsedByLibpq: url))
  }

  @Test(arguments: leftToLibpq) func anythingElseIsLeftToLibpq(_ string: String) {
    #expect(PlainConnectionURL(string) == nil)
  }

  @Test func theNameIsTheSameEitherWay() {
    for url in Self.plain + Self.leftToLibpq {
      #expect(
        PostgreSQLAdaptor(connectionString: url).displayName
          == PostgreSQLAdaptor.displayName(PlainConnectionURL(parsedByLibpq: url)), "\(url)")
    }
    #expect(
      PostgreSQLAdaptor(connectionString: Self.plain[0]).displayName == "PostgreSQL postgres@127.0.0.1:54329/big28")
  }
}
