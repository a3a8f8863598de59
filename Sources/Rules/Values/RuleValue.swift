import Qualifiers

/// The value a rule assigns, as written: `'Films'`, `25`, `true`, `nil`, `(a, b)`,
/// `{ key = value }`, a key path resolved in the context (`object.lastName`), or the
/// name of a registered component, page or formatter (`RatingPicker`).
public indirect enum RuleValue: Hashable, Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  case integer(Int64)
  /// An exact decimal in its source text: `4.99`.
  case decimal(String)
  case string(String)
  case list([RuleValue])
  case dictionary([String: RuleValue])
  /// A key path read through the same context when the rule fires.
  case keyPath(PropertyPath)
  /// The name of a registered component, page or formatter.
  case name(String)

  /// Rule-language text that parses back to this value. Names are bare words unless they
  /// need quotes (`'number:2'`) or are the name of a standard key (`'title'`).
  public var description: String {
    switch self {
    case .null: return "nil"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .decimal(let text): return text
    case .string(let text): return QualifierValue.quote(text)
    case .list(let values): return "(" + values.map(\.description).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      if entries.isEmpty { return "{}" }
      let body = entries.keys.sorted().map { "\(QualifierValue.quote($0)) = \(entries[$0, default: .null]);" }
      return "{ " + body.joined(separator: " ") + " }"
    case .keyPath(let path): return path.description
    case .name(let name):
      // Bare, a name that is also a key would read back as that key's value.
      let isKey = RuleKeyRegistry.standard[name] != nil
      return PropertyPath.needsQuotes(name) || isKey ? QualifierValue.quote(name) : name
    }
  }

  /// How messages name the value: `string 'yes'`, `integer 5`, `key path object.name`.
  var kindDescription: String {
    switch self {
    case .null: return "nil"
    case .bool(let value): return "boolean \(value)"
    case .integer(let value): return "integer \(value)"
    case .decimal(let text): return "decimal \(text)"
    case .string: return "string \(description)"
    case .list: return "list \(description)"
    case .dictionary: return "dictionary \(description)"
    case .keyPath(let path): return "key path \(path)"
    case .name(let name): return "name \(name)"
    }
  }

  /// The value as qualifiers see it: names become strings, dictionaries objects.
  var keyValue: KeyValue {
    switch self {
    case .null: return .value(.null)
    case .bool(let value): return .value(.bool(value))
    case .integer(let value): return .value(.integer(value))
    case .decimal(let text): return .value(.decimal(text))
    case .string(let text), .name(let text): return .value(.string(text))
    case .keyPath(let path): return .value(.string(path.description))
    case .list(let values):
      return .value(.list(values.map { if case .value(let v) = $0.keyValue { v } else { .null } }))
    case .dictionary(let entries): return .object(KeyValueDictionary(entries.mapValues(\.keyValue)))
    }
  }

  /// A qualifier value as a rule value.
  public init(_ value: QualifierValue) {
    switch value {
    case .null: self = .null
    case .bool(let v): self = .bool(v)
    case .integer(let v): self = .integer(v)
    case .decimal(let v): self = .decimal(v)
    case .string(let v): self = .string(v)
    case .list(let values): self = .list(values.map(RuleValue.init))
    case .binding(let name): self = .string("$" + name)
    }
  }
}
