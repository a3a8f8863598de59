extension DatabaseValue {
  /// Values are equal when they hold the same thing, as each payload compares, except that
  /// NaN equals NaN: a row holding NaN is the same row each time it is read (no conflict on
  /// save, no change mark when a pane follows the database).
  public static func == (a: DatabaseValue, b: DatabaseValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.integer(let x), .integer(let y)): return x == y
    case (.real(let x), .real(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.decimal(let x), .decimal(let y)), (.text(let x), .text(let y)), (.json(let x), .json(let y)): return x == y
    case (.bool(let x), .bool(let y)): return x == y
    case (.blob(let x), .blob(let y)): return x == y
    case (.date(let x), .date(let y)): return x == y
    case (.time(let x), .time(let y)): return x == y
    case (.timestamp(let x), .timestamp(let y)): return x == y
    case (.uuid(let x), .uuid(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    default: return false
    }
  }

  /// Consistent with `==`: every NaN hashes alike.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .integer(let v): hasher.combine(1); hasher.combine(v)
    case .real(let v): hasher.combine(2); hasher.combine(v.isNaN ? Double.nan : v)
    case .decimal(let v): hasher.combine(3); hasher.combine(v)
    case .text(let v): hasher.combine(4); hasher.combine(v)
    case .bool(let v): hasher.combine(5); hasher.combine(v)
    case .blob(let v): hasher.combine(6); hasher.combine(v)
    case .date(let v): hasher.combine(7); hasher.combine(v)
    case .time(let v): hasher.combine(8); hasher.combine(v)
    case .timestamp(let v): hasher.combine(9); hasher.combine(v)
    case .uuid(let v): hasher.combine(10); hasher.combine(v)
    case .json(let v): hasher.combine(11); hasher.combine(v)
    case .array(let v): hasher.combine(12); hasher.combine(v)
    }
  }
}
