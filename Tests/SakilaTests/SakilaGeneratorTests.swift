import Access
import Testing

@testable import Sakila

@Suite struct SakilaGeneratorTests {
  static let scaleOne = SakilaGenerator()

  @Test(arguments: [
    (SakilaTable.language, 6), (.category, 16), (.country, 109), (.city, 600), (.address, 603),
    (.actor, 200), (.film, 1000), (.filmText, 1000), (.filmCategory, 1000), (.staff, 2),
    (.store, 2), (.customer, 599), (.inventory, 4581), (.rental, 16044), (.payment, 16044),
  ])
  func scaleOneHasThePublicCardinalities(table: SakilaTable, count: Int) throws {
    let rows = try Self.scaleOne.rows(of: table, dialect: .sqlite)
    #expect(rows.count == count)
    #expect(Self.scaleOne.rowCount(of: table) == count)
  }

  @Test func filmActorCountIsAboutFiveAndAHalfPerFilm() throws {
    let rows = try Self.scaleOne.rows(of: .filmActor, dialect: .sqlite)
    #expect(rows.count == Self.scaleOne.rowCount(of: .filmActor))
    #expect((4500...6500).contains(rows.count))
  }

  @Test func scaleMultipliesOnlyTheTransactionalTables() {
    let generator = SakilaGenerator(scale: 3, seed: 7)
    let expected: [SakilaTable: Int] = [
      .customer: 1797, .address: 1809, .inventory: 13743, .rental: 48132, .payment: 48132,
      .actor: 200, .film: 1000, .city: 600, .staff: 2, .store: 2,
    ]
    for (table, count) in expected {
      #expect(generator.rowCount(of: table) == count, "\(table.name)")
    }
  }

  @Test(arguments: [SQLDialect.sqlite, .postgresql, .mysql])
  func everyRowHasOneValuePerColumn(dialect: SQLDialect) throws {
    for table in SakilaTable.tables(for: dialect) {
      let width = table.columns(for: dialect).count
      try Self.scaleOne.generate(table, dialect: dialect, batchSize: 4096) { rows in
        #expect(rows.allSatisfy { $0.count == width }, "\(table.name)")
      }
    }
  }

  @Test func batchesHaveTheRequestedSize() throws {
    var sizes: [Int] = []
    try Self.scaleOne.generate(.actor, dialect: .sqlite, batchSize: 64) { sizes.append($0.count) }
    #expect(sizes == [64, 64, 64, 8])
  }

  @Test func sameSeedGivesTheSameRows() throws {
    let again = SakilaGenerator(scale: 1, seed: 1)
    for table in SakilaTable.allCases {
      let first = try Self.scaleOne.rows(of: table, dialect: .sqlite)
      let second = try again.rows(of: table, dialect: .sqlite)
      #expect(first == second, "\(table.name)")
    }
  }

  @Test(arguments: [SakilaTable.actor, .film, .city, .customer, .inventory, .rental, .payment])
  func anotherSeedGivesOtherRows(table: SakilaTable) throws {
    let other = SakilaGenerator(scale: 1, seed: 2)
    #expect(
      try Self.scaleOne.rows(of: table, dialect: .sqlite)
        != other.rows(of: table, dialect: .sqlite))
  }

  @Test func staffAreMikeHillyerAndJonStephens() throws {
    let rows = try Self.scaleOne.rows(of: .staff, dialect: .postgresql)
    let columns = SakilaTable.staff.columns(for: .postgresql)
    let named = rows.map { Dictionary(uniqueKeysWithValues: zip(columns, $0)) }
    #expect(named.map { $0["first_name"] } == [.text("Mike"), .text("Jon")])
    #expect(named.map { $0["last_name"] } == [.text("Hillyer"), .text("Stephens")])
    #expect(named.map { $0["username"] } == [.text("Mike"), .text("Jon")])
    let sha1 = DatabaseValue.text("8cb2237d0679ca88db6464eac60da96345513964")
    #expect(named.allSatisfy { $0["password"] == sha1 })
    #expect(named.allSatisfy { $0["active"] == .bool(true) })
    guard case .blob(let png)? = named[0]["picture"] else {
      Issue.record("Mike has no picture")
      return
    }
    #expect(png.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
  }

  @Test func postgresRowsUseNativeTypes() throws {
    let data = try GeneratedSakila(Self.scaleOne, dialect: .postgresql)
    let kinds: [(SakilaTable, String, String)] = [
      (.film, "special_features", "array"), (.film, "release_year", "integer"),
      (.film, "rental_rate", "decimal"), (.film, "rating", "text"),
      (.customer, "create_date", "date"), (.customer, "activebool", "bool"),
      (.customer, "active", "integer"), (.staff, "active", "bool"),
      (.rental, "rental_date", "timestamp"), (.payment, "amount", "decimal"),
    ]
    for (table, column, kind) in kinds {
      #expect(Set(data.column(table, column).map(Self.kind)) == [kind], "\(table.name).\(column)")
    }
    let features = data.column(.film, "special_features")
    #expect(features.allSatisfy { $0 != .array([]) })
  }

  /// The case of a value, without its payload.
  static func kind(_ value: DatabaseValue) -> String {
    Mirror(reflecting: value).children.first?.label ?? "null"
  }

  @Test func sqliteRowsUseThePortsTypes() throws {
    let data = try GeneratedSakila(Self.scaleOne, dialect: .sqlite)
    let features = data.column(.film, "special_features").compactMap(\.stringValue)
    #expect(features.count == 1000)
    #expect(features.contains { $0.contains(",") })
    #expect(Set(data.column(.customer, "active")) == [.text("1"), .text("0")])
    #expect(data.column(.film, "release_year").allSatisfy { ($0.stringValue?.count ?? 0) == 4 })
  }
}
