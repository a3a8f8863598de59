import Foundation
import Testing

/// Issue 25 item 1 under an ASCII locale: the frequency page's bars are drawn with `#`.
@Suite struct FrequencyCLITests {
  @Test func barsAreHashesUnderLangC() throws {
    let keys = "Down Down Enter " + String(repeating: "] ", count: 10) + "F"
    let screen = try D2TProcess.run(
      ["--headless", "--size", "110x10", "--keys", keys], environment: ["LANG": "C", "LC_ALL": "C"])
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(screen.stdout.contains(/NC-17 +207 +20\.7% #{10,}/), "\(screen.stdout)")
    #expect(!screen.stdout.contains("█"), "\(screen.stdout)")
  }
}
