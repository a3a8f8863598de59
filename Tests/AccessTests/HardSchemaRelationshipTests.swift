import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import Qualifiers
import SQLiteAdaptor
import Testing
import TestSupport

/// Relationships and descriptions read from real databases with schemas d2t's demo does
/// not have: keys declared only on partitions, no declared keys at all, unique keys,
/// join tables, comments.
@Suite struct HardSchemaRelationshipTests {
  static let backends = IntegrationTests.backends

  /// The part every database shares.
  static let common = """
    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER, title TEXT);
    CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE passport (passport_id INTEGER PRIMARY KEY,
      customer_id INTEGER NOT NULL UNIQUE REFERENCES customer (customer_id));
    CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT NOT NULL);
    CREATE TABLE actor (actor_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE film_actor (
      actor_id INTEGER NOT NULL REFERENCES actor (actor_id),
      film_id INTEGER NOT NULL REFERENCES film (film_id),
      last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (actor_id, film_id));
    INSERT INTO author VALUES (1, 'Le Guin'), (2, 'Lem');
    INSERT INTO book VALUES (1, 1, 'The Dispossessed'), (2, 1, 'Lavinia'), (3, 2, 'Solaris');
    INSERT INTO customer VALUES (1, 'Ada'), (2, 'Brian');
    INSERT INTO passport VALUES (10, 1);
    INSERT INTO film VALUES (1, 'Alien'), (2, 'Brazil');
    INSERT INTO actor VALUES (1, 'Weaver'), (2, 'Hurt'), (3, 'Pryce');
    INSERT INTO film_actor (actor_id, film_id) VALUES (1, 1), (2, 1), (3, 2);

    """

  /// PostgreSQL only: a key declared on every partition, one declared on some, comments.
  static let postgres = """
    CREATE TABLE sale (sale_id INTEGER NOT NULL, sold_on DATE NOT NULL, buyer INTEGER NOT NULL,
      PRIMARY KEY (sale_id, sold_on)) PARTITION BY RANGE (sold_on);
    CREATE TABLE sale_2024 PARTITION OF sale FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
    CREATE TABLE sale_2025 PARTITION OF sale FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
    ALTER TABLE sale_2024 ADD CONSTRAINT sale_2024_buyer FOREIGN KEY (buyer) REFERENCES customer;
    ALTER TABLE sale_2025 ADD CONSTRAINT sale_2025_buyer FOREIGN KEY (buyer) REFERENCES customer;
    CREATE TABLE visit (visit_id INTEGER NOT NULL, region TEXT NOT NULL, guest INTEGER,
      PRIMARY KEY (visit_id, region)) PARTITION BY LIST (region);
    CREATE TABLE visit_north PARTITION OF visit FOR VALUES IN ('north');
    CREATE TABLE visit_south PARTITION OF visit FOR VALUES IN ('south');
    ALTER TABLE visit_north ADD FOREIGN KEY (guest) REFERENCES customer;
    INSERT INTO sale VALUES (1, '2024-05-01', 1), (2, '2025-05-01', 1), (3, '2025-06-01', 2);
    COMMENT ON TABLE author IS 'People who write books';
    COMMENT ON COLUMN author.name IS 'Full name,
    as printed';

    """

  func open(_ backend: Backend) throws -> (Database, () -> Void) {
    try Self.open(backend, script: Self.common, postgresScript: Self.common + Self.postgres)
  }

  /// A scratch database of `backend` made by `script` (`postgresScript` on PostgreSQL).
  static func open(
    _ backend: Backend, script: String, postgresScript: String? = nil
  ) throws -> (
    Database, () -> Void
  ) {
    switch backend {
    case .sqlite:
      let path = TestServer.sqlitePath()
      let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      try channel.executeScript(script)
      channel.close()
      let database = try Database(adaptor: SQLiteAdaptor(path: path))
      return (
        database,
        {
          database.close()
          try? FileManager.default.removeItem(atPath: path)
        }
      )
    case .postgresql:
      let url = try TestServer.createPostgresDatabase()
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      try channel.executeScript(postgresScript ?? script)
      channel.close()
      let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: url))
      return (
        database,
        {
          database.close()
          TestServer.dropPostgresDatabase(url)
        }
      )
    case .mariadb:
      let url = try TestServer.createMariaDBDatabase()
      let channel = try MySQLAdaptor(url: url).openChannel()
      try channel.executeScript(script)
      channel.close()
      let database = try Database(adaptor: MySQLAdaptor(url: url))
      return (
        database,
        {
          database.close()
          TestServer.dropMariaDBDatabase(url)
        }
      )
    }
  }

  @Test(arguments: backends) func undeclaredKeysAreInferredAndFollowed(_ backend: Backend) throws {
    let (database, close) = try open(backend)
    defer { close() }
    let book = try #require(database.model[entity: "Book"])
    let author = try #require(book[relationship: "author"])
    #expect(author.isInferred && author.destination == "Author")
    let books = try #require(database.model[entity: "Author"]?[relationship: "books"])
    #expect(books.isToMany && books.isInferred)
    let titles = try database.fetch(
      FetchSpecification(
        entityName: "Book", qualifier: .comparison("author.name", .equal, .string("Le Guin")),
        sortOrderings: [SortOrdering("title")])
    ).rows.compactMap { $0["title"]?.stringValue }
    #expect(titles == ["Lavinia", "The Dispossessed"])
  }

  @Test(arguments: backends) func uniqueKeysAreOneToOne(_ backend: Backend) throws {
    let (database, close) = try open(backend)
    defer { close() }
    let passport = try #require(database.model[entity: "Customer"]?[relationship: "passport"])
    #expect(!passport.isToMany && passport.isInverse)
    let rows = try database.fetch(
      FetchSpecification(
        entityName: "Customer", sortOrderings: [SortOrdering("id")], keyPaths: ["name", "passport.id"])
    ).rows
    #expect(rows.map { $0["passport.id"] } == [.integer(10), .null])
  }

  @Test(arguments: backends) func joinTablesAreFlattenedAndFiltered(_ backend: Backend) throws {
    let (database, close) = try open(backend)
    defer { close() }
    let film = try #require(database.model[entity: "Film"])
    let actors = try #require(film[relationship: "actors"])
    #expect(actors.flattenedThrough == "FilmActor" && actors.destination == "Actor")
    #expect(database.model[entity: "Actor"]?[relationship: "films"]?.isToMany == true)
    #expect(database.model[entity: "FilmActor"] != nil, "the join entity stays")
    let path = PropertyPath(components: actors.destinationPath + [actors.joins[0].destination])
    let names = try database.fetch(
      FetchSpecification(
        entityName: "Actor", qualifier: .comparison(path, .equal, .integer(1)),
        sortOrderings: [SortOrdering("name")])
    ).rows.compactMap { $0["name"]?.stringValue }
    #expect(names == ["Hurt", "Weaver"])
    #expect(
      try database.count(
        FetchSpecification(
          entityName: "Actor", qualifier: .comparison(path, .equal, .integer(2)))) == 1)
    let both = Qualifier.and([
      .comparison("filmActors.filmId", .equal, .integer(1)),
      .comparison("filmActors.actorId", .equal, .integer(3)),
    ])
    #expect(
      try database.count(FetchSpecification(entityName: "Actor", qualifier: both)) == 0,
      "comparisons through one to-many hold for the same related row")
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func partitionKeysBelongToTheParent() throws {
    let (database, close) = try open(.postgresql)
    defer { close() }
    let names = database.model.entities.map(\.table)
    #expect(names.contains("sale") && !names.contains { $0.hasPrefix("sale_") }, "partitions are not listed")
    let buyer = try #require(database.model[entity: "Sale"]?[relationship: "buyer"])
    #expect(buyer.destination == "Customer" && !buyer.isInferred)
    #expect(
      database.model[entity: "Visit"]?.relationships.isEmpty == true,
      "a key only some partitions declare is not the parent's")
    let sales = try #require(database.model[entity: "Customer"]?[relationship: "sales"])
    #expect(
      try database.count(
        FetchSpecification(
          entityName: "Sale", qualifier: .comparison(PropertyPath(sales.joins[0].destination), .equal, .integer(1))))
        == 2)
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func commentsAreDescriptions() throws {
    let (database, close) = try open(.postgresql)
    defer { close() }
    let author = try #require(database.model[entity: "Author"])
    #expect(author.comment == "People who write books")
    #expect(author[attribute: "name"]?.comment == "Full name,\nas printed")
    #expect(author[attribute: "id"]?.comment == nil)
  }
}
