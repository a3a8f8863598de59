/// One value of a cursor's current row read in place, for an export that writes millions
/// of values and keeps none: the common cases without an allocation, anything else as the
/// `DatabaseValue` the cursor's `next` would have given.
///
/// Each case means exactly that `DatabaseValue` — `.text(bytes)` is `.text(String(bytes))`,
/// `.timestamp(t)` is `.timestamp(t)` — so a writer may treat both forms alike. The bytes
/// belong to the cursor and are valid only until it steps again.
public enum BorrowedValue {
  case null
  case integer(Int64)
  case bool(Bool)
  /// Plain text as UTF-8 (already valid: ASCII, or checked).
  case text(UnsafeBufferPointer<UInt8>)
  case timestamp(SQLTimestamp)
  /// Anything else, decoded as usual.
  case value(DatabaseValue)

  /// The value as the cursor's `next` gives it.
  public var databaseValue: DatabaseValue {
    switch self {
    case .null: return .null
    case .integer(let v): return .integer(v)
    case .bool(let b): return .bool(b)
    case .text(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
    case .timestamp(let t): return .timestamp(t)
    case .value(let v): return v
    }
  }
}

extension Optional where Wrapped == ValueType {
  /// The borrowed form of `text` stored in a column of this type (nil: untyped), when it has
  /// one that means what `decode(text:)` (or plain `.text`, untyped) would give; nil when the
  /// caller must decode it in full. Only ASCII text is borrowed as it stands, so no
  /// invalid UTF-8 escapes the repair `String(decoding:)` makes.
  public func borrow(text bytes: UnsafeBufferPointer<UInt8>) -> BorrowedValue? {
    switch self {
    case .none, .text(_, isFixedWidth: false)?, .enumeration?, .other?:
      return Self.isASCII(bytes) ? .text(bytes) : nil
    case .timestamp?:
      // SQLTimestamp(iso:) takes this same fast path first, so what it accepts means the same.
      return FastValueParsing.timestamp(bytes).map(BorrowedValue.timestamp)
    default:
      return nil
    }
  }

  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }
}
