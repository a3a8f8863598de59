import Access

/// A batch step's rows in a journal file: the key and values-before columns, then a row
/// each — `{"keyColumns":["id"],"columns":["rating"],"keys":[[{"integer":1}]],"before":[[…]]}`.
struct JournalRows: Codable {
  var keyColumns: [String]
  var columns: [String]
  var keys: [[JournalValue]]
  var before: [[JournalValue]]

  init(_ rows: BatchRows) {
    keyColumns = rows.keyColumns
    columns = rows.columns
    keys = (0..<rows.count).map { rows.keyValues(at: $0).map(JournalValue.init) }
    before = (0..<rows.count).map { rows.beforeValues(at: $0).map(JournalValue.init) }
  }

  func rows(after: [String: DatabaseValue]) -> BatchRows {
    BatchRows(
      keyColumns: keyColumns, columns: columns, after: after, keys: keys.map { $0.map(\.value) },
      before: before.map { $0.map(\.value) })
  }
}
