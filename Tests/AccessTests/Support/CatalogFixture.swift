import Access

/// Sakila's language, film, address, city, country and customer as catalog values, to
/// test model building and SQL generation without a database.
enum CatalogFixture {
  static func column(_ name: String, _ type: ValueType, null: Bool = false) -> ColumnInfo {
    ColumnInfo(name: name, declaredType: type.name, valueType: type, isNullable: null)
  }

  static let int = ValueType.integer(bits: 32)
  static let text = ValueType.text(maxLength: nil, isFixedWidth: false)

  static let catalog = Catalog(tables: [
    TableInfo(
      name: "language", columns: [column("language_id", int), column("name", text)],
      primaryKey: ["language_id"]),
    TableInfo(
      name: "film",
      columns: [
        column("film_id", int), column("title", text), column("language_id", int),
        column("original_language_id", int, null: true),
        column("rental_rate", .decimal(precision: 4, scale: 2)),
      ],
      primaryKey: ["film_id"],
      foreignKeys: [
        ForeignKeyInfo(columns: ["language_id"], destinationTable: "language", destinationColumns: ["language_id"]),
        ForeignKeyInfo(
          columns: ["original_language_id"], destinationTable: "language",
          destinationColumns: ["language_id"]),
      ]),
    TableInfo(
      name: "country", columns: [column("country_id", int), column("country", text)],
      primaryKey: ["country_id"]),
    TableInfo(
      name: "city",
      columns: [column("city_id", int), column("city", text), column("country_id", int)],
      primaryKey: ["city_id"],
      foreignKeys: [
        ForeignKeyInfo(columns: ["country_id"], destinationTable: "country", destinationColumns: ["country_id"])
      ]),
    TableInfo(
      name: "address",
      columns: [column("address_id", int), column("phone", text), column("city_id", int)],
      primaryKey: ["address_id"],
      foreignKeys: [ForeignKeyInfo(columns: ["city_id"], destinationTable: "city", destinationColumns: ["city_id"])]),
    TableInfo(
      name: "staff",
      columns: [column("staff_id", int), column("address_id", int)], primaryKey: ["staff_id"]),
    TableInfo(
      name: "store",
      columns: [column("store_id", int), column("manager_staff_id", int), column("address_id", int)],
      primaryKey: ["store_id"],
      foreignKeys: [
        ForeignKeyInfo(columns: ["manager_staff_id"], destinationTable: "staff", destinationColumns: ["staff_id"]),
        ForeignKeyInfo(columns: ["address_id"], destinationTable: "address", destinationColumns: ["address_id"]),
      ]),
    TableInfo(
      name: "customer",
      columns: [
        column("customer_id", int), column("first_name", text), column("last_name", text),
        column("email", text, null: true), column("active", .boolean),
        column("create_date", .date), column("address_id", int),
      ],
      primaryKey: ["customer_id"],
      foreignKeys: [
        ForeignKeyInfo(columns: ["address_id"], destinationTable: "address", destinationColumns: ["address_id"])
      ]),
    TableInfo(
      name: "film_actor", columns: [column("actor_id", int), column("film_id", int)],
      primaryKey: ["actor_id", "film_id"],
      foreignKeys: [ForeignKeyInfo(columns: ["film_id"], destinationTable: "film", destinationColumns: ["film_id"])]),
  ])

  static let model = ModelBuilder.model(from: catalog)
}
