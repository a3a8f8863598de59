import CNcursesw
import Glibc
import TerminalCore

/// Reads the rest of a bracketed paste straight from the terminal, 64 KiB a `read`, once
/// ncurses has nothing buffered: ncurses reads input one byte per system call, which made
/// a 100 KB paste take about 0.4 s. The bytes up to the paste's end marker go to the
/// decoder as characters (UTF-8 decoded, a character split across reads kept for the next
/// one); bytes after the marker (keys typed right after the paste) are handed back to
/// ncurses with `ungetch`, in order, so its key decoding sees them.
enum PasteReader {
  static let endMarker: [UInt8] = [27, 91, 50, 48, 49, 126]

  /// Reads until the paste ends or no byte comes for 50 ms (the main loop then goes on and
  /// the paste continues on the next wake-up).
  static func read(into decoder: inout InputDecoder) -> [InputEvent] {
    var events: [InputEvent] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var carried: [UInt8] = []
    while decoder.isInPaste {
      var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0, descriptor.revents & Int16(POLLIN) != 0 else { break }
      let count = Glibc.read(0, &buffer, buffer.count)
      guard count > 0 else { break }
      var bytes = carried + buffer[0..<count]
      carried = []
      if let end = firstRange(of: endMarker, in: bytes) {
        pushBack(Array(bytes[end.upperBound...]))
        bytes = Array(bytes[..<end.upperBound])
      } else {
        let split = completeUTF8Prefix(bytes)
        carried = Array(bytes[split...])
        bytes = Array(bytes[..<split])
      }
      let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
      events += decoder.decode(scalars.map { RawInput.character($0.value) })
    }
    pushBack(carried)
    return events
  }

  /// Where the marker starts and ends in `bytes`, if it is there.
  static func firstRange(of marker: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
    guard bytes.count >= marker.count else { return nil }
    var start = 0
    while start + marker.count <= bytes.count {
      if bytes[start] == marker[0] && Array(bytes[start..<start + marker.count]) == marker {
        return start..<start + marker.count
      }
      start += 1
    }
    return nil
  }

  /// The length of the longest prefix that does not end inside a UTF-8 sequence.
  static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
    var index = bytes.count
    var back = 0
    while index > 0 && back < 4 {
      let byte = bytes[index - 1]
      if byte & 0xC0 != 0x80 {
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return back + 1 >= length ? bytes.count : index - 1
      }
      index -= 1
      back += 1
    }
    return bytes.count
  }

  /// Gives bytes back to ncurses, first byte read first.
  static func pushBack(_ bytes: [UInt8]) {
    for byte in bytes.reversed() { _ = ungetch(Int32(byte)) }
  }
}
