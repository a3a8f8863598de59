import Access
import Foundation

/// A `DatabaseValue` as JSON that keeps its type: `null`, or an object with one key naming
/// the case — `{"integer":42}`, `{"decimal":"4.99"}`, `{"text":"x"}`, `{"blob":"0aff"}`,
/// `{"timestamp":"2005-05-24 22:53:30"}`, `{"array":[…]}`.
struct JournalValue: Codable, Hashable {
  var value: DatabaseValue

  init(_ value: DatabaseValue) {
    self.value = value
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    if value.isNull {
      var single = encoder.singleValueContainer()
      try single.encodeNil()
      return
    }
    var container = encoder.container(keyedBy: Key.self)
    switch value {
    case .null: break
    case .integer(let v): try container.encode(v, forKey: Key("integer"))
    case .real(let v): try container.encode(v.description, forKey: Key("real"))
    case .bool(let b): try container.encode(b, forKey: Key("bool"))
    case .array(let values):
      try container.encode(values.map(JournalValue.init), forKey: Key("array"))
    case .blob:
      try container.encode(String(value.literalText.dropFirst(2)), forKey: Key("blob"))
    default:
      try container.encode(value.literalText, forKey: Key(Self.name(of: value)))
    }
  }

  init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), single.decodeNil() {
      value = .null
      return
    }
    let container = try decoder.container(keyedBy: Key.self)
    guard let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty value"))
    }
    func text() throws -> String { try container.decode(String.self, forKey: key) }
    let corrupt = DecodingError.dataCorrupted(
      .init(codingPath: decoder.codingPath, debugDescription: "bad \(key.stringValue) value"))
    switch key.stringValue {
    case "integer": value = .integer(try container.decode(Int64.self, forKey: key))
    case "real": guard let v = Double(try text()) else { throw corrupt }; value = .real(v)
    case "bool": value = .bool(try container.decode(Bool.self, forKey: key))
    case "array": value = .array(try container.decode([JournalValue].self, forKey: key).map(\.value))
    case "decimal": value = .decimal(try text())
    case "text": value = .text(try text())
    case "json": value = .json(try text())
    case "blob":
      guard let bytes = Self.bytes(hex: try text()) else { throw corrupt }
      value = .blob(bytes)
    case "date": guard let d = SQLDate(iso: try text()) else { throw corrupt }; value = .date(d)
    case "time": guard let t = SQLTime(iso: try text()) else { throw corrupt }; value = .time(t)
    case "timestamp":
      guard let t = SQLTimestamp(iso: try text()) else { throw corrupt }; value = .timestamp(t)
    case "uuid": guard let u = UUID(uuidString: try text()) else { throw corrupt }; value = .uuid(u)
    default: throw corrupt
    }
  }

  private static func name(of value: DatabaseValue) -> String {
    switch value {
    case .decimal: return "decimal"
    case .json: return "json"
    case .date: return "date"
    case .time: return "time"
    case .timestamp: return "timestamp"
    case .uuid: return "uuid"
    default: return "text"
    }
  }

  private static func bytes(hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
      index += 2
    }
    return bytes
  }
}

/// Attribute name → value, encoded with `JournalValue`, keys sorted.
struct JournalValues: Codable, Hashable {
  var values: [String: DatabaseValue]

  init(_ values: [String: DatabaseValue]) {
    self.values = values
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(values.mapValues(JournalValue.init))
  }

  init(from decoder: any Decoder) throws {
    values = try decoder.singleValueContainer().decode([String: JournalValue].self).mapValues(\.value)
  }
}
