import Access
import Sakila

/// The foreign keys of the Sakila schema (both dialects), for integrity checks on
/// generated rows and on loaded databases.
struct SakilaForeignKey: CustomStringConvertible {
  var table: SakilaTable
  var column: String
  var parent: SakilaTable

  var parentColumn: String {
    switch parent {
    case .filmText, .filmActor, .filmCategory: return "film_id"
    default: return parent.name + "_id"
    }
  }

  var description: String { "\(table.name).\(column) → \(parent.name).\(parentColumn)" }

  static let all: [SakilaForeignKey] = [
    .init(table: .city, column: "country_id", parent: .country),
    .init(table: .address, column: "city_id", parent: .city),
    .init(table: .film, column: "language_id", parent: .language),
    .init(table: .film, column: "original_language_id", parent: .language),
    .init(table: .filmActor, column: "actor_id", parent: .actor),
    .init(table: .filmActor, column: "film_id", parent: .film),
    .init(table: .filmCategory, column: "film_id", parent: .film),
    .init(table: .filmCategory, column: "category_id", parent: .category),
    .init(table: .staff, column: "address_id", parent: .address),
    .init(table: .staff, column: "store_id", parent: .store),
    .init(table: .store, column: "manager_staff_id", parent: .staff),
    .init(table: .store, column: "address_id", parent: .address),
    .init(table: .customer, column: "store_id", parent: .store),
    .init(table: .customer, column: "address_id", parent: .address),
    .init(table: .inventory, column: "film_id", parent: .film),
    .init(table: .inventory, column: "store_id", parent: .store),
    .init(table: .rental, column: "inventory_id", parent: .inventory),
    .init(table: .rental, column: "customer_id", parent: .customer),
    .init(table: .rental, column: "staff_id", parent: .staff),
    .init(table: .payment, column: "customer_id", parent: .customer),
    .init(table: .payment, column: "staff_id", parent: .staff),
    .init(table: .payment, column: "rental_id", parent: .rental),
  ]
}

/// Generated rows of every table, with access by column name.
struct GeneratedSakila {
  let dialect: SQLDialect
  let tables: [SakilaTable: [[DatabaseValue]]]

  init(_ generator: SakilaGenerator, dialect: SQLDialect = .sqlite) throws {
    self.dialect = dialect
    var tables: [SakilaTable: [[DatabaseValue]]] = [:]
    for table in SakilaTable.tables(for: dialect) {
      tables[table] = try generator.rows(of: table, dialect: dialect)
    }
    self.tables = tables
  }

  func rows(_ table: SakilaTable) -> [[DatabaseValue]] { tables[table] ?? [] }

  /// The values of `column` in `table`, in row order.
  func column(_ table: SakilaTable, _ column: String) -> [DatabaseValue] {
    guard let index = table.columns(for: dialect).firstIndex(of: column) else { return [] }
    return rows(table).map { $0[index] }
  }

  func ints(_ table: SakilaTable, _ column: String) -> [Int] {
    self.column(table, column).map { Int($0.int64Value ?? -1) }
  }
}
