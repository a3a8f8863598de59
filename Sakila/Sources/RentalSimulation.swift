/// One rental and the payment that settles it.
struct RentalEvent: Equatable {
  var id: Int
  var customer: Int
  var inventory: Int
  var staff: Int
  var rentalDate: Int64
  /// Nil when the film is still out at the end of the data (2006-02-15).
  var returnDate: Int64?
  /// The film's rental rate plus one dollar per day late.
  var amountCents: Int
  /// At the counter when the film is rented, or at return when a late fee is added.
  var paymentDate: Int64
}

/// Replays the shops' rentals in time order, from 2005-05-24 to 2006-02-14, opening
/// hours 09:00–23:00: a random customer rents an item of their own store that is on the
/// shelf, and returns it after 1 to (rental duration + 3) days.
///
/// Deterministic for a seed, so the rental and payment tables replay it independently
/// instead of keeping rentals in memory.
struct RentalSimulation: Sequence, IteratorProtocol {
  static let firstDay = SakilaClock.seconds(2005, 5, 24)
  static let days: Int64 = 267
  /// The moment the data ends: later returns have not happened yet.
  static let end = SakilaClock.seconds(2006, 2, 15)
  static let opening: Int64 = 9 * 3600
  static let openSeconds: Int64 = 14 * 3600

  private let plan: SakilaPlan
  private var random: SakilaRandom
  private var onShelfFrom: [Int64]
  private var produced = 0

  init(plan: SakilaPlan, seed: UInt64) {
    self.plan = plan
    random = SakilaRandom(seed: seed, stream: 200)
    onShelfFrom = [Int64](repeating: 0, count: plan.inventoryCount)
  }

  mutating func next() -> RentalEvent? {
    guard produced < plan.rentalCount else { return nil }
    let count = Int64(plan.rentalCount)
    let total = Self.days * Self.openSeconds
    let slot = Int64(produced) * total / count
    let width = Swift.max(1, (Int64(produced) + 1) * total / count - slot)
    let offset = slot + Int64(random.index(Int(width)))
    var rented =
      Self.firstDay + offset / Self.openSeconds * SakilaClock.day + Self.opening
      + offset % Self.openSeconds
    produced += 1

    let customer = random.int(1...plan.customerCount)
    let store = Int(plan.customerStore[customer - 1])
    let item = pickItem(store: store, at: &rented)
    let film = Int(plan.inventoryFilm[item - 1]) - 1
    let duration = plan.filmDuration[film]
    var returned: Int64? =
      rented + Int64(random.int(1...duration + 3)) * SakilaClock.day
      + Int64(random.int(-5 * 3600...5 * 3600))
    if let back = returned, back >= Self.end { returned = nil }
    let lateDays =
      returned.map { back in
        Swift.max(0, Int((back - rented + SakilaClock.day - 1) / SakilaClock.day) - duration)
      } ?? 0
    onShelfFrom[item - 1] = returned ?? .max
    return RentalEvent(
      id: produced, customer: customer, inventory: item, staff: store, rentalDate: rented,
      returnDate: returned, amountCents: plan.filmRateCents[film] + lateDays * 100,
      paymentDate: lateDays > 0 ? returned ?? rented : rented)
  }

  /// An item of `store` on the shelf at `time`: a few random tries, then a scan; if every
  /// copy is out, the one back first, and the rental waits an hour after its return.
  private mutating func pickItem(store: Int, at time: inout Int64) -> Int {
    let items = plan.storeInventory[store - 1]
    for _ in 0..<8 {
      let item = Int(items[random.index(items.count)])
      if onShelfFrom[item - 1] <= time { return item }
    }
    let start = random.index(items.count)
    var soonest = Int(items[start])
    for step in 0..<items.count {
      let item = Int(items[(start + step) % items.count])
      if onShelfFrom[item - 1] <= time { return item }
      if onShelfFrom[item - 1] < onShelfFrom[soonest - 1] { soonest = item }
    }
    let back = onShelfFrom[soonest - 1]
    if back != .max { time = Swift.max(time, back + 3600) }
    return soonest
  }
}
