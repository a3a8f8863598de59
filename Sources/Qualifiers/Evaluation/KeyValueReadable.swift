/// Something qualifiers can read key paths from, without `Any?` or reflection.
///
/// A key gives a scalar `.value` or, for a key path that goes on (`address.city`), a
/// nested `.object` to read the next key from. `nil` means the key is unknown; it
/// compares like `null`.
///
///     struct Film: KeyValueReadable {
///       var title: String
///       func value(forKey key: String) -> KeyValue? {
///         key == "title" ? .value(.string(title)) : nil
///       }
///     }
public protocol KeyValueReadable {
  func value(forKey key: String) -> KeyValue?
}

/// What a `KeyValueReadable` gives for one key.
public enum KeyValue {
  /// A scalar or list value.
  case value(QualifierValue)
  /// A nested object, read by the next key of a path.
  case object(any KeyValueReadable)
  /// What a to-many gives: one value or object per related row. A comparison with it holds
  /// when it holds for some of them (`object.actors.lastName = 'COLDWELL'`: some actor's),
  /// as a filter through a to-many does in SQL (`EXISTS`).
  case many([KeyValue])
}

extension KeyValueReadable {
  /// The value at the end of `path`, or nil when a key on the way is unknown or a
  /// key before the last gives a scalar.
  public func value(atPath path: PropertyPath) -> KeyValue? {
    let components = path.components
    guard let first = components.first, var current = value(forKey: first) else { return nil }
    for key in components.dropFirst() {
      guard let next = current.member(key) else { return nil }
      current = next
    }
    return current
  }
}

extension KeyValue {
  /// The value of `key` read from this object, or from each of many (nil for a scalar).
  func member(_ key: String) -> KeyValue? {
    switch self {
    case .object(let object): return object.value(forKey: key)
    case .many(let items): return .many(items.compactMap { $0.member(key) })
    case .value: return nil
    }
  }
}

/// A dictionary read as an object: `["name": .value("Film")]`.
public struct KeyValueDictionary: KeyValueReadable {
  public var values: [String: KeyValue]

  public init(_ values: [String: KeyValue]) {
    self.values = values
  }

  public func value(forKey key: String) -> KeyValue? {
    values[key]
  }
}
