import Access
import Foundation
import Testing
import TestSupport

/// Change detection for panes that follow the database: SQLite's data_version, PostgreSQL's
/// row versions of a visible window, its table counters, LISTEN/NOTIFY.
@Suite struct LiveDataTests {
  static let backends = IntegrationTests.backends

  @Test func sqliteDataVersionChangesOnlyWhenAnotherConnectionCommits() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    let db = fixture.database
    let other = try fixture.secondConnection()
    defer { other.close() }

    let start = try #require(try db.dataVersion())
    #expect(try db.dataVersion() == start)
    #expect(
      db.log.recent(2).map(\.sql) == ["PRAGMA data_version", "PRAGMA data_version"],
      "nothing changed: no query but the pragma")

    let changes = [
      "UPDATE actor SET last_name = 'Changed' WHERE actor_id = 1",
      "INSERT INTO actor (actor_id, first_name, last_name) VALUES (99, 'New', 'Actor')",
      "DELETE FROM actor WHERE actor_id = 99",
    ]
    var version = start
    for sql in changes {
      try other.withChannel { try $0.execute(SQLStatement(sql)) }
      let now = try #require(try db.dataVersion())
      #expect(now != version, "\(sql)")
      version = now
    }
    try db.withChannel { try $0.execute(SQLStatement("UPDATE actor SET last_name = 'Mine' WHERE actor_id = 2")) }
    #expect(try db.dataVersion() == version, "its own commits do not count")
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func postgresRowVersionsShowUpdatesAndDeletesInTheWindow() throws {
    let fixture = try Backend.postgresql.open()
    defer { fixture.close() }
    let db = fixture.database
    let other = try fixture.secondConnection()
    defer { other.close() }
    #expect(try db.dataVersion() == nil)

    let keys: [[String: DatabaseValue]] = (3...5).map { ["id": .integer(Int64($0))] }
    let before = try db.rowVersions(of: "Actor", keys: keys)
    #expect(before.map(\.key) == keys)
    #expect(try db.rowVersions(of: "Actor", keys: keys) == before, "nothing changed")

    try other.withChannel { channel in
      try channel.execute(SQLStatement("UPDATE actor SET last_name = 'Changed' WHERE actor_id = 4"))
      try channel.execute(SQLStatement("DELETE FROM actor WHERE actor_id = 5"))
    }
    let after = try db.rowVersions(of: "Actor", keys: keys)
    #expect(after.map(\.key) == Array(keys.prefix(2)), "the deleted row is gone")
    #expect(after.first == before.first, "row 3 is as it was")
    #expect(after.last?.version != before[1].version, "row 4 was updated")
    #expect(db.log.recent(1).first?.sql.contains("WHERE (\"actor_id\") IN (($1), ($2), ($3))") == true)
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func postgresTableCounterCountsInserts() throws {
    let fixture = try Backend.postgresql.open()
    defer { fixture.close() }
    let db = fixture.database
    let other = try fixture.secondConnection()
    defer { other.close() }
    let start = try db.changeCounter(of: "Actor") ?? 0
    try other.withChannel { channel in
      try channel.execute(
        SQLStatement(
          "INSERT INTO actor (actor_id, first_name, last_name) VALUES (99, 'New', 'Actor')"))
      // A writer's counts reach the shared statistics at most once a second; flushing
      // here keeps the test from waiting for that.
      _ = try channel.query(SQLStatement("SELECT pg_stat_force_next_flush()"))
      _ = try channel.query(SQLStatement("SELECT 1"))
    }
    var counter = start
    for _ in 0..<50 where counter == start {
      counter = try db.changeCounter(of: "Actor") ?? 0
      if counter == start { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(counter > start)
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func postgresNotificationsArriveWithoutBlocking()
    throws
  {
    let fixture = try Backend.postgresql.open()
    defer { fixture.close() }
    let listener = try fixture.secondConnection()
    defer { listener.close() }
    try listener.listen("film changes")
    #expect(try listener.notifications().isEmpty, "returns at once when nothing came")

    try fixture.database.withChannel {
      try $0.execute(SQLStatement("SELECT pg_notify('film changes', 'film 7')"))
    }
    var received: [DatabaseNotification] = []
    for _ in 0..<50 where received.isEmpty {
      received = try listener.notifications()
      if received.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(received.map(\.channel) == ["film changes"])
    #expect(received.map(\.payload) == ["film 7"])
    #expect(received.first?.processID != 0)
  }

  @Test func sqliteRefusesListen() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    #expect(throws: FetchError.self) { try fixture.database.listen("x") }
    #expect(try fixture.database.rowVersions(of: "Actor", keys: [["id": .integer(1)]]).isEmpty)
  }
}
