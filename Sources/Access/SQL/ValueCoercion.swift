import Foundation
import Qualifiers

/// Turns a qualifier literal into the database value its attribute holds, or says why not:
/// `'2005-05-24'` for a date column is a date, `'abc'` for an integer column is an error.
/// A column that keeps each value's storage class (SQLite, no declared type) compares a
/// number as a number and text as text, as SQLite does.
enum ValueCoercion {
  static func value(
    _ literal: QualifierValue, for attribute: Attribute, named name: String
  )
    throws(FetchError) -> DatabaseValue
  {
    func fail(_ expected: String) -> FetchError {
      FetchError("'\(name)': expected \(expected), found \(literal.literalDescription)")
    }
    switch literal {
    case .null:
      return .null
    case .list:
      throw fail("a single value")
    case .binding(let variable):
      throw FetchError("'\(name)': no value for $\(variable)")
    case .bool(let b):
      switch attribute.valueType {
      case .boolean: return .bool(b)
      case .integer: return .integer(b ? 1 : 0)
      case .text: return .text(b ? "true" : "false")
      default: throw fail(expectation(attribute.valueType))
      }
    case .integer(let v) where attribute.keepsStorageClass:
      return .integer(v)
    case .decimal(let text) where attribute.keepsStorageClass:
      return Double(text).map(DatabaseValue.real) ?? .text(text)
    case .integer(let v):
      switch attribute.valueType {
      case .integer: return .integer(v)
      case .decimal: return .decimal(String(v))
      case .double: return .real(Double(v))
      case .boolean where v == 0 || v == 1: return .bool(v == 1)
      case .text, .other: return .text(String(v))
      default: throw fail(expectation(attribute.valueType))
      }
    case .decimal(let text):
      switch attribute.valueType {
      case .decimal: return .decimal(normalizedDecimal(text) ?? text)
      case .double: return Double(text).map(DatabaseValue.real) ?? .decimal(text)
      case .integer: throw fail("an integer")
      case .text, .other: return .text(text)
      default: throw fail(expectation(attribute.valueType))
      }
    case .string(let text):
      switch attribute.valueType {
      case .text, .other, .json:
        return .text(text)
      case .enumeration(let enumName, let values):
        guard values.isEmpty || values.contains(text) else {
          throw fail("one of \(values.joined(separator: ", ")) (\(enumName))")
        }
        return .text(text)
      case .binary:
        throw fail("a binary value, which cannot be compared")
      default:
        // PostgreSQL's dates without end, compared as the database reads them.
        if let endless = ValueParser.infiniteDate(text), attribute.valueType.isDateOrTimestamp {
          return .text(endless)
        }
        let decoded = attribute.valueType.decode(text: text)
        if case .text = decoded { throw fail(expectation(attribute.valueType)) }
        return decoded
      }
    }
  }

  private static func expectation(_ type: ValueType) -> String {
    switch type {
    case .integer: return "an integer"
    case .decimal, .double: return "a number"
    case .boolean: return "true or false"
    case .date: return "a date like '2005-05-24'"
    case .time: return "a time like '22:53:30'"
    case .timestamp: return "a timestamp like '2005-05-24 22:53:30'"
    case .uuid: return "a UUID"
    default: return "a value of type \(type.name)"
    }
  }
}

extension QualifierValue {
  /// The literal as written in a qualifier, for messages.
  var literalDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .integer(let v): return String(v)
    case .decimal(let text): return text
    case .string(let text): return "'" + text + "'"
    case .list(let items): return "(" + items.map(\.literalDescription).joined(separator: ", ") + ")"
    case .binding(let name): return "$" + name
    }
  }
}
