import Access

/// SQLite: one prepared `INSERT`, each field bound as it is parsed, stepped row after row; a
/// refused row is refused alone (the statement's own rollback), so every one is named and
/// the import goes on to find the others.
final class SQLiteImportWriter: ImportWriter {
  let target: ImportTarget

  init(target: ImportTarget) { self.target = target }

  func write(from source: ImportSource) throws -> (written: Int, source: ImportSource) {
    guard let inserting = target.channel as? any InsertingChannel else {
      throw DatabaseError(.statement, "this database cannot insert rows one by one")
    }
    let before = try changes()
    let inserter = try inserting.rowInserter(target.insert(rows: 1))
    defer { inserter.finish() }
    var sink = InserterSink(inserter: inserter)
    while try source.next(into: &sink) {
      do {
        try inserter.insert()
      } catch let error as DatabaseError where error.isRefusal && !inserter.endedTransaction {
        source.refused(error.message)
      }
    }
    return (try changes() - before, source)
  }

  private func changes() throws -> Int {
    Int(try target.channel.query(SQLStatement("SELECT total_changes()")).first?[0].int64Value ?? 0)
  }
}
