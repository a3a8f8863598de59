import Access

/// The exact text of a value in CSV and JSON Lines, the same in both:
///
/// - decimals as their digits (`4.99`, never through a `Double`), integers as digits,
///   doubles in Swift's shortest round-trip form (`0.1`, `1e+20`, `nan`, `inf`);
/// - booleans `true`/`false`;
/// - dates `2005-05-24`, times `22:53:30.5`, timestamps ISO 8601 with a `T`
///   (`2005-05-24T22:53:30`, with an offset `2005-05-24T22:53:30+02:00`);
/// - binary as `\x` and lowercase hex (PostgreSQL's `bytea` form: `\x0aff`);
/// - UUIDs lowercase; JSON and arrays (`{a,b}`) as their text.
///
/// NULL has no text: each format marks it its own way.
enum ExportText {
  static func text(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return ""
    case .bool(let b): return b ? "true" : "false"
    case .timestamp(let t): return iso8601(t)
    default: return value.literalText
    }
  }

  static func iso8601(_ t: SQLTimestamp) -> String {
    var text = t.date.description + "T" + t.time.description
    if let offset = t.utcOffsetSeconds {
      let magnitude = abs(offset)
      text += (offset < 0 ? "-" : "+") + twoDigits(magnitude / 3600) + ":"
        + twoDigits(magnitude % 3600 / 60)
    }
    return text
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }
}
