import Access

/// A record's fields parsed into the values of the attributes written (`ImportMapping`) and
/// handed to a `RowSink` as they are: integers, booleans and timestamps read from the bytes,
/// text and canonical decimals passed on as bytes, the rest through the editor's
/// `ValueParser` (with `\x` hex for binary, `{…}` for arrays, as `d2t export` writes them).
struct RowParser {
  let mapping: ImportMapping
  /// The number of fields each record must have (a CSV's header), nil for JSON Lines.
  let fieldCount: Int?
  let problemsListed: Int

  /// Fills `sink` with the record's values; false, with the problems noted, when a field is
  /// not a value of its column (the sink then has part of a row, which the caller drops).
  func parse<Sink: RowSink>(_ record: RawRecord, into sink: inout Sink, result: inout ImportResult) -> Bool {
    if let fieldCount, record.count != fieldCount {
      result.add(
        ImportProblem(
          line: record.line, column: nil,
          message: "\(record.count) field\(record.count == 1 ? "" : "s"), the header has \(fieldCount)"),
        listing: problemsListed)
      return false
    }
    var good = true
    for position in mapping.writtenIndices.indices {
      let index = mapping.writtenIndices[position]
      let type = mapping.writtenTypes[position]
      let present = index < record.count && !record.isNull(index)
      if present, !mapping.writtenIsSet[position] {
        let written = record.withField(index) { bytes -> Bool in
          if let value = ValueParser.fast(bytes: bytes, as: type) {
            if good { sink.set(position, value) }
            return true
          }
          guard ValueParser.isFastText(bytes: bytes, as: type) else { return false }
          if good {
            if case .decimal = type {
              sink.setText(position, bytes, decimal: true)
            } else {
              sink.setText(position, bytes, decimal: false)
            }
          }
          return true
        }
        if written { continue }
      }
      let value = Importer.value(
        present ? record.string(index) : nil, type: type, isNullable: mapping.writtenNullable[position],
        setMembers: mapping.writtenIsSet[position] ? mapping.written[position] : nil)
      switch value {
      case .success(let value):
        if good { sink.set(position, value) }
      case .failure(let failure):
        good = false
        result.add(
          ImportProblem(
            line: record.line, column: index + 1, message: "\(mapping.columns[index].name): \(failure.reason)"),
          listing: problemsListed)
      }
    }
    return good
  }
}
