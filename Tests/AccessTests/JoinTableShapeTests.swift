import Access
import Qualifiers
import Testing
import TestSupport

/// Issue 23 item 2: join tables as applications make them — Django's (a surrogate `id`
/// and a unique pair), Rails' `has_and_belongs_to_many` (the pair and nothing else), a
/// self-reference, and one with a column of its own (a role) — are many-to-manys on both
/// sides, named as Django names them; key paths through them filter as "some related
/// row", against SQL written by hand, on every engine.
@Suite struct JoinTableShapeTests {
  static let backends = IntegrationTests.backends

  static let schema = """
    CREATE TABLE auth_user (id INTEGER PRIMARY KEY, username VARCHAR(150) NOT NULL);
    CREATE TABLE auth_group (id INTEGER PRIMARY KEY, name VARCHAR(150) NOT NULL);
    CREATE TABLE auth_permission (id INTEGER PRIMARY KEY, codename VARCHAR(100) NOT NULL);
    CREATE TABLE auth_user_groups (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, group_id INTEGER NOT NULL,
      UNIQUE (user_id, group_id), FOREIGN KEY (user_id) REFERENCES auth_user (id),
      FOREIGN KEY (group_id) REFERENCES auth_group (id));
    CREATE TABLE auth_user_user_permissions (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,
      permission_id INTEGER NOT NULL, UNIQUE (user_id, permission_id),
      FOREIGN KEY (user_id) REFERENCES auth_user (id), FOREIGN KEY (permission_id) REFERENCES auth_permission (id));
    CREATE TABLE auth_user_friends (id INTEGER PRIMARY KEY, from_user_id INTEGER NOT NULL,
      to_user_id INTEGER NOT NULL, UNIQUE (from_user_id, to_user_id),
      FOREIGN KEY (from_user_id) REFERENCES auth_user (id), FOREIGN KEY (to_user_id) REFERENCES auth_user (id));
    CREATE TABLE shop_tag (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL);
    CREATE TABLE shop_product (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL);
    CREATE TABLE shop_product_tags (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, tag_id INTEGER NOT NULL,
      UNIQUE (product_id, tag_id), FOREIGN KEY (product_id) REFERENCES shop_product (id),
      FOREIGN KEY (tag_id) REFERENCES shop_tag (id));
    CREATE TABLE shop_supplier (id INTEGER PRIMARY KEY, name VARCHAR(50) NOT NULL);
    CREATE TABLE products_suppliers (product_id INTEGER NOT NULL, supplier_id INTEGER NOT NULL,
      FOREIGN KEY (product_id) REFERENCES shop_product (id), FOREIGN KEY (supplier_id) REFERENCES shop_supplier (id));
    CREATE TABLE shop_membership (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, group_id INTEGER NOT NULL,
      role VARCHAR(20) NOT NULL, UNIQUE (user_id, group_id), FOREIGN KEY (user_id) REFERENCES auth_user (id),
      FOREIGN KEY (group_id) REFERENCES auth_group (id));
    INSERT INTO auth_user VALUES (1, 'ada'), (2, 'brian'), (3, 'chen');
    INSERT INTO auth_group VALUES (1, 'editors'), (2, 'admins');
    INSERT INTO auth_permission VALUES (1, 'add_product'), (2, 'delete_product');
    INSERT INTO auth_user_groups VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1);
    INSERT INTO auth_user_user_permissions VALUES (1, 3, 2);
    INSERT INTO auth_user_friends VALUES (1, 1, 2), (2, 2, 3);
    INSERT INTO shop_tag VALUES (1, 'red'), (2, 'blue');
    INSERT INTO shop_product VALUES (1, 'kettle'), (2, 'lamp'), (3, 'mug');
    INSERT INTO shop_product_tags VALUES (1, 1, 1), (2, 2, 2), (3, 3, 1);
    INSERT INTO shop_supplier VALUES (1, 'Acme');
    INSERT INTO products_suppliers VALUES (2, 1);
    INSERT INTO shop_membership VALUES (1, 3, 2, 'owner');

    """

  @Test(arguments: backends) func djangoAndRailsJoinTablesAreManyToManysNamedAsDjangoNamesThem(
    _ backend: Backend
  ) throws {
    let (database, close) = try HardSchemaRelationshipTests.open(backend, script: Self.schema)
    defer { close() }
    let model = database.model
    func flattened(_ entity: String, _ name: String) -> Relationship? {
      model[entity: entity]?[relationship: name].flatMap { $0.flattenedThrough == nil ? nil : $0 }
    }
    #expect(flattened("AuthUser", "groups")?.destination == "AuthGroup")
    #expect(flattened("AuthUser", "userPermissions")?.destination == "AuthPermission")
    #expect(flattened("AuthGroup", "users")?.destination == "AuthUser")
    #expect(flattened("AuthPermission", "users")?.destination == "AuthUser")
    #expect(flattened("ShopProduct", "tags")?.destination == "ShopTag")
    #expect(flattened("ShopTag", "products")?.destination == "ShopProduct")
    #expect(flattened("ShopProduct", "suppliers")?.flattenedThrough == "ProductsSuppliers", "Rails")
    #expect(flattened("ShopSupplier", "products")?.destination == "ShopProduct")
    #expect(flattened("AuthUser", "friends")?.destination == "AuthUser", "a self-reference")
    #expect(flattened("AuthUser", "groups")?.isMembershipEditable == true)
    let throughRole = model[entity: "AuthUser"]?.relationships.first { $0.flattenedThrough == "ShopMembership" }
    #expect(throughRole != nil && throughRole?.isMembershipEditable == false, "with a role: read only")
    #expect(model[entity: "ShopMembership"] != nil && model[entity: "AuthUserGroups"] != nil, "join entities stay")
    #expect(model[entity: "ShopProduct"]?[relationship: "shopProductTags"]?.flattenedThrough == nil)
  }

  /// The same rows as the SQL written by hand beside each.
  @Test(arguments: backends) func keyPathsThroughManyToManysFilterAsSomeRelatedRow(_ backend: Backend) throws {
    let (database, close) = try HardSchemaRelationshipTests.open(backend, script: Self.schema)
    defer { close() }
    func names(_ entity: String, _ qualifier: Qualifier, key: String) throws -> [String] {
      try database.fetch(
        FetchSpecification(entityName: entity, qualifier: qualifier, sortOrderings: [SortOrdering(PropertyPath(key))])
      )
      .rows.compactMap { $0[key]?.stringValue }
    }
    // SELECT username FROM auth_user u WHERE EXISTS (SELECT 1 FROM auth_user_groups ug
    //   JOIN auth_group g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.name = 'editors')
    #expect(
      try names("AuthUser", .comparison("groups.name", .equal, .string("editors")), key: "username") == [
        "ada", "brian",
      ])
    // … WHERE NOT EXISTS (… g.name = 'editors'): chen is in no editors group.
    #expect(
      try names("AuthUser", .not(.comparison("groups.name", .equal, .string("editors"))), key: "username") == ["chen"])
    #expect(
      try names("AuthGroup", .comparison("users.username", .equal, .string("ada")), key: "name") == [
        "admins", "editors",
      ])
    #expect(try names("ShopTag", .comparison("products.name", .like, .string("*u*")), key: "name") == ["red"])
    #expect(try names("ShopProduct", .comparison("suppliers.name", .equal, .string("Acme")), key: "name") == ["lamp"])
    #expect(
      try names("AuthUser", .comparison("friends.username", .equal, .string("chen")), key: "username") == ["brian"])
    // A relationship compared with nil: whether some related row exists.
    #expect(try names("AuthUser", .comparison("groups", .equal, .null), key: "username") == ["chen"])
    #expect(try names("AuthUser", .comparison("groups", .notEqual, .null), key: "username") == ["ada", "brian"])
    #expect(try names("AuthUser", .comparison("authUserGroups", .equal, .null), key: "username") == ["chen"])
    #expect(try names("ShopTag", .comparison("products", .equal, .null), key: "name").isEmpty)
    // Two comparisons through one many-to-many hold for the same related row.
    let same = Qualifier.and([
      .comparison("groups.name", .equal, .string("admins")), .comparison("groups.id", .equal, .integer(1)),
    ])
    #expect(try names("AuthUser", same, key: "username").isEmpty)
    // Through a join table with a role of its own: read, not edited.
    let owners = try database.model[entity: "AuthUser"]?.relationships.first { $0.flattenedThrough == "ShopMembership" }
    let path = PropertyPath(components: [try #require(owners?.name), "name"])
    #expect(try names("AuthUser", .comparison(path, .equal, .string("admins")), key: "username") == ["chen"])
  }

  /// A to-many path fetched as a column gives each row its related rows' values (what rules
  /// read as `object.groups.name`), as by hand: `SELECT u.username, (SELECT g.name FROM
  /// auth_user_groups ug JOIN auth_group g ON g.id = ug.group_id WHERE ug.user_id = u.id)`.
  @Test(arguments: backends) func aPathThroughAToManyIsFetchedAsTheRelatedValues(_ backend: Backend) throws {
    let (database, close) = try HardSchemaRelationshipTests.open(backend, script: Self.schema)
    defer { close() }
    let rows = try database.fetch(
      FetchSpecification(
        entityName: "AuthUser", sortOrderings: [SortOrdering("id")],
        keyPaths: ["username", "groups.name", "groups.id", "userPermissions.codename"])
    ).rows
    func names(_ value: DatabaseValue?) -> [String] {
      guard case .array(let values)? = value else { return ["not an array: \(String(describing: value))"] }
      return values.map { $0.stringValue ?? "\($0)" }.sorted()
    }
    #expect(rows.map { names($0["groups.name"]) } == [["admins", "editors"], ["editors"], []])
    let ids = rows.map { row -> [Int64] in
      guard case .array(let values)? = row["groups.id"] else { return [-1] }
      return values.compactMap { if case .integer(let id) = $0 { id } else { nil } }.sorted()
    }
    #expect(ids == [[1, 2], [1], []], "typed as the column")
    #expect(rows.map { names($0["userPermissions.codename"]) } == [[], [], ["delete_product"]])
    #expect(throws: FetchError.self, "a second to-many") {
      try database.fetch(FetchSpecification(entityName: "AuthUser", keyPaths: ["groups.users.username"]))
    }
  }
}
