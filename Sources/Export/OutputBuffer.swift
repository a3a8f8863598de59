import Foundation

/// Bytes collected in memory and written to a file descriptor in 256 KiB chunks, so an
/// export never holds more than one chunk.
public final class OutputBuffer {
  private var bytes: [UInt8] = []
  private let handle: FileHandle?
  private let chunk = 256 * 1024
  /// Everything written, when collecting in memory (tests).
  public private(set) var collected: [UInt8] = []

  /// Writes to `handle`; nil collects the bytes in `collected`.
  public init(handle: FileHandle?) {
    self.handle = handle
    bytes.reserveCapacity(chunk + 4096)
  }

  @inline(__always)
  func append(_ byte: UInt8) { bytes.append(byte) }

  @inline(__always)
  func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  func append(_ other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

  @inline(__always)
  func append(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

  /// The digits of `value`, as `String(value)` writes them, without building the string.
  @inline(__always)
  func append(digitsOf value: Int64) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: 48 &+ magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Writes the chunk out once it is full.
  func flushIfFull() throws {
    if bytes.count >= chunk { try flush() }
  }

  public func flush() throws {
    guard !bytes.isEmpty else { return }
    if let handle {
      try handle.write(contentsOf: bytes)
    } else {
      collected.append(contentsOf: bytes)
    }
    bytes.removeAll(keepingCapacity: true)
  }
}
