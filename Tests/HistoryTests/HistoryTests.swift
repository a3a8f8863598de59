import Foundation
import History
import Testing

@Suite struct HistoryTests {
  @Test func newestLastWithoutDuplicates() {
    var history = History()
    history.add("lastName like 'S*'", kind: .filter)
    history.add("active = true", kind: .filter)
    history.add("  lastName like 'S*'  ", kind: .filter)
    history.add("select 1", kind: .statement)
    #expect(history.texts(.filter) == ["active = true", "lastName like 'S*'"])
    #expect(history.texts(.statement) == ["select 1"])
  }

  @Test func boundedPerKind() {
    var history = History(limit: 3)
    for index in 1...5 { history.add("q\(index)", kind: .search) }
    history.add("kept", kind: .filter)
    #expect(history.texts(.search) == ["q3", "q4", "q5"])
    #expect(history.texts(.filter) == ["kept"])
  }

  @Test func secretsAreNeverStored() {
    var history = History()
    let stored1 = history.add("s3cret!", kind: .search, isSensitive: true)
    #expect(!stored1)
    let stored2 = history.add("password = 'hunter2'", kind: .filter)
    #expect(!stored2)
    let stored3 = history.add("UPDATE staff SET \"password\" = 'x' WHERE staff_id = 1", kind: .statement)
    #expect(!stored3)
    let stored4 = history.add("userPwd like 'a*'", kind: .filter)
    #expect(!stored4)
    let stored5 = history.add("api_token in ('a')", kind: .filter)
    #expect(!stored5)
    let stored6 = history.add("   ", kind: .search)
    #expect(!stored6)
    let stored7 = history.add("select username, password from staff", kind: .statement)
    #expect(stored7)
    let stored8 = history.add("lastName = 'Tokenson'", kind: .filter)
    #expect(stored8)
    #expect(history.texts(.statement) == ["select username, password from staff"])
    #expect(history.texts(.filter) == ["lastName = 'Tokenson'"])
    #expect(history.texts(.search).isEmpty)
  }

  @Test func storeWritesAPrivateFilePerConnection() throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("d2t-history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = HistoryStore(connectionID: "PostgreSQL postgres@db:5432/sakila", directory: directory)
    var history = store.load()
    history.add("lastName like 'S*'", kind: .filter)
    history.add("select * from film", kind: .statement)
    try store.save(history)

    let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let text = try String(contentsOf: store.url, encoding: .utf8)
    #expect(
      text == """
        {"kind":"filter","text":"lastName like 'S*'"}
        {"kind":"statement","text":"select * from film"}

        """)
    #expect(store.load() == history)
    let other = HistoryStore(connectionID: "SQLite sakila.db", directory: directory)
    #expect(other.url != store.url)
    #expect(other.load().entries.isEmpty)
  }

  @Test func stateDirectoryFollowsXDG() {
    #expect(
      StateDirectory.url("history", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path
        == "/s/d2t/history")
    #expect(
      StateDirectory.url("journal", environment: ["HOME": "/h"]).path
        == "/h/.local/state/d2t/journal")
  }

  @Test func upAndDownKeepTheDraft() {
    var recall = HistoryRecall(entries: ["a", "b", "c"])
    #expect(recall.next() == nil)
    #expect(recall.previous(current: "typing") == "c")
    #expect(recall.previous(current: "c") == "b")
    #expect(recall.previous(current: "b") == "a")
    #expect(recall.previous(current: "a") == nil)
    #expect(recall.next() == "b")
    #expect(recall.next() == "c")
    #expect(recall.next() == "typing")
    #expect(recall.next() == nil)
  }

  @Test func reverseSearchNarrowsAndGoesOlder() {
    var search = ReverseSearch(entries: ["select * from film", "select * from actor", "update film set x = 1"])
    #expect(search.match == "update film set x = 1")
    search.type("sel")
    #expect(search.match == "select * from actor")
    search.older()
    #expect(search.match == "select * from film")
    search.older()
    #expect(search.match == "select * from film", "stays on the oldest match")
    search.type("x")
    #expect(search.match == nil)
    search.backspace()
    #expect(search.match == "select * from actor")
    search = ReverseSearch(entries: ["FILM"])
    search.type("fil")
    #expect(search.match == "FILM", "case-insensitive")
  }
}
