/// One record of an import file: the line it starts on and its values (nil: NULL).
struct ImportRecord {
  var line: Int
  var values: [String?]
}

/// What reads an import file a record at a time (CSV, JSON Lines).
protocol RecordReader: AnyObject {
  func next() throws -> ImportRecord?
  /// Bytes of the file read so far (progress).
  var bytesRead: Int { get }
}
