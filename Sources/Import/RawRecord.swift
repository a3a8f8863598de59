/// One record's fields as bytes in one buffer, kept and refilled record after record, so a
/// million rows make no string for a field that is not text (an integer, a timestamp).
struct RawRecord {
  var line = 0
  var bytes: [UInt8] = []
  /// Where each field ends in `bytes` (the next one starts there).
  var ends: [Int] = []
  /// Each field was quoted (`""` is an empty string; an empty unquoted field is NULL).
  var quoted: [Bool] = []

  var count: Int { ends.count }

  mutating func reset(line: Int) {
    self.line = line
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    quoted.removeAll(keepingCapacity: true)
  }

  func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

  func isNull(_ index: Int) -> Bool { range(index).isEmpty && !quoted[index] }

  /// The field's bytes, valid during `body`.
  func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let range = range(index)
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The field as text (nil: NULL); its bytes were checked as UTF-8 when read.
  func string(_ index: Int) -> String? {
    isNull(index) ? nil : withField(index) { String(decoding: $0, as: UTF8.self) }
  }

  var strings: [String?] { (0..<count).map(string) }

  /// A record read as strings (JSON Lines) in this form.
  mutating func fill(_ record: ImportRecord) {
    reset(line: record.line)
    for value in record.values {
      bytes.append(contentsOf: (value ?? "").utf8)
      ends.append(bytes.count)
      quoted.append(value != nil)
    }
  }
}
