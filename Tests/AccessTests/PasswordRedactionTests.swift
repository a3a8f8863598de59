import Access
import PostgreSQLAdaptor
import Testing

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
    }
  }
}
