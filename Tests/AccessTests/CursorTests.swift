import Access
import Foundation
import TestSupport
import Testing

/// Cursors over any SQL: batches, columns, read-only sessions, error positions, open
/// transactions, cancelling and closing early — on both databases.
@Suite struct CursorTests {
  static let backends = IntegrationTests.backends

  func run(_ backend: Backend, _ check: (FixtureDatabase, any AdaptorChannel) throws -> Void) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let channel = try fixture.database.adaptor.openChannel()
    defer { channel.close() }
    try check(fixture, channel)
  }

  static func million(_ backend: Backend) -> String {
    backend != .postgresql
      ? "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT i FROM n"
      : "SELECT i FROM generate_series(1, 1000000) AS i"
  }

  @Test(arguments: backends) func rowsArriveInBatchesAndCloseEarly(_ backend: Backend) throws {
    try run(backend) { _, channel in
      let cursor = try channel.openCursor(SQLStatement(Self.million(backend)), mode: .readOnly)
      #expect(cursor.columns.map(\.name) == ["i"])
      let first = try cursor.next(100)
      #expect(first.map { $0[0] } == (1...100).map { .integer(Int64($0)) })
      let second = try cursor.next(3)
      #expect(second.map { $0[0] } == [.integer(101), .integer(102), .integer(103)])
      #expect(!cursor.isDone)
      cursor.close()
      cursor.close()
      let rows = try channel.query(SQLStatement("SELECT count(*) AS n FROM language"))
      #expect(rows.first?["n"] == .integer(3), "the channel works after closing early")
    }
  }

  @Test(arguments: backends) func readsToTheEnd(_ backend: Backend) throws {
    try run(backend) { _, channel in
      let cursor = try channel.openCursor(
        SQLStatement("SELECT actor_id FROM actor WHERE actor_id > 15 ORDER BY actor_id"), mode: .asIs)
      #expect(try cursor.next(3).count == 3)
      #expect(try cursor.next(3).count == 2)
      #expect(cursor.isDone)
      #expect(try cursor.next(3).isEmpty)
      #expect(cursor.rowsAffected == nil)
      cursor.close()
    }
  }

  @Test(arguments: backends) func columnsCarryNamesAndTypes(_ backend: Backend) throws {
    try run(backend) { _, channel in
      let cursor = try channel.openCursor(
        SQLStatement("SELECT film_id, title, rental_rate FROM film WHERE film_id = 1"), mode: .asIs)
      defer { cursor.close() }
      #expect(cursor.columns.map(\.name) == ["film_id", "title", "rental_rate"])
      let types = cursor.columns.map(\.typeName)
      let expected: [String]
      switch backend {
      case .sqlite: expected = ["INTEGER", "VARCHAR(255)", "DECIMAL(4,2)"]
      case .postgresql: expected = ["int4", "varchar", "numeric"]
      case .mariadb: expected = ["SMALLINT UNSIGNED", "VARCHAR", "DECIMAL"]
      }
      #expect(types == expected)
      let row = try #require(try cursor.next(10).first)
      #expect(row["rental_rate"] == .decimal("2.99"))
      #expect(row["title"] == .text("FILM 001"))
    }
  }

  @Test(arguments: backends) func readOnlyModeRefusesChanges(_ backend: Backend) throws {
    try run(backend) { fixture, channel in
      #expect(throws: DatabaseError.self) {
        let cursor = try channel.openCursor(
          SQLStatement("UPDATE actor SET last_name = 'Changed'"), mode: .readOnly)
        cursor.close()
      }
      do {
        let cursor = try channel.openCursor(SQLStatement("DELETE FROM film_actor"), mode: .readOnly)
        cursor.close()
        Issue.record("a read-only cursor ran a DELETE")
      } catch let error as DatabaseError {
        #expect(error.kind == .permission)
      }
      let reader = try channel.openCursor(SQLStatement("SELECT 1 AS one"), mode: .readOnly)
      #expect(reader.isReadOnly == true)
      reader.close()
      let rows = try fixture.database.withChannel {
        try $0.query(SQLStatement("SELECT count(*) AS n FROM actor WHERE last_name = 'Changed'"))
      }
      #expect(rows.first?["n"] == .integer(0))
    }
  }

  @Test(arguments: backends) func errorsCarryTheirPosition(_ backend: Backend) throws {
    try run(backend) { _, channel in
      let sql = "SELECT title FROM film WHERE nosuchcolumn = 1"
      do {
        let cursor = try channel.openCursor(SQLStatement(sql), mode: .asIs)
        cursor.close()
        Issue.record("the statement did not fail")
      } catch let error as DatabaseError {
        #expect(error.position == 29, "\(error.message)")
      }
      do {
        let cursor = try channel.openCursor(SQLStatement("SELECT 'é', * FORM film"), mode: .asIs)
        cursor.close()
        Issue.record("the statement did not fail")
      } catch let error as DatabaseError {
        // MySQL allows no `*` after another column: its error is at the star.
        #expect(error.position == (backend == .mariadb ? 12 : 14), "characters, not bytes: \(error.message)")
      }
    }
  }

  @Test(arguments: backends) func changesWaitForCommitOrRollback(_ backend: Backend) throws {
    try run(backend) { fixture, channel in
      let update = SQLStatement("UPDATE actor SET last_name = 'Changed' WHERE actor_id <= 3")
      let changed = SQLStatement("SELECT count(*) AS n FROM actor WHERE last_name = 'Changed'")
      var cursor = try channel.openCursor(update, mode: .openTransaction)
      #expect(cursor.rowsAffected == 3)
      #expect(cursor.isDone)
      cursor.close()
      let other = try fixture.secondConnection()
      defer { other.close() }
      #expect(try other.withChannel { try $0.query(changed) }.first?["n"] == .integer(0))
      try channel.rollback()
      #expect(try channel.query(changed).first?["n"] == .integer(0), "rolled back")

      cursor = try channel.openCursor(update, mode: .openTransaction)
      cursor.close()
      try channel.commit()
      #expect(try other.withChannel { try $0.query(changed) }.first?["n"] == .integer(3), "committed")
    }
  }

  @Test(arguments: backends) func cancelStopsAWaitingCursor(_ backend: Backend) throws {
    try run(backend) { _, channel in
      let slow =
        backend == .sqlite
        ? "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        : backend == .mariadb ? "SELECT SLEEP(30)" : "SELECT pg_sleep(30)"
      let finished = Flag()
      let canceller = channel.canceller
      finished.cancelUntilSet { canceller.cancel() }
      let start = ContinuousClock.now
      do {
        let cursor = try channel.openCursor(SQLStatement(slow), mode: .asIs)
        _ = try cursor.next(1)
        cursor.close()
        Issue.record("the statement was not cancelled")
      } catch let error as DatabaseError {
        #expect(error.kind == .cancelled)
      }
      finished.value = true
      #expect(ContinuousClock.now - start < .seconds(10))
    }
  }

  @Test(arguments: backends) func specificationsStream(_ backend: Backend) throws {
    try run(backend) { fixture, _ in
      var spec = FetchSpecification(entityName: "Film")
      spec.keyPaths = ["title"]
      spec.sortOrderings = [.init("title", .descending)]
      var batches: [Int] = []
      var firstTitle: DatabaseValue?
      try fixture.database.stream(spec, batchSize: 128) { rows in
        if firstTitle == nil { firstTitle = rows.first?["title"] }
        batches.append(rows.count)
        return true
      }
      #expect(batches == [128, 128, 44])
      #expect(firstTitle == .text("FILM 300"))
    }
  }
}
