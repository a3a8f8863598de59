import Access
import Sakila
import Testing

/// What every loaded Sakila database must satisfy, whatever the dialect.
enum SakilaDatabaseChecks {
  static func verify(_ channel: any AdaptorChannel, generator: SakilaGenerator) throws {
    let dialect = channel.dialect
    for table in SakilaTable.tables(for: dialect) {
      let rows = try TestDatabases.count("SELECT count(*) FROM \(table.name)", on: channel)
      #expect(rows == generator.rowCount(of: table), "rows in \(table.name)")
    }
    for key in SakilaForeignKey.all {
      let dangling = try TestDatabases.count(
        """
        SELECT count(*) FROM \(key.table.name) AS c LEFT JOIN \(key.parent.name) AS p
        ON c.\(key.column) = p.\(key.parentColumn)
        WHERE c.\(key.column) IS NOT NULL AND p.\(key.parentColumn) IS NULL
        """, on: channel)
      #expect(dangling == 0, "\(key)")
    }
    for view in SakilaSchema.views(for: dialect) {
      let rows = try TestDatabases.count("SELECT count(*) FROM \(view)", on: channel)
      #expect(rows > 0, "view \(view) is empty")
    }
    try verifyCatalog(channel)
  }

  /// The catalog (what `d2t model` builds on) shows the public schema's tables, views,
  /// keys and relationships.
  static func verifyCatalog(_ channel: any AdaptorChannel) throws {
    let dialect = channel.dialect
    let catalog = try channel.readCatalog()
    let tables = Dictionary(catalog.tables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let expectedTables = Set(SakilaTable.tables(for: dialect).map(\.name))
    let expectedViews = Set(SakilaSchema.views(for: dialect))
    #expect(Set(catalog.tables.filter { $0.kind == .table }.map(\.name)) == expectedTables)
    #expect(Set(catalog.tables.filter { $0.kind == .view }.map(\.name)) == expectedViews)
    for key in SakilaForeignKey.all {
      let found = tables[key.table.name]?.foreignKeys.contains {
        $0.columns == [key.column] && $0.destinationTable == key.parent.name
          && $0.destinationColumns == [key.parentColumn]
      }
      #expect(found == true, "foreign key \(key)")
    }
    #expect(tables["film_actor"]?.primaryKey == ["actor_id", "film_id"])
    #expect(tables["rental"]?.primaryKey == ["rental_id"])
    for table in SakilaTable.tables(for: dialect) {
      let columns = tables[table.name]?.columns.map(\.name) ?? []
      #expect(Set(table.columns(for: dialect)).isSubset(of: columns), "columns of \(table.name)")
    }
    verifyModel(ModelBuilder.model(from: catalog), dialect: dialect)
    if dialect == .postgresql {
      let film = Dictionary(
        (tables["film"]?.columns ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
      #expect(film["rating"]?.declaredType == "mpaa_rating")
      #expect(film["special_features"]?.declaredType == "text[]")
      #expect(film["fulltext"]?.declaredType == "tsvector")
      #expect(film["release_year"]?.domainName == "year")
      #expect(film["film_id"]?.isGenerated == true)
      let picture = tables["staff"]?.columns.first { $0.name == "picture" }
      #expect(picture?.declaredType == "bytea")
    }
  }

  /// The model d2t builds (`d2t model`): one entity per table and view, each foreign key a
  /// to-one relationship with its inverse (to-many, or to-one for a unique key).
  static func verifyModel(_ model: Model, dialect: SQLDialect) {
    let expected = SakilaTable.tables(for: dialect).count + SakilaSchema.views(for: dialect).count
    #expect(model.entities.count == expected)
    for key in SakilaForeignKey.all {
      let source = model.entity(forTable: key.table.name)
      let destination = model.entity(forTable: key.parent.name)
      #expect(
        source?.relationships.contains { !$0.isToMany && $0.destination == destination?.name }
          == true, "to-one \(key)")
      #expect(
        destination?.relationships.contains {
          $0.isInverse && $0.flattenedThrough == nil && $0.destination == source?.name
        } == true, "inverse of \(key) (a to-one for a unique key such as store.manager_staff_id)")
    }
    if dialect == .postgresql {
      let rating = model.entity(forTable: "film")?.attributes.first { $0.column == "rating" }
      #expect(rating?.enumValues == ["G", "PG", "PG-13", "R", "NC-17"])
    }
  }
}
