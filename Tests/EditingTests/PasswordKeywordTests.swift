@testable import PostgreSQLAdaptor
import Testing

/// The redactor compiles its regular expression only for a connection string with a
/// `password=` keyword, not for one whose password merely contains the word.
struct PasswordKeywordTests {
  @Test func onlyAKeywordCountsAsOne() {
    #expect(PasswordRedactor.hasPasswordKeyword("host=db password=secret"))
    #expect(PasswordRedactor.hasPasswordKeyword("host=db password \t= 'a b'"))
    #expect(PasswordRedactor.hasPasswordKeyword("postgresql://db/shop?password=x"))
    #expect(!PasswordRedactor.hasPasswordKeyword("postgresql://app:my-password-1@db/shop"))
    #expect(!PasswordRedactor.hasPasswordKeyword("host=db passwordless=1"))
    #expect(!PasswordRedactor.hasPasswordKeyword("host=db user=password"))
  }

  @Test func aKeywordsValueIsStillRedacted() {
    let redactor = PasswordRedactor(connectionString: "host=db password = 'Top Secret99' dbname=x")
    #expect(redactor.redact("failed near \"Top Secret99\"") == "failed near \"***\"")
    let plain = PasswordRedactor(connectionString: "postgresql://app:my-password-1@db/shop")
    #expect(plain.redact("invalid token: \"my-password-1\"") == "invalid token: \"***\"")
  }
}
