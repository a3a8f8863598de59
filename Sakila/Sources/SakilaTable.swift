import Access

/// A table of the Sakila schema the generator fills, in loading order.
public enum SakilaTable: String, CaseIterable, Hashable, Sendable {
  case language, category, country, city, address, actor, film
  /// SQLite and MySQL, as in the MySQL original and its SQLite port: the title and
  /// description of each film.
  case filmText = "film_text"
  case filmActor = "film_actor"
  case filmCategory = "film_category"
  case staff, store, customer, inventory, rental, payment

  /// The tables that exist in `dialect`, in loading order.
  public static func tables(for dialect: SQLDialect) -> [SakilaTable] {
    allCases.filter { $0 != .filmText || dialect != .postgresql }
  }

  /// The table's name in SQL.
  public var name: String { rawValue }

  /// The columns the generator writes, in the order of its row values.
  public func columns(for dialect: SQLDialect) -> [String] {
    let pg = dialect == .postgresql
    switch self {
    case .language: return ["language_id", "name", "last_update"]
    case .category: return ["category_id", "name", "last_update"]
    case .country: return ["country_id", "country", "last_update"]
    case .city: return ["city_id", "city", "country_id", "last_update"]
    case .address:
      return [
        "address_id", "address", "address2", "district", "city_id", "postal_code", "phone",
        "last_update",
      ]
    case .actor: return ["actor_id", "first_name", "last_name", "last_update"]
    case .film:
      return [
        "film_id", "title", "description", "release_year", "language_id",
        "original_language_id", "rental_duration", "rental_rate", "length", "replacement_cost",
        "rating", "special_features", "last_update",
      ]
    case .filmText: return ["film_id", "title", "description"]
    case .filmActor: return ["actor_id", "film_id", "last_update"]
    case .filmCategory: return ["film_id", "category_id", "last_update"]
    case .staff:
      return [
        "staff_id", "first_name", "last_name", "address_id", "picture", "email", "store_id",
        "active", "username", "password", "last_update",
      ]
    case .store: return ["store_id", "manager_staff_id", "address_id", "last_update"]
    case .customer:
      return [
        "customer_id", "store_id", "first_name", "last_name", "email", "address_id",
        pg ? "activebool" : "active", "create_date", "last_update",
      ] + (pg ? ["active"] : [])
    case .inventory: return ["inventory_id", "film_id", "store_id", "last_update"]
    case .rental:
      return [
        "rental_id", "rental_date", "inventory_id", "customer_id", "return_date", "staff_id",
        "last_update",
      ]
    case .payment:
      return ["payment_id", "customer_id", "staff_id", "rental_id", "amount", "payment_date"]
        + (pg ? [] : ["last_update"])
    }
  }

  /// `INSERT INTO table (columns) VALUES (placeholders)`, with `rowCount` rows of
  /// placeholders numbered in order, and the casts PostgreSQL needs for the enum and array
  /// columns.
  public func insertSQL(for dialect: SQLDialect, rowCount: Int = 1) -> String {
    let columns = columns(for: dialect)
    let groups = (0..<rowCount).map { row in
      let values = columns.indices.map { index in
        let placeholder = dialect.placeholder(row * columns.count + index)
        guard dialect == .postgresql, self == .film else { return placeholder }
        switch columns[index] {
        case "rating": return placeholder + "::mpaa_rating"
        case "special_features": return placeholder + "::text[]"
        default: return placeholder
        }
      }
      return "(" + values.joined(separator: ", ") + ")"
    }
    return "INSERT INTO \(dialect.quote(name)) ("
      + columns.map { dialect.quote($0) }.joined(separator: ", ") + ") VALUES "
      + groups.joined(separator: ", ")
  }
}
