import Access
import Export
import Foundation
@testable import MySQLAdaptor
import Qualifiers
import Synchronization
import TestSupport
import Testing

/// The MySQL/MariaDB adaptor against a real server (issue 26): the catalog as a model,
/// exact values both ways through bound parameters, keyset paging under the column's
/// collation, writes read back without `RETURNING`, the server's errors, cancelling.
@Suite(.serialized, .enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason))
struct MySQLAdaptorTests {
  let fixture: MySQLFixture
  let db: Database

  init() throws {
    fixture = try MySQLFixture()
    db = try fixture.database()
  }

  private func close() {
    db.close()
    fixture.close()
  }

  @Test func theCatalogBecomesTheModel() throws {
    defer { close() }
    let film = try #require(db.model[entity: "Film"])
    #expect(film.relationships.map(\.name).sorted() == ["actors", "filmActors", "language"])
    #expect(film[relationship: "actors"]?.isToMany == true)
    #expect(
      film[attribute: "rating"]?.valueType
        == .enumeration(
          name: "enum('G','PG','PG-13','R','NC-17')", values: ["G", "PG", "PG-13", "R", "NC-17"]))
    #expect(film[attribute: "isActive"]?.valueType == .boolean, "TINYINT(1) is a Boolean")
    let features = try #require(film[attribute: "specialFeatures"])
    #expect(features.setMembers == ["Trailers", "Commentaries", "Deleted Scenes"], "a SET's members")
    #expect(features.setProblem("Trailers,deleted scenes") == nil && features.setProblem("") == nil)
    #expect(features.setProblem("Trailers,Bogus")?.hasPrefix("'Bogus' is not one of Trailers, Commentaries") == true)
    #expect(film[attribute: "titleLength"]?.isReadOnly == true, "a generated column is read-only")
    #expect(film[attribute: "id"]?.isGenerated == true, "AUTO_INCREMENT")
    #expect(film[attribute: "title"]?.comment == "The film's title")
    #expect(db.model[entity: "Language"]?.comment == "Languages films are in")
    let odd = try #require(db.model[entity: "Odd Values"])
    #expect(odd[attribute: "id"]?.valueType == .decimal(precision: 20, scale: 0), "BIGINT UNSIGNED stays exact")
    #expect(odd.primaryKey == ["id"])
    #expect(db.model[entity: "FilmList"]?.isView == true)
    #expect(db.model[entity: "Keyless"]?.primaryKey == [])
    #expect(db.model[entity: "FilmActor"]?.relationships.map(\.name).sorted() == ["actor", "film"])
  }

  @Test func valuesAreReadExactly() throws {
    defer { close() }
    let rows = try db.fetch(FetchSpecification(entityName: "Odd Values", sortOrderings: [SortOrdering("id")])).rows
    #expect(rows.map { $0["id"] } == [.decimal("1"), .decimal("2"), .decimal("18446744073709551615")])
    let full = try #require(rows.last)
    #expect(full["prix€"] == .decimal("12345678901234567890.0123456789"))
    #expect(full["naïve Ω"] == .text("hé😀"))
    #expect(full["flags"] == .integer(0b10_1010_1010))
    #expect(full["payload"] == .blob([0x00, 0xFF, 0x10]))
    #expect(full["happened"]?.description == "2024-02-29 23:59:59.123456")
    #expect(full["born"] == .date(SQLDate(year: 2024, month: 2, day: 29)))
    #expect(full["note"] == .text(#"back\slash 'quote' "dq""#))
    #expect(full["ratio"] == .real(0.1))
    #expect(rows[1]["born"] == .text("0000-00-00"), "a zero date is shown as stored")
    #expect(rows[0]["prix€"] == .null)
  }

  /// Text sorts and pages by the column's collation (latin1_swedish_ci: case ignored, Å after
  /// Z), one row per page, ties broken by the key; `like` is case-sensitive, `ilike` not.
  @Test func pagingSearchAndSortFollowTheCollation() throws {
    defer { close() }
    var names: [DatabaseValue?] = []
    var spec = FetchSpecification(entityName: "Latin", sortOrderings: [SortOrdering("name")], limit: 1)
    while true {
      let page = try db.fetch(spec)
      guard let row = page.rows.first else { break }
      names.append(row["name"])
      spec.position = .after(page.pageKey(of: row))
    }
    #expect(names == [.text("anders"), .text("Bertil"), .text("Åsa")])
    let ilike = try db.fetch(FetchSpecification(entityName: "Latin", qualifier: Qualifier(parsing: "name ilike 'å*'")))
    #expect(ilike.rows.map { $0["name"] } == [.text("Åsa")])
    let like = try db.fetch(FetchSpecification(entityName: "Film", qualifier: Qualifier(parsing: "title like 'A*'")))
    #expect(like.rows.count == 2, "'adaptation holes' is not 'A*'")
  }

  /// MySQL has no `NULLS LAST`: NULLs still sort last both ways, and keyset paging walks past them.
  @Test func nullsSortLastAndPagingCrossesThem() throws {
    defer { close() }
    for ascending in [true, false] {
      var spec = FetchSpecification(
        entityName: "Film", sortOrderings: [SortOrdering("rating", ascending ? .ascending : .descending)], limit: 1)
      var ratings: [DatabaseValue?] = []
      while ratings.count < 10 {
        let page = try db.fetch(spec)
        guard let row = page.rows.first else { break }
        ratings.append(row["rating"])
        spec.position = .after(page.pageKey(of: row))
      }
      #expect(ratings == (ascending ? [.text("G"), .text("PG"), .null] : [.text("PG"), .text("G"), .null]))
    }
  }

  /// An `ENUM` sorts by its labels' order (`G`, `PG`, `PG-13`, `R`, `NC-17`), not as text,
  /// and keyset paging compares a page key the same way, so every row comes once, both
  /// ways; a `TINYINT(1)` holding 2 reads as 2 (not ✓) and pages past 1.
  @Test func enumAndTinyintPagingReachEveryRow() throws {
    defer { close() }
    try db.withChannel {
      try $0.executeScript(
        "INSERT INTO film (title, language_id, rating, is_active) VALUES ('E1', 1, 'NC-17', 2), ('E2', 1, 'R', 0), "
          + "('E3', 1, 'PG-13', 1), ('E4', 1, 'NC-17', 2), ('E5', 1, 'G', 1)")
    }
    func walk(_ key: String, _ direction: SortOrdering.Direction) throws -> [DatabaseValue?] {
      var spec = FetchSpecification(
        entityName: "Film", sortOrderings: [SortOrdering(PropertyPath(key), direction)], limit: 1)
      var seen: [DatabaseValue?] = []
      while seen.count < 20 {
        let page = try db.fetch(spec)
        guard let row = page.rows.first else { break }
        seen.append(row[key])
        spec.position = .after(page.pageKey(of: row))
      }
      return seen
    }
    let labels: [DatabaseValue?] = ["G", "G", "PG", "PG-13", "R", "NC-17", "NC-17"].map { .text($0) }
    #expect(try walk("rating", .ascending) == labels + [.null])
    #expect(try walk("rating", .descending) == labels.reversed() + [.null])
    let active = try walk("isActive", .ascending)
    #expect(active.count == 8, "every row once: \(active)")
    #expect(active.suffix(2) == [.integer(2), .integer(2)], "\(active)")
    #expect(active.filter { $0 == .bool(true) }.count == 5 && active.filter { $0 == .bool(false) }.count == 1)
  }

  /// Writes without `RETURNING`: the row is read back by its key (the generated one from
  /// `LAST_INSERT_ID()`), in the same transaction; a changed row is a conflict.
  @Test func insertUpdateDeleteReadBack() throws {
    defer { close() }
    let inserted = try db.apply([
      .insert(entity: "Actor", values: ["firstName": .text("ZOË"), "lastName": .text("O'BRIEN")])
    ])
    guard case .inserted(let row)? = inserted.first else { Issue.record("\(inserted)"); return }
    #expect(row["id"] == .integer(3))
    #expect(row["lastName"] == .text("O'BRIEN"))
    let key: [String: DatabaseValue] = ["id": .integer(3)]
    let updated = try db.apply([
      .update(
        entity: "Actor", key: key, values: ["lastName": .text(#"back\slash"#)], original: ["lastName": .text("O'BRIEN")]
      )
    ])
    guard case .updated(let after)? = updated.first else { Issue.record("\(updated)"); return }
    #expect(after["lastName"] == .text(#"back\slash"#))
    #expect(throws: Conflict.self) {
      try db.apply([
        .update(entity: "Actor", key: key, values: ["lastName": .text("X")], original: ["lastName": .text("O'BRIEN")])
      ])
    }
    _ = try db.apply([.delete(entity: "Actor", key: key, original: [:])])
    #expect(try db.row(of: "Actor", key: key) == nil)
    #expect(throws: Conflict.self) {
      try db.apply([.update(entity: "Actor", key: key, values: ["lastName": .text("X")], original: [:])])
    }
  }

  /// Every kind of value goes to the server as a bound parameter and comes back the same.
  @Test func valuesRoundTripThroughParameters() throws {
    defer { close() }
    let source = try #require(try db.row(of: "Odd Values", key: ["id": .decimal("18446744073709551615")]))
    let columns = ["prix€", "naïve Ω", "flags", "payload", "happened", "born", "note", "ratio"]
    var values: [String: DatabaseValue] = [:]
    for column in columns { values[column] = source[column] }
    values["naïve Ω"] = .text("other 😀")
    _ = try db.apply([.update(entity: "Odd Values", key: ["id": .decimal("1")], values: values, original: [:])])
    let copy = try #require(try db.row(of: "Odd Values", key: ["id": .decimal("1")]))
    for column in columns where column != "naïve Ω" {
      #expect(copy[column] == source[column], "\(column)")
    }
  }

  @Test func constraintErrorsSayWhich() throws {
    defer { close() }
    let unique = error(.insert(entity: "Odd Values", values: ["id": .integer(9), "naïve Ω": .text("hé😀")]))
    #expect(unique?.kind == .constraint(ConstraintViolation(kind: .unique, constraint: "emoji_unique")))
    let foreign = error(.insert(entity: "Film", values: ["title": .text("X"), "languageId": .integer(99)]))
    #expect(foreign?.kind == .constraint(ConstraintViolation(kind: .foreignKey)))
    let notNull = error(.insert(entity: "Film", values: ["title": .null, "languageId": .integer(1)]))
    #expect(notNull?.kind == .constraint(ConstraintViolation(kind: .notNull, column: "title")))
    let check = error(
      .insert(entity: "Film", values: ["title": .text("X"), "languageId": .integer(1), "rentalRate": .decimal("-1")]))
    #expect(check?.kind == .constraint(ConstraintViolation(kind: .check, constraint: "rate_positive")))
  }

  /// Every table exported as SQL, emptied and filled again from that file holds exactly its
  /// rows (generated columns computed again).
  @Test func sqlExportsReimportExactly() throws {
    defer { close() }
    // A zero date is not valid input under the default strict sql_mode.
    try db.withChannel { try $0.executeScript("DELETE FROM `Odd Values` WHERE born = '0000-00-00'") }
    for entity in db.model.entities where !entity.isView {
      let table = db.dialect.quote(entity.table)
      let before = try texts(of: table)
      let out = OutputBuffer(handle: nil)
      try Exporter(database: db, request: ExportRequest(entity: entity.name, format: .sql)).run(into: out)
      let sql = String(decoding: out.collected, as: UTF8.self)
      try db.withChannel { channel in
        try channel.executeScript("SET FOREIGN_KEY_CHECKS = 0; DELETE FROM \(table)")
        if !sql.isEmpty { try channel.executeScript(sql) }
        try channel.executeScript("SET FOREIGN_KEY_CHECKS = 1")
      }
      #expect(try texts(of: table) == before, "\(entity.table): \(sql)")
      #expect(!before.isEmpty, "\(entity.table) has rows")
    }
  }

  private func texts(of table: String) throws -> [String] {
    var rows: [String] = []
    try db.withChannel { channel in
      try channel.query(SQLStatement("SELECT * FROM \(table)")) { row in
        rows.append(row.values.map { "\($0)" }.joined(separator: " | "))
        return true
      }
    }
    return rows.sorted()
  }

  /// `KILL QUERY` from a second connection stops a running statement, as Ctrl-C in `mysql`;
  /// the connection stays usable.
  @Test func cancelStopsARunningStatement() throws {
    defer { close() }
    let finished = Flag()
    let database = db
    finished.cancelUntilSet { database.cancel() }
    let started = ContinuousClock.now
    do {
      _ = try db.withChannel { try $0.query(SQLStatement("SELECT BENCHMARK(5000000000, MD5('x'))")) }
      Issue.record("the statement was not cancelled")
    } catch let error as DatabaseError {
      #expect(error.kind == .cancelled, "\(error)")
    }
    finished.value = true
    #expect(ContinuousClock.now - started < .seconds(5))
    db.resetCancellation()
    #expect(try db.count(FetchSpecification(entityName: "Language")) == 2, "usable after the cancel")
  }

  /// `KILL QUERY` opens a connection of its own: over a network that does not answer (a
  /// relay between d2t and the server, stopped) `cancel()` returns at once rather than when
  /// the network answers, and the statement stops once it does.
  @Test func cancelOverAStalledNetworkReturnsAtOnce() throws {
    defer { close() }
    let relay = try TCPRelay(to: fixture.url)
    defer { relay.end() }
    let database = try Database(adaptor: MySQLAdaptor(url: relay.url))
    defer { database.close() }
    let outcome = Mutex<(any Error)?>(nil)
    let ended = DispatchSemaphore(value: 0)
    let thread = Thread {
      do {
        _ = try database.withChannel { try $0.query(SQLStatement("SELECT SLEEP(30)")) }
      } catch {
        outcome.withLock { $0 = error }
      }
      ended.signal()
    }
    thread.start()
    Thread.sleep(forTimeInterval: 0.5)
    relay.stop()
    let waited = waitedForTheNetwork(relay) { database.cancel() }
    #expect(!waited, "cancel() waited for the network")
    relay.resume()
    #expect(ended.wait(timeout: .now() + 10) == .success, "the statement went on after the cancel")
    #expect((outcome.withLock { $0 } as? DatabaseError)?.kind == .cancelled)
  }

  /// `EXPLAIN` and `SHOW` come back as results in a console cursor (no server-side cursor
  /// holds them), and a query read only in part leaves the connection usable.
  @Test func explainShowAndAQueryStoppedEarly() throws {
    defer { close() }
    try db.withChannel { channel in
      for sql in ["EXPLAIN SELECT * FROM film", "SHOW TABLES", "/* a note */ (SELECT title FROM film)"] {
        let cursor = try channel.openCursor(SQLStatement(sql), mode: .readOnly)
        #expect(!cursor.columns.isEmpty, "\(sql)")
        #expect(try !cursor.next(100).isEmpty, "\(sql)")
        cursor.close()
      }
      var read = 0
      try channel.query(SQLStatement("SELECT * FROM information_schema.COLUMNS")) { _ in
        read += 1
        return read < 2
      }
      #expect(read == 2)
      #expect {
        try channel.openCursor(SQLStatement("SELECT 1; SELECT 2"), mode: .asIs)
      } throws: { error in
        (error as? DatabaseError)?.message == "run one statement at a time" && (error as? DatabaseError)?.position == 10
      }
      #expect(try channel.query(SQLStatement("SELECT 1 AS one")).first?["one"] == .integer(1))
    }
  }

  /// Issue 26 item 3: a procedure's results, one after another (`CALL` gives each `SELECT`
  /// of its body, then a status); a cursor closed before the last leaves the connection
  /// ready for the next statement.
  @Test func aProcedureGivesEachOfItsResults() throws {
    defer { close() }
    try db.withChannel { channel in
      try channel.executeScript(
        "CREATE PROCEDURE two_results() BEGIN SELECT 1 AS a UNION ALL SELECT 2; SELECT 'x' AS b, 3 AS c; END")
      let cursor = try channel.openCursor(SQLStatement("CALL two_results()"), mode: .asIs)
      #expect(cursor.columns.map(\.name) == ["a"])
      #expect(try cursor.next(10).map { $0["a"] } == [.integer(1), .integer(2)])
      #expect(cursor.isDone && cursor.hasMoreResults)
      try cursor.nextResult()
      #expect(cursor.columns.map(\.name) == ["b", "c"])
      #expect(try cursor.next(10).map { $0.values } == [[.text("x"), .integer(3)]])
      #expect(cursor.isDone && !cursor.hasMoreResults, "the closing status is no result to show")
      #expect(throws: DatabaseError.self) { try cursor.nextResult() }
      cursor.close()
      let early = try channel.openCursor(SQLStatement("CALL two_results()"), mode: .asIs)
      #expect(try early.next(1).count == 1)
      early.close()
      #expect(try channel.query(SQLStatement("SELECT 7 AS seven")).first?["seven"] == .integer(7))
    }
  }

  /// Issue 26 item 4: outside a strict `sql_mode` the server truncates a too-long title and
  /// only warns; d2t refuses that save with the server's words, and nothing is stored, unless
  /// the user confirmed it (`acceptingWarnings`), for that save only.
  @Test func aWriteTheServerWouldChangeIsRefused() throws {
    defer { close() }
    try db.withChannel { try $0.executeScript("SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO'") }
    let long = String(repeating: "x", count: 60)
    let refused = error(
      .update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text(long)], original: [:]))
    #expect(
      refused?.message.contains("Data truncated for column 'last_name'") == true, "\(String(describing: refused))")
    #expect(refused?.message.contains("not saved") == true)
    #expect(try db.row(of: "Actor", key: ["id": .integer(1)])?["lastName"] == .text("GUINESS"), "rolled back")
    _ = try db.apply([
      .update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("FITS")], original: [:])
    ])
    #expect(try db.row(of: "Actor", key: ["id": .integer(1)])?["lastName"] == .text("FITS"), "a clean write passes")
    let stored = try db.apply(
      [.update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text(long)], original: [:])],
      acceptingWarnings: true)
    guard case .updated(let row)? = stored.first else {
      Issue.record("\(stored)")
      return
    }
    #expect(row["lastName"] == .text(String(long.prefix(45))), "confirmed: what the server stored is read back")
    #expect(
      error(.update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text(long + "y")], original: [:]))
        != nil, "the next save asks again")
  }

  /// Issue 27 item 4: a server running with `read_only` says so at connection. (The test
  /// user holds READ_ONLY ADMIN through ALL PRIVILEGES, so the other tests, running
  /// meanwhile, still write.)
  @Test func aReadOnlyServerIsNoticedAtConnection() throws {
    defer { close() }
    let admin = try MySQLFixture.open(fixture.url)
    defer { admin.close() }
    try admin.executeScript("SET GLOBAL read_only = 1")
    defer { try? admin.executeScript("SET GLOBAL read_only = 0") }
    let database = try fixture.database()
    defer { database.close() }
    #expect(database.readOnlyReason == "the server is read-only (read_only = ON)")
    #expect(db.readOnlyReason == nil, "read when the connection opened")
  }

  /// The session's settings are read once, for the debug overlay.
  @Test func theSessionSaysItsSQLMode() throws {
    defer { close() }
    let names = db.sessionSettings.map(\.name)
    #expect(names == ["server", "sql_mode", "time_zone"])
    #expect(db.sessionSettings.first { $0.name == "sql_mode" }?.value.contains("NO_AUTO_VALUE_ON_ZERO") == true)
  }

  /// A connection the server drops (here `KILL`ed, as a restart would) is noticed while
  /// idle, a save on it fails before anything is sent, and `reconnect` brings it back with
  /// its session settings.
  @Test func aDroppedConnectionIsNoticedAndReconnected() throws {
    defer { close() }
    let id = try #require(
      try db.withChannel { try $0.query(SQLStatement("SELECT CONNECTION_ID() AS id")) }.first?["id"])
    let admin = try MySQLFixture.open(fixture.url)
    defer { admin.close() }
    try admin.executeScript("KILL \(id.int64Value ?? 0)")
    var broken = false
    for _ in 0..<50 where !broken {
      broken = db.isConnectionBroken()
      if !broken { Thread.sleep(forTimeInterval: 0.02) }
    }
    #expect(broken, "noticed while idle")
    let lost = error(
      .update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("X")], original: [:]))
    #expect(lost?.kind == .connectionLost && lost?.wasNeverApplied == true, "\(String(describing: lost))")
    try db.reconnect()
    #expect(!db.isConnectionBroken())
    let mode = try db.withChannel { try $0.query(SQLStatement("SELECT @@SESSION.sql_mode AS m")) }.first?["m"]
    #expect(mode?.stringValue?.contains("NO_AUTO_VALUE_ON_ZERO") == true, "the session is set up again")
    _ = try db.apply([
      .update(entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("BACK")], original: [:])
    ])
    #expect(try db.row(of: "Actor", key: ["id": .integer(1)])?["lastName"] == .text("BACK"))
  }

  private func error(_ change: Change) -> DatabaseError? {
    do {
      _ = try db.apply([change])
      return nil
    } catch let error as DatabaseError {
      return error
    } catch {
      return nil
    }
  }
}

/// URLs and connection failures, with no server needed but for the last.
@Suite struct MySQLConnectionTests {
  @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
    let server = try #require(MariaDBTests.url ?? (MariaDBTests.areOn ? nil : "mysql://d2t:x@127.0.0.1:1/d2t"))
    guard var components = URLComponents(string: server) else { return }
    components.password = "wrong-secret-42"
    let url = try #require(components.string)
    #expect {
      try MySQLAdaptor(url: url).openChannel()
    } throws: { error in
      let message = "\(error)"
      return !message.contains("wrong-secret-42") && message.contains("MySQL d2t@127.0.0.1")
    }
    #expect(!MySQLAdaptor(url: url).displayName.contains("wrong-secret-42"))
  }

  /// A socket path in the URL (`?socket=`), as `mysql -S`: the test server's, where root
  /// logs in without a password.
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason)) func aSocketPathConnects() throws {
    let socket = try #require(
      ProcessInfo.processInfo.environment["D2T_TEST_MARIADB_SOCKET"], "scripts/lib/mariadb.sh names the socket")
    let channel = try MySQLAdaptor(url: "mariadb://root@localhost/d2t_test?socket=" + socket).openChannel()
    defer { channel.close() }
    #expect(try channel.query(SQLStatement("SELECT @@socket AS s")).first?["s"] == .text(socket))
    #expect(
      channel.connectedName == "MySQL root@socket \(socket)/d2t_test", "\(String(describing: channel.connectedName))")
  }

  /// `ssl-mode=REQUIRED` against the test server, which has no TLS: refused, never a
  /// connection in clear text; `DISABLED` connects.
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason)) func requiredTLSIsNeverPlainText() throws {
    let server = try MariaDBTests.requireURL()
    #expect {
      try MySQLAdaptor(url: server + "?ssl-mode=REQUIRED").openChannel()
    } throws: { error in
      "\(error)".contains("ssl-mode=REQUIRED, but the server offers no TLS")
    }
    try MySQLAdaptor(url: server + "?ssl-mode=DISABLED").openChannel().close()
  }

  /// `init-command` (the `mysql` client's `--init-command`) runs on each connection before
  /// d2t's own settings, which keep the rest of its `sql_mode`.
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason)) func anInitCommandSetsUpTheSession() throws {
    let server = try MariaDBTests.requireURL()
    let command = "SET SESSION sql_mode = 'ANSI_QUOTES'".addingPercentEncoding(withAllowedCharacters: .alphanumerics)
    let channel = try MySQLAdaptor(url: server + "?init-command=" + (command ?? "")).openChannel()
    defer { channel.close() }
    let mode = try channel.query(SQLStatement("SELECT @@SESSION.sql_mode AS m")).first?["m"]?.stringValue
    #expect(mode == "ANSI_QUOTES,NO_AUTO_VALUE_ON_ZERO", "\(String(describing: mode))")
  }

  /// A view's stored definition names its tables qualified by database; column references,
  /// other databases, strings and doubled backquotes are no tables of it.
  @Test func aViewDefinitionNamesItsTables() {
    let definition =
      "select `shop`.`film`.`title` AS `t`,'`shop`.`fake`' AS `s` from (`shop`.`film` join `other`.`actor`) "
      + "join `shop`.`odd``name` `o` where `o`.`x` = `shop`.`film`.`id`"
    #expect(MySQLIdentifiers.qualifiedNames(in: definition, database: "shop") == ["film", "film", "odd`name", "film"])
  }

  @Test func aBadURLSaysWhatIsWrong() {
    #expect(throws: DatabaseError.self) { try MySQLAdaptor(url: "mysql://u:p@h/db?ssl-mode=sometimes").openChannel() }
    #expect(throws: DatabaseError.self) { try MySQLAdaptor(url: "mysql://u:p@h:99999/db").openChannel() }
    #expect(MySQLAdaptor(url: "mysql://u:secret@h:3307/db").displayName == "MySQL u@h:3307/db")
    #expect(MySQLAdaptor(url: "mariadb://u@h/db?password=secret").displayName == "MySQL u@h/db")
  }
}
