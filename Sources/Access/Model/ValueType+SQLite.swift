extension ValueType {
  /// The value type of a SQLite column, from its declared type.
  ///
  /// Follows SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1) in their
  /// order, then refines them with the conventional names SQLite accepts but does not
  /// enforce: `BOOLEAN`, `DATE`, `TIME`, `TIMESTAMP`/`DATETIME`, `DECIMAL(p,s)`, `UUID`,
  /// `JSON`. So `BLOB SUB_TYPE TEXT` is text (rule 2 wins over rule 3) and `POINT` is an
  /// integer, exactly as SQLite stores them.
  public init(sqliteDeclaredType declared: String) {
    let upper = declared.uppercased()
    let (base, arguments) = splitTypeArguments(upper)
    let bytes = Array(upper.utf8)
    let has = { (part: StaticString) in contains(bytes, part) }
    if has("INT") {
      if base == "INTEGER" || has("BIG") || has("INT8") {
        self = .integer(bits: 64)
      } else if has("SMALL") || has("INT2") {
        self = .integer(bits: 16)
      } else if has("TINY") {
        self = .integer(bits: 8)
      } else {
        self = .integer(bits: 32)
      }
    } else if has("CHAR") || has("CLOB") || has("TEXT") {
      self = .text(maxLength: arguments.first, isFixedWidth: false)
    } else if has("BLOB") {
      self = .binary
    } else if upper.isEmpty {
      self = .text(maxLength: nil, isFixedWidth: false)
    } else if has("REAL") || has("FLOA") || has("DOUB") {
      self = .double
    } else if base.hasPrefix("BOOL") {
      self = .boolean
    } else if base == "DATE" {
      self = .date
    } else if base == "DATETIME" || base.hasPrefix("TIMESTAMP") {
      self = .timestamp(withTimeZone: has("WITH TIME ZONE") || base == "TIMESTAMPTZ")
    } else if base.hasPrefix("TIME") {
      self = .time
    } else if base == "UUID" || base == "GUID" {
      self = .uuid
    } else if base.hasPrefix("JSON") {
      self = .json
    } else {
      self = .decimal(
        precision: arguments.first, scale: arguments.count > 1 ? arguments[1] : nil)
    }
  }
}

/// Whether ASCII `part` occurs in `bytes`. Foundation's `contains` bridges to NSString and
/// the standard library's `firstRange(of:)` is generic; this runs for every column.
private func contains(_ bytes: [UInt8], _ part: StaticString) -> Bool {
  let count = part.utf8CodeUnitCount
  guard count <= bytes.count else { return false }
  return part.withUTF8Buffer { needle in
    (0...(bytes.count - count)).contains { start in
      (0..<count).allSatisfy { bytes[start + $0] == needle[$0] }
    }
  }
}

/// `DECIMAL(4,2)` → (`DECIMAL`, [4, 2]); `VARCHAR (45)` → (`VARCHAR`, [45]). Trims with
/// the standard library rather than Foundation's character sets: it runs for every column
/// of the catalog.
func splitTypeArguments(_ type: String) -> (base: String, arguments: [Int]) {
  guard let open = type.firstIndex(of: "(") else {
    return (String(trimmed(type[...])), [])
  }
  let base = String(trimmed(type[..<open]))
  let inside = type[type.index(after: open)...].prefix { $0 != ")" }
  let arguments = inside.split(separator: ",").compactMap { Int(trimmed($0)) }
  return (base, arguments)
}

/// `text` without leading and trailing spaces and tabs (Unicode spaces included).
private func trimmed(_ text: Substring) -> Substring {
  let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || ($0.isWhitespace && !$0.isNewline) }
  let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
  let end = text.lastIndex { !isSpace($0) }.map { text.index(after: $0) } ?? start
  return text[start..<max(start, end)]
}
