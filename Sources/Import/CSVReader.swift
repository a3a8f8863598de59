import Foundation

/// Reads CSV (RFC 4180) a record at a time from a file, in 1 MB reads, so memory stays flat
/// for any file and a 10 MB field is just a long field. A byte-order mark is skipped; CRLF,
/// LF and CR end lines; `"` quotes a field (`""` inside it is one quote) that may span lines.
/// An empty unquoted field is NULL, `""` an empty string (as `d2t export` and PostgreSQL's
/// `COPY … CSV` write them). Invalid UTF-8, a quote left open and text after a closing
/// quote are errors naming the line and the field.
final class CSVReader: RecordReader {
  private let file: ImportFile
  private var buffer: [UInt8] = []
  private var position = 0
  private var atEnd = false
  private(set) var line = 1
  var bytesRead: Int { file.bytesRead }
  private var startedFile = false

  /// `isCancelled` is asked before each read of the file.
  init(path: String, isCancelled: @escaping () -> Bool = { false }) throws {
    file = try ImportFile(path: path, isCancelled: isCancelled)
  }

  @inline(__always)
  private func peek() throws -> UInt8? {
    if position >= buffer.count {
      guard try refill() else { return nil }
    }
    return buffer[position]
  }

  /// The next 1 MB of the file (the byte-order mark skipped); false at its end.
  private func refill() throws -> Bool {
    guard !atEnd else { return false }
    let data = try file.read()
    if data.isEmpty {
      atEnd = true
      return false
    }
    buffer = data
    position = 0
    if !startedFile {
      startedFile = true
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
      if position >= buffer.count { return try refill() }
    }
    return true
  }

  /// The next record with the line it starts on; nil at the end of the file.
  func next() throws -> ImportRecord? {
    var raw = RawRecord()
    guard try next(into: &raw) else { return nil }
    return ImportRecord(line: raw.line, values: raw.strings)
  }

  /// The next record into `record` (its buffers reused); false at the end of the file.
  func next(into record: inout RawRecord) throws -> Bool {
    guard try peek() != nil else { return false }
    let start = line
    record.reset(line: start)
    var fieldStart = 0
    var quoted = false
    var inQuotes = false
    var afterQuote = false
    var quoteLine = line
    func finish() throws {
      let ascii = record.bytes.withUnsafeBufferPointer { bytes in
        var any: UInt8 = 0
        for byte in bytes[fieldStart...] { any |= byte }
        return any < 0x80
      }
      // ASCII needs no checking; anything else must be valid UTF-8.
      if !ascii, String(validating: record.bytes[fieldStart...], as: UTF8.self) == nil {
        throw ImportProblem(line: start, column: record.count + 1, message: "invalid UTF-8 in this field")
      }
      record.ends.append(record.bytes.count)
      record.quoted.append(quoted)
      fieldStart = record.bytes.count
      quoted = false
      afterQuote = false
    }
    while true {
      if position >= buffer.count {
        guard record.bytes.count <= ImportFile.recordLimit else { throw ImportFile.tooLong(line: start) }
        guard try refill() else { break }
      }
      if inQuotes {
        // A run of the quoted field up to its next quote, counting the lines it spans.
        let end = buffer.withUnsafeBufferPointer { bytes in
          var index = position
          while index < bytes.count, bytes[index] != 0x22 {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] != 0x0A) {
              line += 1
            }
            index += 1
          }
          return index
        }
        record.bytes.append(contentsOf: buffer[position..<end])
        position = end
        guard position < buffer.count else { continue }
        position += 1
        if try peek() == 0x22 {
          position += 1
          record.bytes.append(0x22)
        } else {
          inQuotes = false
          afterQuote = true
        }
        continue
      }
      // A run of an unquoted field up to a comma, a line end or a quote.
      let end = buffer.withUnsafeBufferPointer { bytes in
        var index = position
        while index < bytes.count {
          let c = bytes[index]
          if c == 0x2C || c == 0x0A || c == 0x0D || c == 0x22 { break }
          index += 1
        }
        return index
      }
      if end > position {
        if afterQuote {
          throw ImportProblem(
            line: line, column: record.count + 1, message: "text after the closing quote of a quoted field")
        }
        record.bytes.append(contentsOf: buffer[position..<end])
        position = end
      }
      guard position < buffer.count else { continue }
      let c = buffer[position]
      position += 1
      switch c {
      case 0x2C:
        try finish()
      case 0x0A, 0x0D:
        if c == 0x0D, try peek() == 0x0A { position += 1 }
        line += 1
        try finish()
        return true
      default:
        if record.bytes.count == fieldStart && !quoted && !afterQuote {
          quoted = true
          inQuotes = true
          quoteLine = line
        } else if afterQuote {
          throw ImportProblem(
            line: line, column: record.count + 1, message: "text after the closing quote of a quoted field")
        } else {
          // A quote inside an unquoted field is kept as it is.
          record.bytes.append(c)
        }
      }
    }
    if inQuotes {
      throw ImportProblem(line: quoteLine, column: record.count + 1, message: "a quote opened here is never closed")
    }
    try finish()
    return true
  }
}
