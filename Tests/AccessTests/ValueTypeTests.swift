import Access
import Testing

@Suite struct ValueTypeTests {
  @Test(arguments: [
    ("INTEGER", ValueType.integer(bits: 64)), ("INT", .integer(bits: 32)),
    ("SMALLINT", .integer(bits: 16)), ("BIGINT", .integer(bits: 64)), ("TINYINT", .integer(bits: 8)),
    ("POINT", .integer(bits: 32)), ("VARCHAR(45)", .text(maxLength: 45, isFixedWidth: false)),
    ("CHARACTER(20)", .text(maxLength: 20, isFixedWidth: false)),
    ("BLOB SUB_TYPE TEXT", .text(maxLength: nil, isFixedWidth: false)),
    ("CLOB", .text(maxLength: nil, isFixedWidth: false)), ("BLOB", .binary),
    ("", .text(maxLength: nil, isFixedWidth: false)), ("DOUBLE PRECISION", .double),
    ("FLOAT", .double), ("REAL", .double), ("DECIMAL(4,2)", .decimal(precision: 4, scale: 2)),
    ("NUMERIC", .decimal(precision: nil, scale: nil)), ("BOOLEAN", .boolean), ("DATE", .date),
    ("DATETIME", .timestamp(withTimeZone: false)), ("TIMESTAMP", .timestamp(withTimeZone: false)),
    ("TIMESTAMP WITH TIME ZONE", .timestamp(withTimeZone: true)), ("TIME", .time),
    ("UUID", .uuid), ("JSON", .json), ("YEAR", .decimal(precision: nil, scale: nil)),
  ])
  func sqliteAffinity(declared: String, type: ValueType) {
    #expect(ValueType(sqliteDeclaredType: declared) == type)
  }

  @Test func textDecodesIntoTheColumnType() {
    #expect(ValueType.decimal(precision: 4, scale: 2).decode(text: "004.50") == .decimal("4.50"))
    #expect(ValueType.decimal(precision: nil, scale: nil).decode(text: "-0") == .decimal("0"))
    #expect(ValueType.integer(bits: 32).decode(text: "12a") == .text("12a"), "mixed storage stays text")
    #expect(ValueType.boolean.decode(text: "t") == .bool(true))
    #expect(ValueType.text(maxLength: 5, isFixedWidth: true).decode(text: "ab   ") == .text("ab"))
    #expect(ValueType.binary.decode(text: "\\x00ff") == .blob([0, 255]))
    #expect(ValueType.date.decode(text: "2005-02-29") == .text("2005-02-29"))
    #expect(
      ValueType.array(of: .integer(bits: 32)).decode(text: "{1,NULL,3}")
        == .array([.integer(1), .null, .integer(3)]))
    #expect(
      ValueType.array(of: .text(maxLength: nil, isFixedWidth: false)).decode(text: #"{"a,b","c\"d",e}"#)
        == .array([.text("a,b"), .text("c\"d"), .text("e")]))
  }

  @Test func arrayLiteralsRoundTrip() {
    let values: [DatabaseValue] = [.text("Deleted Scenes"), .null, .text(#"a"b\c"#), .text("")]
    let text = PostgresArrayLiteral.format(values)
    #expect(text == #"{"Deleted Scenes",NULL,"a\"b\\c",""}"#)
    #expect(PostgresArrayLiteral.parse(text, element: .text(maxLength: nil, isFixedWidth: false)) == values)
    // Issue 22 item 10: quoted only where PostgreSQL quotes, so numbers read as numbers.
    #expect(PostgresArrayLiteral.format([.integer(1), .integer(2), .integer(3)]) == "{1,2,3}")
    #expect(PostgresArrayLiteral.format([.null, .integer(4)]) == "{NULL,4}")
    #expect(PostgresArrayLiteral.format([.text("null"), .text("a}"), .text("plain")]) == #"{"null","a}",plain}"#)
  }

  @Test func arrayLiteralParserReadsEveryFormPostgreSQLWrites() {
    let text = ValueType.text(maxLength: nil, isFixedWidth: false)
    #expect(
      PostgresArrayLiteral.parse(#"{"a,b","c\"d",NULL,"","NULL"}"#, element: text)
        == [.text("a,b"), .text("c\"d"), .null, .text(""), .text("NULL")])
    #expect(
      PostgresArrayLiteral.parse(#"{"{x}","\\",日本,"🎉 y"}"#, element: text)
        == [.text("{x}"), .text("\\"), .text("日本"), .text("🎉 y")])
    #expect(
      PostgresArrayLiteral.parse("{{1,2},{3,NULL}}", element: .integer(bits: 32))
        == [.array([.integer(1), .integer(2)]), .array([.integer(3), .null])])
    #expect(PostgresArrayLiteral.parse("{ 1 , null }", element: .integer(bits: 32)) == [.integer(1), .null])
    #expect(PostgresArrayLiteral.parse("{ }", element: .integer(bits: 32)) == [])
    #expect(PostgresArrayLiteral.parse("[0:2]={1,2,3}", element: .integer(bits: 32)) == nil, "bounds: kept as text")
    #expect(ValueType.array(of: .integer(bits: 32)).decode(text: "[0:2]={1,2,3}") == .text("[0:2]={1,2,3}"))
    #expect(PostgresArrayLiteral.parse("{1,,2}", element: .integer(bits: 32)) == nil)
    #expect(PostgresArrayLiteral.parse(#"{"open}"#, element: text) == nil)
    let nested: [DatabaseValue] = [.array([.text("a,b"), .null]), .array([.text("NULL"), .text("")])]
    #expect(PostgresArrayLiteral.parse(PostgresArrayLiteral.format(nested), element: text) == nested)
  }
}

/// Doubles that are not finite read as PostgreSQL writes them, wherever they are shown as
/// text (the console, exports, the lists): `Infinity`, `-Infinity`, `NaN`, never `inf`.
@Suite struct NonFiniteDoubleTextTests {
  @Test func infinityAndNaNAreWrittenAsPostgreSQLWritesThem() {
    for (value, text) in [(Double.infinity, "Infinity"), (-Double.infinity, "-Infinity"), (Double.nan, "NaN")] {
      #expect(DatabaseValue.real(value).literalText == text)
      #expect(DatabaseValue.real(value).description == text)
    }
    #expect(DatabaseValue.real(0.1).description == "0.1")
  }
}

/// NaN is the same value each time it is read: equal and hashed alike, so a row holding it
/// is neither a conflict on save nor marked as changed by following.
@Suite struct NaNEqualityTests {
  @Test func nanEqualsNaN() {
    #expect(DatabaseValue.real(.nan) == .real(Double("NaN") ?? 0))
    #expect(Set([DatabaseValue.real(.nan), .real(-Double.nan)]).count == 1)
    #expect(DatabaseValue.real(.nan) != .real(0))
    #expect(
      DatabaseValue.real(0) == .real(-0.0) && DatabaseValue.real(0).hashValue == DatabaseValue.real(-0.0).hashValue)
    #expect(DatabaseValue.text("a") != .json("a") && DatabaseValue.decimal("1") != .text("1"))
    let row = Row(columns: ["d"], values: [.real(.nan)])
    #expect(row == Row(columns: ["d"], values: [.real(.nan)]))
  }
}
