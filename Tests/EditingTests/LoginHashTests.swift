import Access
import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import Testing
import TestSupport

/// Logging in against user tables that store bcrypt (PostgreSQL pgcrypto's
/// `crypt(pw, gen_salt('bf'))`) and Django PBKDF2 hashes.
@Suite(.serialized) struct LoginHashTests {
  /// Django's format, made with Python's `hashlib.pbkdf2_hmac` for the password `s3cret Ünïcode`.
  static let django = "pbkdf2_sha256$870000$Zq8xKwbbnxdT0yqj3cTx2f$bFWIqXiDul2NtRlRu3G9boDpf+70ohWfkJvsH9kVSHw="

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func bcryptMadeByPgcryptoLogsIn() throws {
    let fixture = try EditingFixture(.postgresql)
    defer { fixture.close() }
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel { channel in
      do {
        try channel.executeScript("CREATE EXTENSION IF NOT EXISTS pgcrypto")
      } catch {
        Issue.record(
          """
          the PostgreSQL extension pgcrypto is not available on the test server (\(error)): \
          install the postgresql-contrib package (scripts/lib/deps.sh)
          """)
        throw error
      }
      try channel.executeScript(
        """
        ALTER TABLE staff ALTER COLUMN password TYPE text;
        UPDATE staff SET password = crypt('correct horse', gen_salt('bf')) WHERE username = 'Mike';
        UPDATE staff SET password = '\(Self.django)' WHERE username = 'Jon';
        """)
    }
    let stored = try #require(try db.row(of: "Staff", key: ["id": .integer(1)]))
    guard case .text(let hash)? = stored["password"] else { throw TestFailure("no hash stored: \(stored)") }
    #expect(hash.hasPrefix("$2a$06$"), "pgcrypto's bcrypt")
    try checkLogins(fixture, mike: "correct horse", jon: "s3cret Ünïcode")
  }

  @Test func bcryptAndDjangoHashesOnSQLite() throws {
    let fixture = try EditingFixture(.sqlite)
    defer { fixture.close() }
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel { channel in
      try channel.executeScript(
        """
        UPDATE staff SET password = '$2b$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' WHERE username = 'Mike';
        UPDATE staff SET password = '\(Self.django)' WHERE username = 'Jon';
        """)
    }
    try checkLogins(fixture, mike: "U*U", jon: "s3cret Ünïcode")
  }

  /// Wrong passwords fail without a word about the hash; right ones log in, the user name
  /// typed in capitals included (retried lowercased).
  func checkLogins(_ fixture: EditingFixture, mike: String, jon: String) throws {
    var app = try fixture.app(rules: ["firstTask <= 'login'"])
    let wrong = EditingFixture.screen(&app, "Mike Tab wrong Enter")
    #expect(wrong.contains("Unknown user or wrong password"), "\(wrong)")
    #expect(!wrong.contains("$2") && !wrong.contains("pbkdf2"), "no hash is shown")
    var first = try fixture.app(rules: ["firstTask <= 'login'"])
    let mikeScreen = EditingFixture.screen(&first, "Mike Tab " + typed(mike) + " Enter")
    #expect(mikeScreen.contains("Logged in as Mike"), "\(mikeScreen)")
    var second = try fixture.app(rules: ["firstTask <= 'login'"])
    let jonScreen = EditingFixture.screen(&second, "Jon Tab " + typed(jon) + " Enter")
    #expect(jonScreen.contains("Logged in as Jon"), "\(jonScreen)")
    var third = try fixture.app(rules: ["firstTask <= 'login'"])
    let wrongJon = EditingFixture.screen(&third, "Jon Tab s3cret Enter")
    #expect(wrongJon.contains("Unknown user or wrong password"), "\(wrongJon)")
  }

  private func typed(_ text: String) -> String {
    text.map { $0 == " " ? "Space" : String($0) }.joined(separator: " ")
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
