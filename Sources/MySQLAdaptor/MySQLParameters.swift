import Access
import CMariaDB

/// Parameter buffers for one execution: integers, doubles and booleans bound as
/// themselves, bytes as a blob, decimals as exact text, everything else as its text.
struct MySQLParameters {
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  private let count: Int
  private let lengths: UnsafeMutablePointer<UInt>

  init(_ values: [DatabaseValue]) {
    count = values.count
    binds = .allocate(capacity: max(1, count))
    binds.initialize(repeating: MYSQL_BIND(), count: max(1, count))
    lengths = .allocate(capacity: max(1, count))
    lengths.initialize(repeating: 0, count: max(1, count))
    for (index, value) in values.enumerated() {
      switch value {
      case .null:
        binds[index].buffer_type = MYSQL_TYPE_NULL
      case .integer(let v):
        binds[index].buffer_type = MYSQL_TYPE_LONGLONG
        binds[index].buffer = Self.store(v)
      case .real(let v):
        binds[index].buffer_type = MYSQL_TYPE_DOUBLE
        binds[index].buffer = Self.store(v)
      case .bool(let b):
        binds[index].buffer_type = MYSQL_TYPE_TINY
        binds[index].buffer = Self.store(Int8(b ? 1 : 0))
      case .blob(let bytes):
        binds[index].buffer_type = MYSQL_TYPE_BLOB
        bindBytes(bytes, at: index)
      case .decimal(let text):
        binds[index].buffer_type = MYSQL_TYPE_NEWDECIMAL
        bindBytes(Array(text.utf8), at: index)
      default:
        binds[index].buffer_type = MYSQL_TYPE_STRING
        bindBytes(Array(Self.text(value).utf8), at: index)
      }
    }
  }

  /// The text MySQL reads for a value: dates and times as `2005-05-24 22:53:30.5`, the
  /// rest as d2t writes it.
  static func text(_ value: DatabaseValue) -> String {
    switch value {
    case .timestamp(let t): return t.description.replacingOccurrences(of: "T", with: " ")
    default: return value.literalText
    }
  }

  private func bindBytes(_ bytes: [UInt8], at index: Int) {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
    }
    binds[index].buffer = buffer
    binds[index].buffer_length = UInt(bytes.count)
    lengths[index] = UInt(bytes.count)
    binds[index].length = lengths.advanced(by: index)
  }

  private static func store<T>(_ value: T) -> UnsafeMutableRawPointer {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: 8)
    buffer.storeBytes(of: value, as: T.self)
    return buffer
  }

  func deallocate() {
    for index in 0..<count { binds[index].buffer?.deallocate() }
    binds.deallocate()
    lengths.deallocate()
  }
}
