import Access
import Testing

/// Relationships as people name them, from catalogs built by hand (the hard-schema suite
/// reads the same shapes from real databases).
@Suite struct RelationshipModelTests {
  static let int = CatalogFixture.int
  static let text = CatalogFixture.text
  static func column(_ name: String, _ type: ValueType = int, null: Bool = false) -> ColumnInfo {
    CatalogFixture.column(name, type, null: null)
  }
  static func key(_ columns: [String], _ table: String, _ destination: [String]) -> ForeignKeyInfo {
    ForeignKeyInfo(columns: columns, destinationTable: table, destinationColumns: destination)
  }

  /// Northwind-like names: `reports_to`, `ship_via`, transfers between accounts, a table
  /// with a space in its name.
  static let named = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(
        name: "employee", columns: [column("employee_id"), column("name", text), column("reports_to", null: true)],
        primaryKey: ["employee_id"], foreignKeys: [key(["reports_to"], "employee", ["employee_id"])]),
      TableInfo(name: "shipper", columns: [column("shipper_id"), column("name", text)], primaryKey: ["shipper_id"]),
      TableInfo(
        name: "orders",
        columns: [column("order_id"), column("ship_via"), column("employee_id"), column("approved_by")],
        primaryKey: ["order_id"],
        foreignKeys: [
          key(["ship_via"], "shipper", ["shipper_id"]), key(["employee_id"], "employee", ["employee_id"]),
          key(["approved_by"], "employee", ["employee_id"]),
        ]),
      TableInfo(name: "account", columns: [column("account_id"), column("iban", text)], primaryKey: ["account_id"]),
      TableInfo(
        name: "transfer", columns: [column("transfer_id"), column("from_account"), column("to_account")],
        primaryKey: ["transfer_id"],
        foreignKeys: [
          key(["from_account"], "account", ["account_id"]), key(["to_account"], "account", ["account_id"]),
        ]),
      TableInfo(
        name: "Order Details", columns: [column("OrderID"), column("ProductID"), column("Qty")],
        primaryKey: ["OrderID", "ProductID"], foreignKeys: [key(["OrderID"], "orders", ["order_id"])]),
      TableInfo(
        name: "branch", columns: [column("tenant_id"), column("branch_id"), column("manager_id")],
        primaryKey: ["tenant_id", "branch_id"],
        foreignKeys: [key(["tenant_id", "manager_id"], "employee_scoped", ["tenant_id", "emp_no"])]),
      TableInfo(
        name: "employee_scoped", columns: [column("tenant_id"), column("emp_no")],
        primaryKey: ["tenant_id", "emp_no"]),
    ]))

  @Test func toOnesAreNamedAfterTheirColumn() throws {
    let employee = try #require(Self.named[entity: "Employee"])
    #expect(employee[relationship: "reportsTo"]?.destination == "Employee")
    #expect(employee[relationship: "reportsTo"]?.joins == [Relationship.Join(source: "reportsToId", destination: "id")])
    #expect(employee[attribute: "reportsToId"]?.column == "reports_to", "the key attribute yields its name")
    let orders = try #require(Self.named[entity: "Orders"])
    #expect(orders.relationships.filter { !$0.isInverse }.map(\.name) == ["shipVia", "employee", "approvedBy"])
    let transfer = try #require(Self.named[entity: "Transfer"])
    #expect(transfer.relationships.map(\.name) == ["fromAccount", "toAccount"])
    #expect(Self.named[entity: "Branch"]?.relationships.map(\.name) == ["manager"])
    #expect(Self.named[entity: "Order Details"]?.relationships.map(\.name) == ["order"])
  }

  /// Issue 22 item 15: a key column written with a space (`Order ID`, northwind's SQLite
  /// build) names its to-one `order`, like `order_id` and `OrderID` (it was `orderID`).
  @Test func aKeyColumnWithASpaceNamesItsToOneWithoutTheSuffix() throws {
    let model = ModelBuilder.model(
      from: Catalog(tables: [
        TableInfo(name: "Orders", columns: [Self.column("Order ID"), Self.column("total")], primaryKey: ["Order ID"]),
        TableInfo(
          name: "lines", columns: [Self.column("id"), Self.column("Order ID")], primaryKey: ["id"],
          foreignKeys: [Self.key(["Order ID"], "Orders", ["Order ID"])]),
      ]))
    let lines = try #require(model[entity: "Lines"])
    #expect(lines.relationships.map(\.name) == ["order"])
    #expect(lines[attribute: "Order ID"]?.column == "Order ID", "the column keeps its own name as an attribute")
  }

  @Test func inversesAreNamedAfterTheSourceAndDisambiguatedByTheColumn() throws {
    let employee = try #require(Self.named[entity: "Employee"])
    #expect(
      employee.relationships.filter(\.isToMany).map(\.name)
        == ["employees", "orders", "ordersByApprovedBy"])
    let account = try #require(Self.named[entity: "Account"])
    #expect(account.relationships.map(\.name) == ["transfersByFromAccount", "transfersByToAccount"])
    #expect(Self.named[entity: "Shipper"]?.relationships.map(\.name) == ["orders"])
    #expect(Self.named[entity: "Orders"]?[relationship: "orderDetails"]?.isToMany == true)
  }

  @Test func everyNameIsAValidUniqueIdentifier() {
    for entity in Self.named.entities {
      let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
      #expect(Set(names).count == names.count, "\(entity.name): \(names)")
      for name in entity.relationships.map(\.name) {
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber } && name.first?.isLetter == true, "\(name)")
      }
    }
  }

  /// A catalog without any declared key, like many SQLite application databases.
  static let undeclared = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(name: "author", columns: [column("id"), column("name", text)], primaryKey: ["id"]),
      TableInfo(name: "publishers", columns: [column("id"), column("name", text)], primaryKey: ["id"]),
      TableInfo(
        name: "book",
        columns: [
          column("id"), column("authorId"), column("publisher_id", null: true), column("editor_id"),
          column("isbn_id", text), column("title", text),
        ],
        primaryKey: ["id"]),
      TableInfo(name: "isbn", columns: [column("id")], primaryKey: ["id"]),
      TableInfo(name: "editor", columns: [column("id"), column("name", text)]),
      TableInfo(
        name: "review", columns: [column("id"), column("book_id")], primaryKey: ["id"],
        foreignKeys: [key(["book_id"], "book", ["id"])]),
      TableInfo(name: "book_list", kind: .view, columns: [column("author_id"), column("title", text)]),
    ]))

  @Test func keysAreInferredFromColumnAndTableNames() throws {
    let book = try #require(Self.undeclared[entity: "Book"])
    let author = try #require(book[relationship: "author"])
    #expect(author.destination == "Author" && author.isInferred && !author.isToMany)
    #expect(book[relationship: "publisher"]?.destination == "Publishers", "plural table names match")
    #expect(book[relationship: "editor"] == nil, "editor has no primary key")
    #expect(book[relationship: "isbn"] == nil, "text does not refer to an integer key")
    #expect(Self.undeclared[entity: "Author"]?[relationship: "books"]?.isInferred == true)
    #expect(Self.undeclared[entity: "Review"]?[relationship: "book"]?.isInferred == false)
    #expect(Self.undeclared[entity: "BookList"]?.relationships.isEmpty == true, "views are not inferred")
    #expect(Self.undeclared[entity: "Author"]?.relationships.count == 1)
  }

  static let shapes = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(name: "film", columns: [column("film_id"), column("title", text)], primaryKey: ["film_id"]),
      TableInfo(name: "actor", columns: [column("actor_id"), column("name", text)], primaryKey: ["actor_id"]),
      TableInfo(
        name: "film_actor",
        columns: [column("actor_id"), column("film_id"), column("last_update", .timestamp(withTimeZone: false))],
        primaryKey: ["actor_id", "film_id"],
        foreignKeys: [key(["actor_id"], "actor", ["actor_id"]), key(["film_id"], "film", ["film_id"])]),
      TableInfo(
        name: "film_award",
        columns: [column("actor_id"), column("film_id"), column("award", text)],
        primaryKey: ["actor_id", "film_id"],
        foreignKeys: [key(["actor_id"], "actor", ["actor_id"]), key(["film_id"], "film", ["film_id"])]),
      TableInfo(
        name: "film_detail", columns: [column("film_id"), column("notes", text)], primaryKey: ["film_id"],
        foreignKeys: [key(["film_id"], "film", ["film_id"])]),
      TableInfo(
        name: "poster", columns: [column("poster_id"), column("film_id")], primaryKey: ["poster_id"],
        foreignKeys: [key(["film_id"], "film", ["film_id"])], uniqueKeys: [["film_id"]]),
      TableInfo(
        name: "follow", columns: [column("follower_id"), column("followee_id")],
        primaryKey: ["follower_id", "followee_id"],
        foreignKeys: [
          key(["follower_id"], "actor", ["actor_id"]), key(["followee_id"], "actor", ["actor_id"]),
        ]),
    ]))

  @Test func uniqueKeysAreOneToOne() throws {
    let film = try #require(Self.shapes[entity: "Film"])
    let detail = try #require(film[relationship: "filmDetail"])
    #expect(!detail.isToMany && detail.isInverse)
    #expect(detail.joins == [Relationship.Join(source: "id", destination: "id")])
    #expect(film[relationship: "poster"]?.isToMany == false)
    #expect(Self.shapes[entity: "FilmDetail"]?[relationship: "film"]?.isInverse == false)
  }

  @Test func joinTablesGiveFlattenedToManys() throws {
    let film = try #require(Self.shapes[entity: "Film"])
    let actors = try #require(film[relationship: "actors"])
    #expect(actors.isToMany && actors.destination == "Actor" && actors.flattenedThrough == "FilmActor")
    #expect(actors.joins == [Relationship.Join(source: "id", destination: "filmId")])
    #expect(actors.destinationPath == ["filmActors"])
    #expect(Self.shapes[entity: "Actor"]?[relationship: "films"]?.destinationPath == ["filmActors"])
    #expect(film[relationship: "filmActors"]?.isToMany == true, "the join entity stays reachable")
    let awards = film.relationships.filter { $0.flattenedThrough == "FilmAward" }
    #expect(
      awards.count == 1 && awards.allSatisfy { !$0.isMembershipEditable && $0.name == "actorsViaFilmAward" },
      "a join table with data of its own gets a path to read, not one to edit members through: \(awards)")
    let actor = try #require(Self.shapes[entity: "Actor"])
    #expect(actor[relationship: "followees"]?.destinationPath == ["followsByFollowee"])
    #expect(actor[relationship: "followers"]?.destinationPath == ["followsByFollower"])
  }
}
