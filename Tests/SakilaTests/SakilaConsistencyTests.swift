import Access
import Testing

@testable import Sakila

@Suite struct SakilaConsistencyTests {
  static let data = Result { try GeneratedSakila(SakilaGenerator(scale: 2, seed: 42)) }

  @Test(arguments: SakilaForeignKey.all)
  func everyForeignKeyResolves(key: SakilaForeignKey) throws {
    let data = try Self.data.get()
    let parents = Set(data.column(key.parent, key.parentColumn))
    let dangling = data.column(key.table, key.column).filter {
      !$0.isNull && !parents.contains($0)
    }
    #expect(dangling.isEmpty, "\(key): \(dangling.prefix(3))")
  }

  @Test(arguments: [SakilaTable.actor, .film, .city, .address, .customer, .inventory, .rental])
  func primaryKeysAreOneToN(table: SakilaTable) throws {
    let data = try Self.data.get()
    let ids = data.ints(table, table.name + "_id")
    #expect(ids == Array(1...ids.count))
  }

  @Test func rentalsUseInventoryOfTheCustomersStore() throws {
    let data = try Self.data.get()
    let customerStore = data.ints(.customer, "store_id")
    let inventoryStore = data.ints(.inventory, "store_id")
    let rentals = zip(data.ints(.rental, "customer_id"), data.ints(.rental, "inventory_id"))
    let wrong = rentals.filter { customerStore[$0.0 - 1] != inventoryStore[$0.1 - 1] }
    #expect(wrong.isEmpty)
    #expect(data.ints(.rental, "staff_id") == rentals.map { customerStore[$0.0 - 1] })
  }

  @Test func returnsComeAfterRentalsAndCopiesAreNeverLentTwice() throws {
    let data = try Self.data.get()
    let rented = data.column(.rental, "rental_date").map(Self.timestamp)
    let returned = data.column(.rental, "return_date").map { $0.isNull ? nil : Self.timestamp($0) }
    let items = data.ints(.rental, "inventory_id")
    #expect(zip(rented, returned).allSatisfy { $1 == nil || $0 < $1! })
    #expect(rented.allSatisfy { (2005...2006).contains($0.date.year) })
    let open = returned.filter { $0 == nil }.count
    #expect((50...800).contains(open), "\(open) rentals still out")
    var periods: [Int: [(SQLTimestamp, SQLTimestamp?)]] = [:]
    for index in rented.indices {
      periods[items[index], default: []].append((rented[index], returned[index]))
    }
    for (item, list) in periods {
      let sorted = list.sorted { $0.0 < $1.0 }
      for (earlier, later) in zip(sorted, sorted.dropFirst()) {
        #expect(earlier.1 != nil && earlier.1! <= later.0, "inventory \(item) lent twice")
      }
    }
  }

  @Test func eachPaymentSettlesItsRentalWithLateFees() throws {
    let data = try Self.data.get()
    let filmRate = data.column(.film, "rental_rate").map { Self.cents($0) }
    let filmDuration = data.ints(.film, "rental_duration")
    let inventoryFilm = data.ints(.inventory, "film_id")
    let rentalItem = data.ints(.rental, "inventory_id")
    let rented = data.column(.rental, "rental_date").map(Self.timestamp)
    let returned = data.column(.rental, "return_date")
    #expect(data.ints(.payment, "rental_id") == data.ints(.rental, "rental_id"))
    #expect(data.ints(.payment, "customer_id") == data.ints(.rental, "customer_id"))
    #expect(data.ints(.payment, "staff_id") == data.ints(.rental, "staff_id"))
    var late = 0
    for (index, amount) in data.column(.payment, "amount").enumerated() {
      let film = inventoryFilm[rentalItem[index] - 1] - 1
      let extra = Self.cents(amount) - filmRate[film]
      #expect(extra >= 0 && extra % 100 == 0 && extra <= 600)
      if extra > 0 {
        late += 1
        #expect(!returned[index].isNull)
        let back = Self.timestamp(returned[index])
        #expect(back.date > rented[index].date, "late after \(filmDuration[film]) days")
      }
    }
    #expect(late > 1000 && late < 20000, "\(late) late payments")
  }

  @Test func everyFilmHasActorsAndOneCategoryAndEveryActorAFilm() throws {
    let data = try Self.data.get()
    #expect(Set(data.ints(.filmActor, "film_id")) == Set(1...1000))
    #expect(Set(data.ints(.filmActor, "actor_id")) == Set(1...200))
    #expect(data.ints(.filmCategory, "film_id") == Array(1...1000))
    #expect(Set(data.ints(.filmCategory, "category_id")) == Set(1...16))
  }

  @Test func ratingsAndFeaturesAreSpread() throws {
    let data = try Self.data.get()
    let ratings = data.column(.film, "rating").compactMap(\.stringValue)
    for rating in ["G", "PG", "PG-13", "R", "NC-17"] {
      #expect(ratings.filter { $0 == rating }.count > 120, "\(rating)")
    }
    let features = data.column(.film, "special_features").compactMap(\.stringValue)
    for feature in ["Trailers", "Commentaries", "Deleted Scenes", "Behind the Scenes"] {
      #expect(features.filter { $0.contains(feature) }.count > 300, "\(feature)")
    }
  }

  @Test func namesAreDistinctAndFitTheirColumns() throws {
    let data = try Self.data.get()
    let titles = data.column(.film, "title").compactMap(\.stringValue)
    #expect(Set(titles).count == 1000)
    #expect(Set(data.column(.city, "city")).count == 600)
    let limits: [(SakilaTable, String, Int)] = [
      (.address, "address", 50), (.address, "district", 20), (.address, "phone", 20),
      (.city, "city", 50), (.customer, "email", 50), (.country, "country", 50),
      (.category, "name", 25), (.language, "name", 20), (.actor, "last_name", 45),
    ]
    for (table, column, limit) in limits {
      let longest = data.column(table, column).compactMap(\.stringValue).map(\.count).max() ?? 0
      #expect(longest <= limit, "\(table.name).\(column)")
    }
  }

  @Test func customersJoinedBeforeTheFirstRental() throws {
    let data = try Self.data.get()
    let firstRental = try #require(data.column(.rental, "rental_date").map(Self.timestamp).min())
    #expect(data.column(.customer, "create_date").allSatisfy { Self.timestamp($0) < firstRental })
  }

  static func timestamp(_ value: DatabaseValue) -> SQLTimestamp {
    switch value {
    case .timestamp(let t): return t
    case .date(let d): return SQLTimestamp(date: d, time: SQLTime(hour: 0, minute: 0))
    default:
      let never = SQLDate(year: 0, month: 1, day: 1)
      return SQLTimestamp(date: never, time: SQLTime(hour: 0, minute: 0))
    }
  }

  static func cents(_ value: DatabaseValue) -> Int {
    let parts = (value.stringValue ?? "").split(separator: ".")
    return (Int(parts.first ?? "") ?? 0) * 100 + (Int(parts.dropFirst().first ?? "") ?? 0)
  }
}
