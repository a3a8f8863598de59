import Access
import Foundation
import Qualifiers
import TestSupport
import Testing

/// The integration suite, run against SQLite and against the real PostgreSQL server.
enum IntegrationChecks {
  static func catalogBecomesModel(_ fixture: FixtureDatabase) throws {
    let model = fixture.database.model
    let film = try #require(model[entity: "Film"])
    #expect(film.table == "film")
    #expect(film.primaryKey == ["id"])
    #expect(
      film.attributes.map(\.name) == [
        "id", "title", "description", "releaseYear", "languageId", "originalLanguageId",
        "rentalRate", "rating", "lastUpdate",
      ])
    #expect(film[attribute: "id"]?.isGenerated == true)
    #expect(film[attribute: "title"]?.valueType == .text(maxLength: 255, isFixedWidth: false))
    #expect(film[attribute: "description"]?.valueType == .text(maxLength: nil, isFixedWidth: false))
    #expect(film[attribute: "rentalRate"]?.valueType == .decimal(precision: 4, scale: 2))
    #expect(film[attribute: "rentalRate"]?.defaultExpression == "4.99")
    #expect(film[attribute: "lastUpdate"]?.valueType == .timestamp(withTimeZone: false))
    let language = try #require(film[relationship: "language"])
    #expect(language.destination == "Language")
    #expect(language.isMandatory && !language.isToMany)
    #expect(language.joins == [Relationship.Join(source: "languageId", destination: "id")])
    #expect(film[relationship: "originalLanguage"]?.isMandatory == false)
    let languageEntity = try #require(model[entity: "Language"])
    #expect(
      languageEntity.relationships.filter(\.isToMany).map(\.name).sorted()
        == ["films", "filmsByOriginalLanguage"])
    #expect(
      languageEntity[relationship: "films"]?.joins
        == [Relationship.Join(source: "id", destination: "languageId")])
    let filmActor = try #require(model[entity: "FilmActor"])
    #expect(filmActor.primaryKey == ["actorId", "filmId"])
    #expect(Set(filmActor.relationships.map(\.name)) == ["actor", "film"])
    #expect(model[entity: "Actor"]?[relationship: "filmActors"]?.isToMany == true)
    let shipment = try #require(model[entity: "Shipment"])
    #expect(shipment[relationship: "orderLine"]?.joins.count == 2)
    #expect(model[entity: "OrderLine"]?[relationship: "shipments"]?.isToMany == true)
    let view = try #require(model[entity: "FilmList"])
    #expect(view.isReadOnly)
    #expect(view.attributes.map(\.name) == ["fid", "title", "language"])
    if fixture.backend == .postgresql {
      #expect(film[attribute: "rating"]?.enumValues == ["G", "PG", "PG-13", "R", "NC-17"])
      #expect(film[attribute: "releaseYear"]?.domainName == "year")
      #expect(film[attribute: "releaseYear"]?.valueType == .integer(bits: 32))
      #expect(model[entity: "ArchiveActor"]?.schema == "archive")
      #expect(model[entity: "Actor"]?.schema == "public")
      let types = try #require(model[entity: "EveryType"])
      #expect(types[attribute: "arr"]?.valueType == .array(of: .text(maxLength: nil, isFixedWidth: false)))
      #expect(types[attribute: "fts"]?.valueType == .other(typeName: "tsvector"))
      #expect(film.estimatedRowCount == 300)
    }
  }

  /// Every value type: insert, fetch, update to the same value, fetch again.
  static func everyTypeRoundTrips(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    var values: [String: DatabaseValue] = [
      "i16": .integer(-32768), "i32": .integer(2_147_483_647), "i64": .integer(Int64.max),
      "dec": .decimal("-1234567.125"), "dbl": .real(0.1), "txt": .text("it's 日本 😀\n\"q\""),
      "vc": .text("ten chars!"), "ch": .text("ab"), "flag": .bool(true),
      "d": .date(SQLDate(year: 2005, month: 5, day: 24)),
      "t": .time(SQLTime(hour: 22, minute: 53, second: 30, microsecond: 250_000)),
      "ts": .timestamp(
        SQLTimestamp(
          date: SQLDate(year: 2006, month: 2, day: 14), time: SQLTime(hour: 15, minute: 16, second: 3))),
      "bin": .blob([0, 1, 2, 255, 0x5c]),
      "u": .uuid(try #require(UUID(uuidString: "0e4f6a8c-1b2d-4e3f-8a9b-0c1d2e3f4a5b"))),
      "j": .json("{\"a\": [1, 2]}"), "e": .text("PG-13"),
    ]
    if fixture.backend == .postgresql {
      values["arr"] = .array([.text("Trailers"), .text("Deleted Scenes"), .null, .text("a\"b\\c")])
      values["tstz"] = .timestamp(
        SQLTimestamp(
          date: SQLDate(year: 2006, month: 2, day: 14), time: SQLTime(hour: 15, minute: 16),
          utcOffsetSeconds: 0))
    }
    let outcomes = try db.apply([.insert(entity: "EveryType", values: values)])
    guard case .inserted(let inserted)? = outcomes.first else {
      Issue.record("insert gave \(outcomes)")
      return
    }
    let id = try #require(inserted["id"])
    let stored = try #require(try db.row(of: "EveryType", key: ["id": id]))
    for (name, value) in values {
      var expected = value
      if fixture.backend == .postgresql, name == "ch" { expected = .text("ab") }
      #expect(stored[name] == expected, "\(name) on \(fixture.backend)")
      #expect(inserted[name] == expected, "\(name) returned by the insert on \(fixture.backend)")
    }
    try db.apply([.update(entity: "EveryType", key: ["id": id], values: values, original: stored.dictionary)])
    let again = try #require(try db.row(of: "EveryType", key: ["id": id]))
    #expect(again == stored)
    let nulls = Dictionary(uniqueKeysWithValues: values.keys.map { ($0, DatabaseValue.null) })
    try db.apply([.update(entity: "EveryType", key: ["id": id], values: nulls, original: [:])])
    let cleared = try #require(try db.row(of: "EveryType", key: ["id": id]))
    for name in values.keys { #expect(cleared[name] == .null, "\(name) set to null") }
  }

  static func keyPathsJoinInOneQuery(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    var spec = FetchSpecification(entityName: "Film")
    spec.keyPaths = ["title", "language.name", "originalLanguage.name"]
    spec.qualifier = try Qualifier(parsing: "originalLanguage.name = 'Italian' and id <= 8")
    let result = try db.fetch(spec)
    #expect(result.rows.map { $0["title"] } == [.text("FILM 004"), .text("FILM 008")])
    #expect(result.rows.map { $0["language.name"] } == [.text("Italian"), .text("Japanese")])
    #expect(result.rows.map { $0["originalLanguage.name"] } == [.text("Italian"), .text("Italian")])
    let sql = try db.statement(for: spec).sql
    #expect(sql.components(separatedBy: "LEFT JOIN").count == 3)
    let log = db.log.recent()
    #expect(log.last?.sql == sql, "one statement for the page and its key paths")
  }

  static func qualifiersFilterInSQL(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    func count(_ text: String) throws -> Int {
      try db.count(FetchSpecification(entityName: "Film", qualifier: Qualifier(parsing: text)))
    }
    #expect(try count("title like 'FILM 00*'") == 9)
    #expect(try count("title ilike 'film 01?'") == 10)
    #expect(try count("title like 'film 01?'") == 0)
    #expect(try count("description is null") == 60)
    #expect(try count("description is not null and rentalRate > 2.5") == 160)
    #expect(try count("id in (1, 2, 3, 999)") == 3)
    #expect(try count("not (rating = 'G' or rating = 'PG')") == 180)
    #expect(try count("languageId = originalLanguageId") == 25)
    #expect(try count("title like '100%'") == 0)
    #expect(try count("language.name = 'English'") == 100)
    #expect(throws: FetchError("'rentalRate': expected a number, found 'cheap'")) {
      try count("rentalRate = 'cheap'")
    }
    #expect(throws: FetchError("Film has no property 'langauge' (in 'langauge.name')")) {
      try count("langauge.name = 'English'")
    }
  }

  /// Keyset pages, forward from the start and backward from the end, over a nullable
  /// sort key with duplicates, equal the full ordered result.
  static func pagesForwardAndBackward(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    var spec = FetchSpecification(entityName: "Film")
    spec.keyPaths = ["title", "description", "rating"]
    spec.sortOrderings = try SortOrdering.parse("description desc, rentalRate")
    let rows = try db.fetch(spec).rows
    let all = rows.map { $0["id"] }
    #expect(all.count == 300)
    // NULLs last in a descending sort too, as in an ascending one (every fifth film).
    let nulls = rows.map { $0["description"]?.isNull ?? true }
    #expect(nulls.filter { $0 }.count == 60 && Array(nulls.suffix(60)) == Array(repeating: true, count: 60))
    spec.limit = 17
    var forward: [DatabaseValue?] = []
    var page = try db.fetch(spec)
    while let last = page.rows.last {
      forward += page.rows.map { $0["id"] }
      spec.position = .after(page.pageKey(of: last))
      page = try db.fetch(spec)
    }
    #expect(forward == all)
    spec.position = .end
    var backward: [DatabaseValue?] = []
    page = try db.fetch(spec)
    #expect(page.rows.count == 17)
    while let first = page.rows.first {
      backward = page.rows.map { $0["id"] } + backward
      spec.position = .before(page.pageKey(of: first))
      page = try db.fetch(spec)
    }
    #expect(backward == all)
  }

  static func conflictsAreReported(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    let seen = try #require(try db.row(of: "Actor", key: ["id": .integer(3)]))
    let other = try fixture.secondConnection()
    defer { other.close() }
    try other.apply([
      .update(
        entity: "Actor", key: ["id": .integer(3)], values: ["lastName": .text("Changed")],
        original: [:])
    ])
    let change = Change.update(
      entity: "Actor", key: ["id": .integer(3)], values: ["firstName": .text("Mine")],
      original: seen.dictionary)
    #expect(
      throws: Conflict(
        entity: "Actor", key: ["id": .integer(3)], isDeleted: false,
        fields: [.init(attribute: "lastName", original: .text("Stone3"), current: .text("Changed"))])
    ) { try db.apply([change]) }
    #expect(try db.row(of: "Actor", key: ["id": .integer(3)])?["firstName"] == .text("First3"))
    try other.apply([.delete(entity: "Actor", key: ["id": .integer(5)], original: [:])])
    #expect(throws: Conflict(entity: "Actor", key: ["id": .integer(5)], isDeleted: true, fields: [])) {
      try db.apply([.delete(entity: "Actor", key: ["id": .integer(5)], original: ["lastName": .text("Stone5")])])
    }
  }

  static func insertReturnsStoredRow(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    let outcome = try db.apply([
      .insert(
        entity: "Film", values: ["title": .text("NEW FILM"), "languageId": .integer(1)])
    ])
    guard case .inserted(let row)? = outcome.first else {
      Issue.record("no inserted row")
      return
    }
    #expect(row["id"] == .integer(301))
    #expect(row["rentalRate"] == .decimal("4.99"))
    #expect(row["rating"] == .text("G"))
    guard case .timestamp? = row["lastUpdate"] else {
      Issue.record("lastUpdate default not filled: \(String(describing: row["lastUpdate"]))")
      return
    }
  }

  static func constraintViolationsAreTyped(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    do {
      try db.apply([.insert(entity: "Film", values: ["title": .null, "languageId": .integer(1)])])
      Issue.record("a null title was accepted")
    } catch let error as DatabaseError {
      guard case .constraint(let violation) = error.kind else {
        Issue.record("not a constraint error: \(error)")
        return
      }
      #expect(violation.kind == .notNull)
      #expect(violation.column == "title")
    }
    do {
      try db.apply([
        .insert(entity: "Actor", values: ["firstName": .text("A"), "lastName": .text("B")]),
        .insert(entity: "Film", values: ["title": .text("X"), "languageId": .integer(99)]),
      ])
      Issue.record("a film with an unknown language was accepted")
    } catch let error as DatabaseError {
      guard case .constraint(let violation) = error.kind else {
        Issue.record("not a constraint error: \(error)")
        return
      }
      #expect(violation.kind == .foreignKey)
    }
    #expect(try db.count(FetchSpecification(entityName: "Actor")) == 20, "the batch rolled back")
  }

  static func cancellationStopsAQuery(_ fixture: FixtureDatabase) throws {
    let db = fixture.database
    let slow =
      fixture.backend == .sqlite
      ? "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
      : fixture.backend == .mariadb ? "SELECT SLEEP(30)" : "SELECT pg_sleep(30)"
    let finished = Flag()
    let observer = fixture.backend == .postgresql ? try fixture.secondConnection() : nil
    defer { observer?.close() }
    // Cancel once the statement runs: on PostgreSQL when pg_stat_activity shows it (a cancel
    // sent before it starts is ignored, one that arrives late hits the next statement); on
    // SQLite, where nothing shows it, interrupt until it has returned.
    DispatchQueue.global().async {
      if let observer {
        let active = SQLStatement(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query = $1", [.text(slow)])
        for _ in 0..<200 {
          if let rows = try? observer.withChannel({ try $0.query(active) }), rows.first?["n"] == .integer(1) {
            db.cancel()
            return
          }
          Thread.sleep(forTimeInterval: 0.05)
        }
      } else {
        Thread.sleep(forTimeInterval: 0.3)
        while !finished.value {
          db.cancel()
          Thread.sleep(forTimeInterval: 0.1)
        }
      }
    }
    let start = ContinuousClock.now
    do {
      _ = try db.withChannel { try $0.query(SQLStatement(slow)) }
      Issue.record("the query was not cancelled")
    } catch let error as DatabaseError {
      finished.value = true
      #expect(error.kind == .cancelled)
    }
    finished.value = true
    #expect(ContinuousClock.now - start < .seconds(10))
    // A cancel that arrived after the statement ended is forgotten before the next work, as
    // the app does (MySQL keeps it until then: a killed statement may not fail by itself).
    db.resetCancellation()
    #expect(try db.count(FetchSpecification(entityName: "Language")) == 3, "usable after cancel")
  }
}
