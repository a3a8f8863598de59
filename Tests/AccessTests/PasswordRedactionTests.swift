import Access
import Foundation
import PostgreSQLAdaptor
import Testing
import TestSupport

/// libpq quotes malformed connection text in its errors; the password never reaches the user.
@Suite struct PasswordRedactionTests {
  static let urls = [
    "postgresql://postgres:Top%zzSecret99@127.0.0.1/db",
    "postgresql://postgres:TopSecret99@[::1/db",
    "postgres://postgres:Top%53ecret99@127.0.0.1:notaport/db",
    "host=127.0.0.1 port=notaport password=TopSecret99 dbname=db",
  ]

  @Test(arguments: urls)
  func connectionErrorsHideThePassword(_ url: String) {
    do {
      _ = try PostgreSQLAdaptor(connectionString: url).openChannel()
      Issue.record("connected with \(url)")
    } catch {
      let text = "\(error)"
      #expect(!text.contains("Secret"), "\(text)")
      #expect(!text.contains("%zz"), "\(text)")
      #expect(!text.contains("%53"), "\(text)")
      #expect(!text.contains("at : ("), "no empty place named for text libpq could not read: \(text)")
    }
  }

  /// A short wrong password is hidden where it stands alone, and libpq's words stay whole.
  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func aShortPasswordDoesNotMangleTheMessage() throws {
    let url = try PostgresTests.requireURL()
    let at = try #require(url.firstIndex(of: "@"), "the test server's URL names a user and password")
    let colon = try #require(url[..<at].lastIndex(of: ":"), "the test server's URL has a password")
    let wrong = String(url[...colon]) + "e" + String(url[at...])
    do {
      _ = try PostgreSQLAdaptor(connectionString: wrong).openChannel()
      Issue.record("connected with a wrong password")
    } catch {
      let text = "\(error)"
      #expect(text.contains("password authentication failed for user \"postgres\""), "\(text)")
      #expect(!text.contains("***r"), "\(text)")
    }
  }
}
