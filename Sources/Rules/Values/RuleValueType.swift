import Qualifiers

/// The type of a rule key's values, checked when rules load.
public indirect enum RuleValueType: Hashable, Sendable, CustomStringConvertible {
  case string
  case bool
  case integer
  /// An integer or a decimal.
  case number
  case list(RuleValueType)
  case dictionary
  /// The name of a registered component, page or formatter.
  case name(NameKind)
  /// An object set by the app (entity, record, user): rules can only copy it with a key path.
  case object
  /// Sort text such as `lastName, firstName desc`.
  case sortOrderings
  /// Qualifier text such as `active = true`.
  case qualifier
  /// The wrapped type or `nil`.
  case optional(RuleValueType)
  case any

  /// The Swift type's name, for `d2t rules keys` and messages.
  public var description: String {
    switch self {
    case .string: return "String"
    case .bool: return "Bool"
    case .integer: return "Int"
    case .number: return "Number"
    case .list(let element): return "[\(element)]"
    case .dictionary: return "Dictionary"
    case .name(let kind): return kind.typeName
    case .object: return "Object"
    case .sortOrderings: return "[SortOrdering]"
    case .qualifier: return "Qualifier"
    case .optional(let wrapped): return "\(wrapped)?"
    case .any: return "Any"
    }
  }

  /// `value` normalized for this type (strings become names for name keys), or a
  /// message saying what was wrong. Key paths are checked by the parser.
  func check(_ value: RuleValue) -> Result<RuleValue, RuleTypeMismatch> {
    switch (self, value) {
    case (.any, _), (.string, .string), (.bool, .bool), (.integer, .integer), (.number, .integer),
      (.number, .decimal), (.dictionary, .dictionary), (.optional, .null):
      return .success(value)
    case (.optional(let wrapped), _):
      return wrapped.check(value).mapError { _ in RuleTypeMismatch(expected: self, found: value) }
    case (.name, .string(let name)), (.name, .name(let name)):
      return .success(.name(name))
    case (.list(let element), .list(let values)):
      var checked: [RuleValue] = []
      for item in values {
        guard case .success(let value) = element.check(item) else {
          return .failure(RuleTypeMismatch(expected: self, found: value))
        }
        checked.append(value)
      }
      return .success(.list(checked))
    case (.sortOrderings, .string(let text)):
      do {
        _ = try SortOrdering.parse(text)
        return .success(value)
      } catch {
        return .failure(RuleTypeMismatch(expected: self, found: value, detail: error.description))
      }
    case (.qualifier, .string(let text)):
      do {
        _ = try Qualifier(parsing: text)
        return .success(value)
      } catch {
        return .failure(RuleTypeMismatch(expected: self, found: value, detail: error.description))
      }
    default:
      return .failure(RuleTypeMismatch(expected: self, found: value))
    }
  }

  /// Whether a value of type `other` (read through a key path) fits this type.
  func accepts(_ other: RuleValueType) -> Bool {
    switch (self, other) {
    case (.any, _), (_, .any): return true
    case (.optional(let wrapped), .optional(let inner)): return wrapped.accepts(inner)
    case (.optional(let wrapped), _): return wrapped.accepts(other)
    case (_, .optional(let inner)): return accepts(inner)
    case (.number, .integer), (.string, .name): return true
    case (.list(let l), .list(let r)): return l.accepts(r)
    default: return self == other
    }
  }
}

/// A value that does not fit its key's type.
struct RuleTypeMismatch: Error {
  var expected: RuleValueType
  var found: RuleValue
  var detail: String?

  func message(key: String) -> String {
    var text = "'\(key)' needs a value of type \(expected), found \(found.kindDescription)"
    if let detail { text += " (\(detail))" }
    return text
  }
}
