import Access
import Testing

@Suite struct ModelBuilderTests {
  let model = CatalogFixture.model

  @Test func entityAndAttributeNames() throws {
    #expect(
      model.entities.map(\.name) == [
        "Language", "Film", "Country", "City", "Address", "Staff", "Store", "Customer", "FilmActor",
      ])
    let customer = try #require(model[entity: "Customer"])
    #expect(
      customer.attributes.map(\.name) == [
        "id", "firstName", "lastName", "email", "active", "createDate", "addressId",
      ])
    #expect(customer.attributes.map(\.column).first == "customer_id")
    #expect(customer.primaryKey == ["id"])
    #expect(model[entity: "FilmActor"]?.primaryKey == ["actorId", "filmId"])
  }

  @Test func toOneNamesComeFromTheForeignKeyColumn() throws {
    let film = try #require(model[entity: "Film"])
    #expect(film.relationships.filter { !$0.isToMany }.map(\.name) == ["language", "originalLanguage"])
    let store = try #require(model[entity: "Store"])
    #expect(store[relationship: "managerStaff"]?.destination == "Staff")
    #expect(store[relationship: "managerStaff"]?.isMandatory == true)
    #expect(film[relationship: "originalLanguage"]?.isMandatory == false)
  }

  @Test func inverseToManyNamesAreUniqueAndReadable() throws {
    let language = try #require(model[entity: "Language"])
    #expect(language.relationships.map(\.name) == ["films", "filmsByOriginalLanguage"])
    #expect(
      language[relationship: "filmsByOriginalLanguage"]?.joins
        == [Relationship.Join(source: "id", destination: "originalLanguageId")])
    #expect(model[entity: "Country"]?.relationships.map(\.name) == ["cities"])
    #expect(model[entity: "City"]?.relationships.map(\.name) == ["country", "addresses"])
    #expect(model[entity: "Staff"]?.relationships.map(\.name) == ["address", "stores"])
    #expect(model[entity: "Staff"]?[relationship: "address"]?.isInferred == true, "staff.address_id declares no key")
    #expect(model[entity: "Film"]?[relationship: "filmActors"]?.isToMany == true)
  }

  @Test func schemaClashesAreQualifiedOutsidePublic() {
    let catalog = Catalog(tables: [
      TableInfo(schema: "archive", name: "actor", columns: [CatalogFixture.column("id", CatalogFixture.int)]),
      TableInfo(schema: "public", name: "actor", columns: [CatalogFixture.column("id", CatalogFixture.int)]),
      TableInfo(schema: "archive", name: "film", columns: [CatalogFixture.column("id", CatalogFixture.int)]),
    ])
    let model = ModelBuilder.model(from: catalog)
    #expect(model.entities.map(\.name) == ["ArchiveActor", "Actor", "Film"])
    let readOnly = model.entities.allSatisfy { $0.isReadOnly }
    #expect(readOnly, "no primary key: rows cannot be identified")
  }

  @Test(arguments: [
    ("lastName", "Last Name"), ("FilmActor", "Film Actor"), ("id", "ID"), ("address2", "Address 2"),
    ("customerURL", "Customer URL"), ("URLPath", "URL Path"), ("managerStaffId", "Manager Staff ID"),
  ])
  func displayNames(name: String, display: String) {
    #expect(Inflector.displayName(name) == display)
  }

  @Test(arguments: [
    ("film", "films"), ("city", "cities"), ("address", "addresses"), ("staff", "staff"),
    ("inventory", "inventories"), ("category", "categories"), ("filmActor", "filmActors"),
    ("person", "people"), ("box", "boxes"), ("status", "statuses"), ("day", "days"),
    ("human", "humans"),
  ])
  func plurals(singular: String, plural: String) {
    #expect(Inflector.pluralize(singular) == plural)
  }

  @Test(arguments: [
    ("film_actor", "FilmActor"), ("sales_by_film_category", "SalesByFilmCategory"),
    ("Customers", "Customers"),
  ])
  func entityNames(table: String, entity: String) {
    #expect(Inflector.entityName(table) == entity)
  }

  /// A key naming a column twice (PostgreSQL `UNIQUE (a, a)`, SQLite `FOREIGN KEY (a, a)`, a
  /// MySQL index and foreign key of one name) is the same key with it once; a foreign key
  /// joins each source and destination column once. Rows keyed by such a key trapped on
  /// the repeated column.
  @Test func aKeyNamingAColumnTwiceIsTheKeyOnce() throws {
    let int = CatalogFixture.int
    let catalog = Catalog(tables: [
      TableInfo(
        name: "point", columns: [CatalogFixture.column("x", int), CatalogFixture.column("y", int)],
        uniqueKeys: [["x", "y"]]),
      TableInfo(
        name: "mark", columns: [CatalogFixture.column("a", int), CatalogFixture.column("b", int, null: true)],
        foreignKeys: [
          ForeignKeyInfo(columns: ["a", "a"], destinationTable: "point", destinationColumns: ["x", "y"]),
          ForeignKeyInfo(columns: ["b", "a"], destinationTable: "point", destinationColumns: ["x", "x"]),
        ],
        uniqueKeys: [["a", "a"]]),
    ])
    let mark = try #require(ModelBuilder.model(from: catalog)[entity: "Mark"])
    #expect(mark.primaryKey == ["aId"], "the column once (its to-one is named `a`)")
    #expect(
      mark.relationships.filter { !$0.isToMany }.map(\.joins) == [
        [Relationship.Join(source: "aId", destination: "x")], [Relationship.Join(source: "bId", destination: "x")],
      ])
  }

  /// The same from a SQLite schema: a unique index and a foreign key on `(a, a)`.
  @Test func aSQLiteKeyNamingAColumnTwiceIsTheKeyOnce() throws {
    try TestServer.withSQLite(
      """
      CREATE TABLE point (x INTEGER NOT NULL, y INTEGER NOT NULL, UNIQUE (x, y));
      CREATE TABLE mark (a INTEGER NOT NULL, note TEXT, FOREIGN KEY (a, a) REFERENCES point (x, y));
      CREATE UNIQUE INDEX mark_a ON mark (a, a);
      INSERT INTO point VALUES (1, 1);
      INSERT INTO mark VALUES (1, 'one');
      """
    ) { db in
      let mark = try #require(db.model[entity: "Mark"])
      #expect(mark.primaryKey == ["aId"])
      #expect(mark.relationships.first { !$0.isToMany }?.joins == [Relationship.Join(source: "aId", destination: "x")])
      #expect(!mark.isReadOnly, "the unique index is its key")
    }
  }

  /// Letters whose uppercase is several characters (`ß` → `SS`, `ﬁ` → `FI`, `ŉ` → `ʼN`,
  /// `և` → `ԵՒ`) where a name's words begin: the uppercase is appended whole (making one
  /// `Character` of it trapped).
  @Test func lettersWhoseUppercaseIsSeveralCharacters() throws {
    #expect(Inflector.entityName("straße_ßtate") == "StraßeSState")
    #expect(Inflector.entityName("ﬁle") == "FIle")
    #expect(Inflector.attributeName("a_ŉ-և") == "aʼNԵՒ")
    let catalog = Catalog(tables: [
      TableInfo(
        name: "ßtraße_ﬁle",
        columns: [CatalogFixture.column("id", CatalogFixture.int), CatalogFixture.column("x_ß", CatalogFixture.text)],
        primaryKey: ["id"])
    ])
    let entity = try #require(ModelBuilder.model(from: catalog).entities.first)
    #expect(entity.name == "SStraßeFIle")
    #expect(entity.attributes.map(\.name) == ["id", "xSS"])
  }
}
