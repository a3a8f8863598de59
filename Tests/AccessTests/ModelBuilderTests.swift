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
}
