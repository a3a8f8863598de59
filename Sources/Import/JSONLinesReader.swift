import Foundation

/// Reads JSON Lines: one object a line, its keys the columns (those of the first object; a
/// key missing later is NULL, a key the first object did not have is an error). Strings,
/// numbers and booleans are values' text for the value parser, `null` is NULL, an object or
/// array the JSON text itself (for `json` columns). Blank lines are skipped.
final class JSONLinesReader: RecordReader {
  private let lines: LineReader
  private(set) var keys: [String] = []
  var bytesRead: Int { lines.bytesRead }

  /// `isCancelled` is asked before each read of the file.
  init(path: String, isCancelled: @escaping () -> Bool = { false }) throws {
    lines = try LineReader(path: path, isCancelled: isCancelled)
  }

  func next() throws -> ImportRecord? {
    while let (number, bytes) = try lines.next() {
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      guard String(validating: bytes, as: UTF8.self) != nil else {
        throw ImportProblem(line: number, column: nil, message: "invalid UTF-8 on this line")
      }
      let object: Any
      do {
        object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      } catch {
        throw ImportProblem(line: number, column: nil, message: "not valid JSON")
      }
      guard let fields = object as? [String: Any] else {
        throw ImportProblem(line: number, column: nil, message: "not a JSON object")
      }
      if keys.isEmpty { keys = fields.keys.sorted() }
      if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
        throw ImportProblem(line: number, column: nil, message: "'\(unknown)' is not a key of the first line's object")
      }
      return ImportRecord(line: number, values: try keys.map { try Self.text(fields[$0], line: number) })
    }
    return nil
  }

  static func text(_ value: Any?, line: Int) throws -> String? {
    switch value {
    case nil, is NSNull: return nil
    case let text as String: return text
    case let number as NSNumber:
      // A JSON boolean is an NSNumber of its own class (`__NSCFBoolean`), type `c`.
      if String(describing: type(of: number)).contains("Boolean") { return number.boolValue ? "true" : "false" }
      return number.stringValue
    case let value?:
      let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      return String(decoding: data, as: UTF8.self)
    }
  }
}

/// A file's lines as bytes, a 1 MB read at a time (`\n` ends a line, a `\r` before it is
/// dropped; a byte-order mark at the start is skipped).
final class LineReader {
  private let file: ImportFile
  private var buffer: [UInt8] = []
  private var position = 0
  private var atEnd = false
  private var line = 0
  var bytesRead: Int { file.bytesRead }

  init(path: String, isCancelled: @escaping () -> Bool) throws {
    file = try ImportFile(path: path, isCancelled: isCancelled)
  }

  func next() throws -> (Int, [UInt8])? {
    var bytes: [UInt8] = []
    while true {
      if position == buffer.count {
        if atEnd { break }
        guard bytes.count <= ImportFile.recordLimit else { throw ImportFile.tooLong(line: line + 1) }
        let first = bytesRead == 0
        let data = try file.read()
        if data.isEmpty {
          atEnd = true
          break
        }
        buffer = data
        position = first && buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        continue
      }
      if let end = buffer[position...].firstIndex(of: 0x0A) {
        bytes += buffer[position..<end]
        position = end + 1
        line += 1
        if bytes.last == 0x0D { bytes.removeLast() }
        return (line, bytes)
      }
      bytes += buffer[position...]
      position = buffer.count
    }
    guard !bytes.isEmpty else { return nil }
    line += 1
    return (line, bytes)
  }
}
