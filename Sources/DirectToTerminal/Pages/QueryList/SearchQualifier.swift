import Access
import Qualifiers

/// `/` search as Direct to SwiftUI does it: the text anywhere in a text column
/// (case-insensitive), or equal to a number column when it is a number. Password-like
/// columns are left out unless `allowsPassword` (the `allowsPasswordQueries` rule) says
/// otherwise.
enum SearchQualifier {
  /// The longest search, in characters (Unicode scalars). Longer text is refused with
  /// `lengthRefusal`: it is no useful search, and a pattern this size stays well within
  /// what every database accepts (SQLite refuses `LIKE` patterns over 50,000 bytes).
  static let maximumLength = 10_000

  /// Why `text` cannot be a search, when it is longer than `maximumLength`.
  static func lengthRefusal(_ text: String) -> String? {
    let length = text.trimmingCharacters(in: .whitespaces).unicodeScalars.count
    guard length > maximumLength else { return nil }
    return "A search is at most \(grouped(maximumLength)) characters; this one has \(grouped(length))"
  }

  /// `shownPaths`: the text columns the list shows through relationships (a to-one's
  /// title, `tags.name` through a many-to-many), searched too.
  static func make(
    _ text: String, entity: Entity?, shownPaths: [PropertyPath] = [],
    allowsPassword: (Attribute) -> Bool = { _ in false }
  ) -> Qualifier? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, let entity else { return nil }
    var alternatives: [Qualifier] = []
    let integer = Int64(trimmed)
    let decimal = normalizedDecimal(trimmed)
    for attribute in entity.attributes
    where !attribute.isPassword || allowsPassword(attribute) {
      let path = PropertyPath(key: attribute.name)
      switch attribute.valueType {
      case .text, .enumeration:
        alternatives.append(.comparison(path, .caseInsensitiveLike, .string("*" + trimmed + "*")))
      case .integer:
        if let integer { alternatives.append(.comparison(path, .equal, .integer(integer))) }
      case .decimal, .double:
        if let decimal { alternatives.append(.comparison(path, .equal, .decimal(decimal))) }
      default:
        break
      }
    }
    for path in shownPaths {
      alternatives.append(.comparison(path, .caseInsensitiveLike, .string("*" + trimmed + "*")))
    }
    return alternatives.isEmpty ? .constant(false) : .or(alternatives)
  }
}
