import Foundation

/// Bytes collected in memory and written to a file descriptor in 256 KiB chunks, so an
/// export never holds more than one chunk (plus the last row, however long).
///
/// The chunk is raw memory written through a pointer: an array's uniqueness and capacity
/// checks on each of some 70 million appends cost a tenth of a CSV export (measured), and
/// so do the run-time exclusivity checks of a class's stored properties, which these three
/// turn off (`@exclusivity(unchecked)`: one buffer is only ever used by one export, on one
/// thread). This replaces the Export target's former `-enforce-exclusivity=unchecked`
/// flag, an unsafe flag SwiftPM refuses in a package used as a dependency.
public final class OutputBuffer {
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var count = 0
  private let handle: FileHandle?
  private let chunk = 256 * 1024
  /// Everything written, when collecting in memory (tests).
  public private(set) var collected: [UInt8] = []

  /// Writes to `handle`; nil collects the bytes in `collected`.
  public init(handle: FileHandle?) {
    self.handle = handle
    capacity = chunk + 4096
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Room for `extra` more bytes: the chunk grows only for a row longer than its slack.
  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  private func grow(_ needed: Int) {
    let larger = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: storage, count: count)
    storage.deallocate()
    storage = moved
    capacity = larger
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  @inline(__always)
  func append(_ other: UnsafeBufferPointer<UInt8>) {
    guard let base = other.baseAddress, other.count > 0 else { return }
    reserve(other.count)
    (storage + count).update(from: base, count: other.count)
    count += other.count
  }

  @inline(__always)
  func append(_ raw: UnsafeRawBufferPointer) { append(raw.bindMemory(to: UInt8.self)) }

  /// The digits of `value`, as `String(value)` writes them, without building the string.
  @inline(__always)
  func append(digitsOf value: Int64) {
    var magnitude = value.magnitude
    if value < 0 { append(UInt8(ascii: "-")) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: 48 &+ magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      append(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Writes the chunk out once it is full.
  func flushIfFull() throws {
    if count >= chunk { try flush() }
  }

  public func flush() throws {
    guard count > 0 else { return }
    let bytes = UnsafeBufferPointer(start: storage, count: count)
    if let handle {
      try handle.write(contentsOf: bytes)
    } else {
      collected.append(contentsOf: bytes)
    }
    count = 0
  }
}
