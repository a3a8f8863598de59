import Access
import Qualifiers

/// `/` search as Direct to SwiftUI does it: the text anywhere in a text column
/// (case-insensitive), or equal to a number column when it is a number. Password-like
/// columns are left out unless `allowsPassword` (the `allowsPasswordQueries` rule) says
/// otherwise.
enum SearchQualifier {
  static func make(_ text: String, entity: Entity?, allowsPassword: (Attribute) -> Bool = { _ in false }) -> Qualifier? {
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
    return alternatives.isEmpty ? .constant(false) : .or(alternatives)
  }
}
