/// The facts several tables share, decided once per generator: film terms, who acts in
/// what, each customer's store and the inventory layout.
///
/// Kept in compact arrays (a few bytes per customer or inventory item), so a large scale
/// costs megabytes, never the rows themselves.
final class SakilaPlan: Sendable {
  static let actors = 200
  static let films = 1000
  static let cities = 600
  static let stores = 2
  static let baseCustomers = 599
  static let baseAddresses = 603
  static let baseInventory = 4581
  static let baseRentals = 16044
  /// Addresses 1–2 belong to the stores, 3–4 to the staff; customers start after them.
  static let reservedAddresses = 4

  let scale: Int
  /// Rental rate of each film in cents (index film_id - 1): 99, 299 or 499.
  let filmRateCents: [Int]
  /// Rental duration of each film in days, 3–7.
  let filmDuration: [Int]
  /// (actor_id, film_id), sorted by actor then film.
  let filmActors: [(actor: Int32, film: Int32)]
  /// Store of each customer (index customer_id - 1), 1 or 2.
  let customerStore: [UInt8]
  /// Film and store of each inventory item (index inventory_id - 1).
  let inventoryFilm: [Int32]
  let inventoryStore: [UInt8]
  /// The inventory ids of each store (index store_id - 1).
  let storeInventory: [[Int32]]

  init(scale: Int, seed: UInt64) {
    self.scale = scale
    var terms = SakilaRandom(seed: seed, stream: 100)
    filmRateCents = (0..<Self.films).map { _ in terms.pick([99, 299, 499]) }
    filmDuration = (0..<Self.films).map { _ in terms.int(3...7) }
    filmActors = Self.castFilms(seed: seed)

    var customers = SakilaRandom(seed: seed, stream: 101)
    customerStore = (0..<Self.baseCustomers * scale).map { _ in customers.chance(55) ? 1 : 2 }

    let copies = Self.copiesPerFilmAndStore(total: Self.baseInventory * scale, seed: seed)
    var films: [Int32] = []
    var stores: [UInt8] = []
    var byStore: [[Int32]] = [[], []]
    films.reserveCapacity(Self.baseInventory * scale)
    stores.reserveCapacity(Self.baseInventory * scale)
    for film in 0..<Self.films {
      for store in 0..<Self.stores {
        for _ in 0..<copies[film * Self.stores + store] {
          films.append(Int32(film + 1))
          stores.append(UInt8(store + 1))
          byStore[store].append(Int32(films.count))
        }
      }
    }
    inventoryFilm = films
    inventoryStore = stores
    storeInventory = byStore
  }

  var customerCount: Int { customerStore.count }
  var inventoryCount: Int { inventoryFilm.count }
  var addressCount: Int { Self.baseAddresses * scale }
  var rentalCount: Int { Self.baseRentals * scale }

  /// Every film gets 1–10 distinct actors; every actor plays in at least one film.
  private static func castFilms(seed: UInt64) -> [(actor: Int32, film: Int32)] {
    var random = SakilaRandom(seed: seed, stream: 102)
    var cast = [Set<Int>](repeating: [], count: films)
    for film in 0..<films {
      let count = random.int(1...10)
      while cast[film].count < count { cast[film].insert(random.int(1...actors)) }
    }
    let casted = Set(cast.flatMap { $0 })
    for actor in 1...actors where !casted.contains(actor) {
      cast[random.index(films)].insert(actor)
    }
    var pairs: [(actor: Int32, film: Int32)] = []
    for (film, actorsOfFilm) in cast.enumerated() {
      for actor in actorsOfFilm { pairs.append((Int32(actor), Int32(film + 1))) }
    }
    pairs.sort { ($0.actor, $0.film) < ($1.actor, $1.film) }
    return pairs
  }

  /// Copies of each (film, store), index film * stores + store, summing to exactly `total`.
  /// About one film in twenty-five has no copy at all, as in a real shop.
  private static func copiesPerFilmAndStore(total: Int, seed: UInt64) -> [Int] {
    var random = SakilaRandom(seed: seed, stream: 103)
    let slots = films * stores
    let mean = Double(total) / Double(slots)
    var copies = [Int](repeating: 0, count: slots)
    for film in 0..<films where !random.chance(4) {
      for store in 0..<stores {
        let spread = max(1, Int(mean))
        copies[film * stores + store] = max(0, Int(mean) + random.int(-spread / 2...spread / 2))
      }
    }
    var sum = copies.reduce(0, +)
    while sum != total {
      let slot = random.index(slots)
      if sum < total, copies[slot] > 0 {
        copies[slot] += 1
        sum += 1
      } else if sum > total, copies[slot] > 1 {
        copies[slot] -= 1
        sum -= 1
      }
    }
    return copies
  }
}
