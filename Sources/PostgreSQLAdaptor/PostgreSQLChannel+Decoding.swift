import Access
import CLibPQ

extension PostgreSQLChannel {
  static func columnNames(_ result: OpaquePointer) -> [String] {
    (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) }
  }

  /// The hint for each column when given, else the type libpq reports.
  static func columnTypes(_ result: OpaquePointer, hints: [ValueType?]?) -> [ValueType?] {
    (0..<PQnfields(result)).map { column in
      let index = Int(column)
      if let hints, index < hints.count, let hint = hints[index] { return hint }
      return PostgreSQLTypes.valueType(oid: PQftype(result, column), typmod: PQfmod(result, column))
    }
  }

  /// The values of a row (the first unless told) of a result in text format.
  static func decodeRow(_ result: OpaquePointer, types: [ValueType?], row: Int32 = 0) -> [DatabaseValue] {
    (0..<PQnfields(result)).map { column in
      if PQgetisnull(result, row, column) == 1 { return .null }
      let length = Int(PQgetlength(result, row, column))
      guard let pointer = PQgetvalue(result, row, column) else { return .text("") }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
      // Bytes that are not UTF-8 (a SQL_ASCII database holds anything) stay bytes: shown,
      // never rewritten with U+FFFD by a save.
      guard let text = String(validating: bytes, as: UTF8.self) else { return .blob(Array(bytes)) }
      let index = Int(column)
      guard index < types.count, let type = types[index] else { return .text(text) }
      return type.decode(text: text)
    }
  }
}
