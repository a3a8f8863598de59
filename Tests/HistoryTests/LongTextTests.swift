import Foundation
import History
import Testing

/// Long entries — a pasted search, a big statement — are checked and searched in time
/// linear in their length: the app stays responsive.
@Suite struct LongTextTests {
  func seconds(_ body: () -> Void) -> Double {
    let duration = ContinuousClock().measure(body)
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  @Test func aLongEntryIsCheckedForSecretsAtOnce() {
    // 30,000 characters took the old regular expression 45 s (each start position scanned
    // the rest of the word again); a linear check takes milliseconds, so 2 s is generous
    // on a busy machine.
    let word = String(repeating: "a", count: 30_000)
    var history = History()
    var stored = false
    let time = seconds { stored = history.add(word, kind: .search) }
    #expect(stored)
    #expect(time < 2, "\(time) s")
    let names = String(repeating: "password x ", count: 3_000)
    var mentions = true
    let namesTime = seconds { mentions = SensitiveText.mentionsSecret(names) }
    #expect(!mentions)
    #expect(namesTime < 2, "\(namesTime) s")
    #expect(SensitiveText.mentionsSecret(word + " api_token = 'x'"))
  }

  @Test func secretNamesAreRecognisedAsBefore() {
    let refused = [
      "\"user_pwd\" like 'a*'", "[db_password]=1", "`secret` in ('a')", "my_token in('a')",
      "secret:=1", "secret != 1", "PassWord <> 'x'", "mytoken\n= 1", "x = 1 and passwd >= 'a'",
      "Secret ILIKE 'a*'", "ALTER ROLE app PASSWORD 'x'", "create user u with encrypted password  E'x'",
      "alter user u password $$x$$",
    ]
    for text in refused { #expect(SensitiveText.mentionsSecret(text), "\(text)") }
    let kept = [
      "passwordlike 'x'", "token inx", "pwdx = 1", "select password from staff",
      "lastName = 'Tokenson'", "password's value", "secret likes", "token", "alter role app password null",
    ]
    for text in kept { #expect(!SensitiveText.mentionsSecret(text), "\(text)") }
  }

  @Test func reverseSearchOfALongQueryOverLongEntriesAnswersAtOnce() {
    // 20 entries of 100 KB and a 2,001-character query that almost matches everywhere:
    // Foundation's case-insensitive search took 42 s here (it compares the query again at
    // each position).
    let long = String(repeating: "a", count: 102_400)
    var search = ReverseSearch(entries: (0..<20).map { "\($0) " + long })
    let time = seconds { search.type(String(repeating: "A", count: 2_000) + "b") }
    #expect(search.match == nil)
    #expect(time < 2, "\(time) s")
    search.backspace()
    #expect(search.match == "19 " + long)
  }

  @Test func reverseSearchIgnoresCaseBeyondASCII() {
    var search = ReverseSearch(entries: ["Straße ÜBER alles", "other"])
    search.type("über")
    #expect(search.match == "Straße ÜBER alles")
    search.backspace()
    search.type("r A")
    #expect(search.match == "Straße ÜBER alles")
    search.type("x")
    #expect(search.match == nil)
  }
}
