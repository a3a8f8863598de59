import Access
@testable import DirectToTerminal
import Export
import Foundation
import Testing

/// The console lane's resources: an export cancelled half way leaves no file behind, and
/// runs beside a console statement that holds its cursor open. (In `ConsoleTests`, whose
/// tests run one at a time: they share the PostgreSQL database.)
extension ConsoleTests {
  @Test(arguments: databases())
  func aCancelledExportRemovesItsPartialFile(_ database: ConsoleDatabase) throws {
    let adaptor = try database.adaptor()
    let model = try Database(adaptor: adaptor).model
    let connection = ExportRunner { try Database(adaptor: adaptor, model: model) }
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("big.csv").path
    let job = ExportJob(request: ExportRequest(entity: "big", format: .jsonl), path: path)
    var seen: [Int] = []
    let result = connection.export(job) { progress in
      seen.append(progress.rowsDone)
      if progress.rowsDone >= 5000 { connection.cancel() }
    }
    guard case .failure(let error) = result else {
      Issue.record("the export was not cancelled: \(result)")
      return
    }
    #expect(error.isCancelled, "\(error)")
    #expect(seen.contains { $0 >= 5000 }, "progress came before the cancel: \(seen.prefix(5))")
    #expect(!FileManager.default.fileExists(atPath: job.partialPath), "the partial file is removed")
    #expect(!FileManager.default.fileExists(atPath: path), "no file is left under the final name")
  }

  @Test(arguments: databases())
  func anExportRunsWhileTheConsoleHoldsACursor(_ database: ConsoleDatabase) throws {
    let adaptor = try database.adaptor()
    let model = try Database(adaptor: adaptor).model
    let connection = ConsoleSession { try Database(adaptor: adaptor, model: model) }
    let exports = ExportRunner { try Database(adaptor: adaptor, model: model) }
    let first = connection.perform(
      .run(sql: "select * from big order by id", mode: .readOnly, count: 10), page: PageID(1))
    let batch = try first.get()
    #expect(batch.rows.count == 10 && !batch.isDone)
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("account.csv").path
    let job = ExportJob(request: ExportRequest(entity: "account", sortOrderings: [], format: .csv), path: path)
    let outcome = try exports.export(job) { _ in }.get()
    #expect(outcome.rows == 3)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,owner,balance\n1,ann,10\n2,bob,20\n3,cy,30\n")
    let next = try connection.perform(.read(start: 10, count: 5), page: PageID(1)).get()
    #expect(next.rows.first?["id"] == .integer(11), "the console's cursor reads on")
  }
}
