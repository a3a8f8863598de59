@testable import Access
import Qualifiers
import Testing

@Suite struct SQLGenerationTests {
  func select(_ spec: FetchSpecification, _ dialect: SQLDialect = .postgresql) throws -> SQLStatement {
    try SelectBuilder(model: CatalogFixture.model, entityName: spec.entityName, dialect: dialect)
      .select(spec)
  }

  @Test func keyPathsBecomeLeftJoinsInOneQuery() throws {
    var spec = FetchSpecification(
      entityName: "Customer", keyPaths: ["firstName", "address.phone", "address.city.country.country"])
    spec.limit = 50
    let statement = try select(spec)
    #expect(
      statement.sql == """
        SELECT "t0"."first_name" AS "firstName", "t1"."phone" AS "address.phone", \
        "t3"."country" AS "address.city.country.country", "t0"."customer_id" AS "id" \
        FROM "customer" AS "t0" LEFT JOIN "address" AS "t1" ON "t1"."address_id" = "t0"."address_id" \
        LEFT JOIN "city" AS "t2" ON "t2"."city_id" = "t1"."city_id" \
        LEFT JOIN "country" AS "t3" ON "t3"."country_id" = "t2"."country_id" \
        ORDER BY "t0"."customer_id" ASC LIMIT $1
        """)
    #expect(statement.bindings == [.integer(50)])
  }

  @Test func valuesAreBoundAndIdentifiersQuoted() throws {
    let spec = FetchSpecification(
      entityName: "Customer", qualifier: try Qualifier(parsing: #"lastName = 'O''Brien"; --' and active = true"#),
      keyPaths: ["lastName"])
    let statement = try select(spec, .sqlite)
    #expect(
      statement.sql == """
        SELECT "t0"."last_name" AS "lastName", "t0"."customer_id" AS "id" FROM "customer" AS "t0" \
        WHERE ("t0"."last_name" = ?1 AND "t0"."active" = ?2) ORDER BY "t0"."customer_id" ASC
        """)
    #expect(statement.bindings == [.text(#"O'Brien"; --"#), .bool(true)])
  }

  /// PostgreSQL's dates without end are compared as the database reads them (a filter on
  /// `infinity` was refused as no date).
  @Test func aDateWithoutEndIsCompared() throws {
    let spec = FetchSpecification(
      entityName: "Customer", qualifier: try Qualifier(parsing: "createDate = 'Infinity' or createDate = '-infinity'"),
      keyPaths: ["createDate"])
    #expect(try select(spec).bindings == [.text("infinity"), .text("-infinity")])
  }

  /// A console result marked whole (`*`): its statement runs again as a subquery, its
  /// parameters numbered after those before it, a trailing `;` dropped.
  @Test func rowsAmongAQueryAreItsKeysInASubquery() throws {
    let source = QuerySource(
      text: "select * from customer where store_id = \(QuerySource.slot);", values: [.integer(2)],
      columns: [PropertyPath(key: "id"): "customer_id"])
    let spec = FetchSpecification(
      entityName: "Customer", qualifier: .and([try Qualifier(parsing: "lastName = 'X'"), .among(source)]),
      keyPaths: ["lastName"])
    let statement = try select(spec)
    #expect(
      statement.sql.contains(
        #"WHERE ("t0"."last_name" = $1 AND "t0"."customer_id" IN (SELECT d2t_q."customer_id" FROM "#
          + #"(select * from customer where store_id = $2) AS d2t_q))"#), "\(statement.sql)")
    #expect(statement.bindings == [.text("X"), .integer(2)])
  }

  @Test func likeEscapesTheUsersPercentAndUnderscore() throws {
    let spec = FetchSpecification(
      entityName: "Customer", qualifier: try Qualifier(parsing: "email ilike '*100%_off?'"),
      keyPaths: ["email"])
    let pg = try select(spec)
    #expect(pg.sql.contains(#"WHERE "t0"."email" ILIKE $1 ESCAPE '\'"#))
    #expect(pg.bindings == [.text(#"%100\%\_off_"#)])
    let sqlite = try select(spec, .sqlite)
    #expect(sqlite.sql.contains(#"WHERE "t0"."email" LIKE ?1 ESCAPE '\'"#))
    var caseSensitive = spec
    caseSensitive.qualifier = try Qualifier(parsing: "email like 'A[1]*'")
    let glob = try select(caseSensitive, .sqlite)
    #expect(glob.sql.contains(#"WHERE "t0"."email" GLOB ?1"#))
    #expect(glob.bindings == [.text("A[[]1]*")])
  }

  @Test func booleansAgainstTextColumnsMatchTheUsualSpellings() throws {
    let catalog = Catalog(tables: [
      TableInfo(
        name: "member",
        columns: [
          CatalogFixture.column("member_id", CatalogFixture.int), CatalogFixture.column("active", CatalogFixture.text),
        ],
        primaryKey: ["member_id"])
    ])
    let builder = try SelectBuilder(model: ModelBuilder.model(from: catalog), entityName: "Member", dialect: .sqlite)
    let statement = try builder.count(
      FetchSpecification(
        entityName: "Member", qualifier: try Qualifier(parsing: "active = true")))
    #expect(statement.sql.hasSuffix(#"WHERE lower("t0"."active") IN (?1, ?2, ?3, ?4, ?5, ?6)"#))
    #expect(statement.bindings == ["1", "t", "true", "y", "yes", "on"].map(DatabaseValue.text))
  }

  @Test func nullsInAndNotAndKeyComparisons() throws {
    let spec = FetchSpecification(
      entityName: "Film",
      qualifier: try Qualifier(
        parsing: "not (originalLanguageId is null or id in (1, 2)) and languageId != originalLanguageId"),
      keyPaths: ["title"])
    #expect(
      try select(spec).sql.contains(
        """
        WHERE (NOT ("t0"."original_language_id" IS NULL OR "t0"."film_id" IN ($1, $2)) \
        AND "t0"."language_id" <> "t0"."original_language_id")
        """))
  }

  @Test func keysetPagingNeverUsesOffset() throws {
    var spec = FetchSpecification(entityName: "Film", keyPaths: ["title"], limit: 20)
    spec.position = .after([.integer(500_000)])
    let after = try select(spec)
    #expect(after.sql.hasSuffix(#"WHERE ("t0"."film_id") > ($1) ORDER BY "t0"."film_id" ASC LIMIT $2"#))
    spec.position = .end
    #expect(try select(spec).sql.hasSuffix(#"ORDER BY "t0"."film_id" DESC LIMIT $1"#))
    spec.sortOrderings = [SortOrdering("originalLanguageId", .descending)]
    spec.position = .after([.null, .integer(7)])
    let nullable = try select(spec)
    // NULLs come last in a descending sort too: after a NULL key only NULLs follow.
    #expect(
      nullable.sql.hasSuffix(
        """
        WHERE (("t0"."original_language_id" IS NULL AND "t0"."film_id" > $1)) \
        ORDER BY "t0"."original_language_id" DESC NULLS LAST, "t0"."film_id" ASC LIMIT $2
        """))
    #expect(!nullable.sql.contains("OFFSET"))
  }

  @Test func badRequestsNameWhatIsWrong() throws {
    #expect(throws: FetchError("unknown entity 'Flim'")) {
      try select(FetchSpecification(entityName: "Flim"))
    }
    #expect(throws: FetchError("'createDate': expected a date like '2005-05-24', found 'x'")) {
      try select(FetchSpecification(entityName: "Customer", qualifier: .comparison("createDate", .equal, .string("x"))))
    }
    #expect(
      throws: FetchError(
        "'films.filmActors.actorId' goes through two to-many relationships; a key path read with each row can cross one"
      )
    ) {
      try select(FetchSpecification(entityName: "Language", keyPaths: ["films.filmActors.actorId"]))
    }
    #expect(throws: FetchError("'id': expected an integer, found 4.99")) {
      try select(FetchSpecification(entityName: "Film", qualifier: .comparison("id", .equal, .decimal("4.99"))))
    }
  }

  /// A key path through a to-many read with each row: one correlated subquery gathering the
  /// related rows' values into an array.
  @Test func aToManyPathIsReadAsOneArrayPerRow() throws {
    let statement = try select(FetchSpecification(entityName: "Language", keyPaths: ["name", "films.title"]))
    #expect(
      statement.sql.hasPrefix(
        """
        SELECT "t0"."name" AS "name", ARRAY(SELECT "ts0"."title" FROM "film" AS "ts0" \
        WHERE "ts0"."language_id" = "t0"."language_id") AS "films.title"
        """), "\(statement.sql)")
    #expect(statement.resultTypes?[1] == .array(of: .text(maxLength: nil, isFixedWidth: false)))
  }

  @Test func countUsesTheSameJoinsAndCondition() throws {
    let builder = try SelectBuilder(model: CatalogFixture.model, entityName: "Customer", dialect: .postgresql)
    let statement = try builder.count(
      FetchSpecification(
        entityName: "Customer", qualifier: try Qualifier(parsing: "address.city.city = 'Lima'")))
    #expect(
      statement.sql == """
        SELECT count(*) AS "count" FROM "customer" AS "t0" \
        LEFT JOIN "address" AS "t1" ON "t1"."address_id" = "t0"."address_id" \
        LEFT JOIN "city" AS "t2" ON "t2"."city_id" = "t1"."city_id" WHERE "t2"."city" = $1
        """)
  }
}
