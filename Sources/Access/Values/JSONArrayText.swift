import Foundation

/// A JSON array of scalars as SQLite's `json_group_array` and MySQL's `JSON_ARRAYAGG` give
/// it (`["ACADEMY DINOSAUR", "ACE GOLDFINGER"]`, `[4.99, null]`), decoded element by element
/// into `element`'s values.
enum JSONArrayText {
  static func parse(_ text: String, element: ValueType) -> [DatabaseValue]? {
    guard text.first == "[",
      let items = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? [Any]
    else { return nil }
    var values: [DatabaseValue] = []
    values.reserveCapacity(items.count)
    for item in items {
      switch item {
      case is NSNull: values.append(.null)
      case let text as String: values.append(element.decode(text: text))
      case let number as NSNumber:
        if case .boolean = element {
          values.append(.bool(number.boolValue))
        } else {
          values.append(element.decode(text: number.stringValue))
        }
      default: return nil
      }
    }
    return values
  }
}
