import Access
import Foundation

/// Writes the rows of each table for one dialect; each table draws from its own random
/// stream, so tables can be generated in any order.
struct SakilaRows {
  let plan: SakilaPlan
  let seed: UInt64
  let dialect: SQLDialect

  /// Catalog tables were last touched on 2006-02-15, as in the public data.
  static let catalogUpdate = SakilaClock.seconds(2006, 2, 15, 4, 34, 33)
  /// SHA-1 of "12345", the staff password in the public data.
  static let staffPassword = "8cb2237d0679ca88db6464eac60da96345513964"
  /// A 1×1 PNG, so the staff picture column holds a real image.
  static let picture = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    ) ?? Data())

  func random(_ stream: UInt64) -> SakilaRandom { SakilaRandom(seed: seed, stream: stream) }

  var catalogStamp: DatabaseValue { timestamp(Self.catalogUpdate) }

  func timestamp(_ seconds: Int64) -> DatabaseValue { .timestamp(SakilaClock.timestamp(seconds)) }

  func decimal(cents: Int) -> DatabaseValue {
    let fraction = cents % 100
    return .decimal("\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)")
  }

  func id(_ value: Int) -> DatabaseValue { .integer(Int64(value)) }

  /// A numbered list of names: `(id, name, last_update)`.
  func named(_ names: [String], to out: inout RowBatcher) throws {
    for (index, name) in names.enumerated() {
      try out.add([id(index + 1), .text(name), catalogStamp])
    }
  }

  /// A street address and its city: "1234 Valford Avenue".
  func street(_ random: inout SakilaRandom) -> String {
    "\(random.int(1...1999)) \(random.pick(PlaceWords.cityRoots))"
      + "\(random.pick(PlaceWords.cityEndings)) \(random.pick(PlaceWords.streetKinds))"
  }

  func digits(_ count: Int, _ random: inout SakilaRandom) -> String {
    String((0..<count).map { _ in Character(String(random.int(0...9))) })
  }
}
