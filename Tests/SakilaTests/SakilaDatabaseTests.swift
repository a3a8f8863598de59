import Access
import Foundation
import PostgreSQLAdaptor
import SQLiteAdaptor
import TestSupport
import Testing

@testable import Sakila

@Suite struct SakilaDatabaseTests {
  @Test func sqliteDatabaseHasEveryRowAndForeignKey() throws {
    let directory = try TestDatabases.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sakila.db").path
    let generator = SakilaGenerator(scale: 1, seed: 5)
    var reported: [SakilaTable: Int] = [:]
    try SakilaFile.create(at: path, generator: generator) { table, done, total in
      #expect(done <= total)
      reported[table] = done
    }
    #expect(reported[.payment] == 16044)
    let channel = try SQLiteAdaptor(path: path, readOnly: true).openChannel()
    defer { channel.close() }
    try SakilaDatabaseChecks.verify(channel, generator: generator)
    #expect(try channel.query(SQLStatement("PRAGMA foreign_key_check")).isEmpty)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files == ["sakila.db"])
  }

  @Test func sqliteStoresTheGeneratedValues() throws {
    let directory = try TestDatabases.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sakila.db").path
    let generator = SakilaGenerator()
    try SakilaFile.create(at: path, generator: generator)
    let channel = try SQLiteAdaptor(path: path, readOnly: true).openChannel()
    defer { channel.close() }
    let staff = try channel.query(
      SQLStatement("SELECT first_name, username, password FROM staff ORDER BY staff_id"))
    #expect(
      staff.map { $0.values.compactMap(\.stringValue) } == [
        ["Mike", "Mike", "8cb2237d0679ca88db6464eac60da96345513964"],
        ["Jon", "Jon", "8cb2237d0679ca88db6464eac60da96345513964"],
      ])
    let generated = try generator.rows(of: .actor, dialect: .sqlite)
    let stored = try channel.query(
      SQLStatement("SELECT first_name, last_name FROM actor ORDER BY actor_id"))
    #expect(stored.map(\.values) == generated.map { Array($0[1...2]) })
  }

  @Test func createRefusesAnExistingFile() throws {
    let directory = try TestDatabases.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("taken.db").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: SakilaError("\(path) already exists (use --replace to overwrite it)")) {
      try SakilaFile.create(at: path)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test func demoIsBuiltOnceInTheCacheDirectory() throws {
    let directory = try TestDatabases.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["XDG_CACHE_HOME": directory.path, "HOME": "/nonexistent"]
    let path = try SakilaDemo.databasePath(environment: environment)
    #expect(path == directory.path + "/d2t/" + SakilaDemo.fileName)
    let built = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(try SakilaDemo.databasePath(environment: environment) == path)
    let again = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(built == again)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path + "/d2t") == [
        SakilaDemo.fileName
      ])
  }

  @Test func demoFallsBackToHomeCache() {
    #expect(SakilaDemo.cacheDirectory(environment: ["HOME": "/home/ada"]) == "/home/ada/.cache/d2t")
    #expect(
      SakilaDemo.cacheDirectory(environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "relative"])
        == "/home/ada/.cache/d2t")
  }

  @Test(.enabled(if: TestDatabases.postgresEnabled))
  func postgresDatabaseHasEveryRowAndForeignKey() throws {
    try TestDatabases.withPostgres { channel in
      let generator = SakilaGenerator(scale: 1, seed: 5)
      try SakilaLoader(generator: generator).load(into: channel)
      try SakilaDatabaseChecks.verify(channel, generator: generator)
      let film = try channel.query(
        SQLStatement("SELECT rating, special_features, fulltext FROM film WHERE film_id = 1"))
      let generated = try generator.rows(of: .film, dialect: .postgresql)[0]
      let columns = SakilaTable.film.columns(for: .postgresql)
      #expect(film.first?["rating"] == generated[columns.firstIndex(of: "rating") ?? 0])
      #expect(
        film.first?["special_features"]
          == generated[columns.firstIndex(of: "special_features") ?? 0])
      #expect(film.first?["fulltext"]?.stringValue?.isEmpty == false)
      let next = try TestDatabases.count("SELECT nextval('rental_rental_id_seq')", on: channel)
      #expect(next == 16045)
    }
  }

  @Test(.enabled(if: TestDatabases.postgresEnabled))
  func postgresReplaceDropsOnlySakila() throws {
    try TestDatabases.withPostgres { channel in
      try channel.executeScript("CREATE TABLE keep_me (id integer)")
      #expect(try SakilaLoader.userTableCount(in: channel) == 1)
      let loader = SakilaLoader(generator: SakilaGenerator(scale: 1, seed: 9))
      try loader.load(into: channel)
      #expect(try SakilaLoader.userTableCount(in: channel) == 16)
      #expect(throws: DatabaseError.self) { try loader.load(into: channel) }
      try SakilaLoader.dropSakila(in: channel)
      #expect(try SakilaLoader.userTableCount(in: channel) == 1)
      try loader.load(into: channel)
      #expect(try TestDatabases.count("SELECT count(*) FROM rental", on: channel) == 16044)
    }
  }

  /// The demo on its home database (issue 26 item 5): every row, key and view, with MySQL's
  /// own types (ENUM rating, SET special features, YEAR, BOOLEAN active).
  @Test(.enabled(if: TestDatabases.mariadbEnabled, MariaDBTests.skipReason))
  func mariadbDatabaseHasEveryRowAndForeignKey() throws {
    try TestDatabases.withMariaDB { channel in
      let generator = SakilaGenerator(scale: 1, seed: 5)
      try SakilaLoader(generator: generator).load(into: channel)
      try SakilaDatabaseChecks.verify(channel, generator: generator)
      let catalog = try channel.readCatalog()
      let film = Dictionary(
        (catalog.tables.first { $0.name == "film" }?.columns ?? []).map { ($0.name, $0) },
        uniquingKeysWith: { a, _ in a })
      #expect(
        film["rating"]?.valueType
          == .enumeration(name: "enum('G','PG','PG-13','R','NC-17')", values: ["G", "PG", "PG-13", "R", "NC-17"]))
      #expect(film["release_year"]?.declaredType == "year(4)")
      let features = try channel.query(SQLStatement("SELECT special_features FROM film WHERE film_id = 1"))
      let generated = try generator.rows(of: .film, dialect: .mysql)[0]
      let columns = SakilaTable.film.columns(for: .mysql)
      #expect(features.first?["special_features"] == generated[columns.firstIndex(of: "special_features") ?? 0])
      #expect(try TestDatabases.count("SELECT @@FOREIGN_KEY_CHECKS", on: channel) == 1, "checks are on again")
    }
  }

  @Test(.enabled(if: TestDatabases.mariadbEnabled, MariaDBTests.skipReason))
  func mariadbReplaceDropsOnlySakila() throws {
    try TestDatabases.withMariaDB { channel in
      try channel.executeScript("CREATE TABLE keep_me (id integer)")
      let loader = SakilaLoader(generator: SakilaGenerator(scale: 1, seed: 9))
      try loader.load(into: channel)
      #expect(try SakilaLoader.userTableCount(in: channel) == 17)
      try SakilaLoader.dropSakila(in: channel)
      #expect(try SakilaLoader.userTableCount(in: channel) == 1)
      try loader.load(into: channel)
      #expect(try TestDatabases.count("SELECT count(*) FROM rental", on: channel) == 16044)
    }
  }
}
