import Access
import Foundation
import Qualifiers
import SQLiteAdaptor

/// `d2t-bench-save --batch FILE TABLE COLUMN VALUE`: every row of the table marked (`*`) and
/// one column set, as the batch page applies it (`Database.apply(BatchChange)`: the rows'
/// values before read for the undo, then one `UPDATE`); prints the time and the rows, for
/// `scripts/bench-batch` to compare with `sqlite3` running the same `UPDATE`.
enum BatchBenchmark {
  static func run(_ arguments: [String]) throws {
    guard arguments.count == 4 else {
      print("usage: d2t-bench-save --batch FILE TABLE COLUMN VALUE")
      exit(2)
    }
    let db = try Database(adaptor: SQLiteAdaptor(path: arguments[0]))
    guard let entity = db.model.entities.first(where: { $0.table == arguments[1] }),
      let attribute = entity.attributes.first(where: { $0.column == arguments[2] })
    else {
      print("no table \(arguments[1]) with a column \(arguments[2])")
      exit(2)
    }
    let batch = BatchChange(
      entityName: entity.name, qualifier: .constant(true), values: [attribute.name: .text(arguments[3])])
    let clock = ContinuousClock()
    let start = clock.now
    let rows = try db.apply(batch)
    let elapsed = (clock.now - start).components
    let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
    print(String(format: "%d rows changed in %.0f ms (undo kept for each)", rows.count, milliseconds))
  }
}
