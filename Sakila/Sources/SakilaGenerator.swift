import Access

/// Generates the Sakila DVD rental data, deterministically for a seed, at any scale.
///
/// Scale 1 has the public database's cardinalities (200 actors, 1000 films, 599
/// customers, 4581 inventory items, 16044 rentals and payments); scale N multiplies
/// customers, addresses, inventory, rentals and payments by N. Rows come table by table in
/// batches, in the column order of `SakilaTable.columns(for:)`, typed for the dialect
/// (PostgreSQL gets booleans, dates and `text[]`; SQLite gets the port's flags and text).
public struct SakilaGenerator: Sendable {
  public let scale: Int
  public let seed: UInt64
  let plan: SakilaPlan

  /// `scale` must be at least 1.
  public init(scale: Int = 1, seed: UInt64 = 1) {
    precondition(scale >= 1, "Sakila scale must be at least 1")
    self.scale = scale
    self.seed = seed
    plan = SakilaPlan(scale: scale, seed: seed)
  }

  /// How many rows `generate` produces for `table`.
  public func rowCount(of table: SakilaTable) -> Int {
    switch table {
    case .language: return PlaceWords.languages.count
    case .category: return FilmWords.categories.count
    case .country: return PlaceWords.countries.count
    case .city: return SakilaPlan.cities
    case .address: return plan.addressCount
    case .actor: return SakilaPlan.actors
    case .film, .filmText, .filmCategory: return SakilaPlan.films
    case .filmActor: return plan.filmActors.count
    case .staff, .store: return SakilaPlan.stores
    case .customer: return plan.customerCount
    case .inventory: return plan.inventoryCount
    case .rental, .payment: return plan.rentalCount
    }
  }

  /// Calls `body` with the rows of `table`, `batchSize` at a time (the last batch may be
  /// smaller), in id order.
  public func generate(
    _ table: SakilaTable, dialect: SQLDialect, batchSize: Int = 1000,
    _ body: ([[DatabaseValue]]) throws -> Void
  ) throws {
    try withoutActuallyEscaping(body) { body in
      var out = RowBatcher(size: max(1, batchSize), body: body)
      try SakilaRows(plan: plan, seed: seed, dialect: dialect).write(table, to: &out)
      try out.finish()
    }
  }

  /// All rows of `table` at once: for tests and small tables.
  public func rows(of table: SakilaTable, dialect: SQLDialect) throws -> [[DatabaseValue]] {
    var all: [[DatabaseValue]] = []
    try generate(table, dialect: dialect) { all += $0 }
    return all
  }
}

extension SakilaRows {
  func write(_ table: SakilaTable, to out: inout RowBatcher) throws {
    let rows = self
    switch table {
    case .language: try rows.languages(&out)
    case .category: try rows.categories(&out)
    case .country: try rows.countries(&out)
    case .city: try rows.cities(&out)
    case .address: try rows.addresses(&out)
    case .actor: try rows.actors(&out)
    case .film: try rows.films(&out)
    case .filmText: try rows.filmTexts(&out)
    case .filmActor: try rows.filmActors(&out)
    case .filmCategory: try rows.filmCategories(&out)
    case .staff: try rows.staff(&out)
    case .store: try rows.stores(&out)
    case .customer: try rows.customers(&out)
    case .inventory: try rows.inventory(&out)
    case .rental: try rows.rentals(&out)
    case .payment: try rows.payments(&out)
    }
  }
}

/// Collects rows and hands them on in batches.
struct RowBatcher {
  let size: Int
  let body: ([[DatabaseValue]]) throws -> Void
  private var rows: [[DatabaseValue]] = []

  init(size: Int, body: @escaping ([[DatabaseValue]]) throws -> Void) {
    self.size = size
    self.body = body
    rows.reserveCapacity(size)
  }

  mutating func add(_ row: [DatabaseValue]) throws {
    rows.append(row)
    if rows.count == size {
      try body(rows)
      rows.removeAll(keepingCapacity: true)
    }
  }

  mutating func finish() throws {
    if !rows.isEmpty { try body(rows) }
    rows.removeAll()
  }
}
