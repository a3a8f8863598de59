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
      let text = PQgetvalue(result, row, column).map { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
          String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
      } ?? ""
      let index = Int(column)
      guard index < types.count, let type = types[index] else { return .text(text) }
      return type.decode(text: text)
    }
  }
}
