import Access
import CLibPQ

extension PostgreSQLChannel: CopyOutChannel {
  func copyOut(_ sql: String, row: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
    try log.measure(SQLStatement(sql), rowCount: { $0 }) {
      let connection = try open()
      let started = PQexec(connection, sql)
      guard PQresultStatus(started) == PGRES_COPY_OUT else {
        defer { PQclear(started) }
        throw error(result: started, sql: sql)
      }
      PQclear(started)
      var rows = 0
      var failure: (any Error)?
      while true {
        var buffer: UnsafeMutablePointer<CChar>?
        let count = PQgetCopyData(connection, &buffer, 0)
        guard count > 0, let buffer else { break }
        defer { PQfreemem(buffer) }
        rows += 1
        guard failure == nil else { continue }
        do {
          try row(UnsafeRawBufferPointer(start: buffer, count: Int(count)))
        } catch {
          failure = error
          pgCanceller.interrupt()
        }
      }
      var serverError: DatabaseError?
      while let result = PQgetResult(connection) {
        if PQresultStatus(result) != PGRES_COMMAND_OK, serverError == nil {
          serverError = error(result: result, sql: sql)
        }
        PQclear(result)
      }
      if let failure { throw failure }
      if let serverError { throw serverError }
      return rows
    }
  }
}

extension PostgreSQLChannel: CopyInChannel {
  func copyIn(_ sql: String, next: () throws -> [UInt8]?) throws -> Int {
    try log.measure(SQLStatement(sql), rowCount: { $0 }) {
      let connection = try open()
      let started = PQexec(connection, sql)
      guard PQresultStatus(started) == PGRES_COPY_IN else {
        defer { PQclear(started) }
        throw error(result: started, sql: sql)
      }
      PQclear(started)
      var failure: (any Error)?
      do {
        while let bytes = try next() {
          let sent = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { PQputCopyData(connection, $0.baseAddress, Int32($0.count)) }
          }
          // The server went away or refused: its error comes with the result below.
          if sent != 1 { break }
        }
      } catch {
        failure = error
      }
      PQputCopyEnd(connection, failure == nil ? nil : "cancelled by d2t")
      var serverError: DatabaseError?
      var rows = 0
      while let result = PQgetResult(connection) {
        if PQresultStatus(result) == PGRES_COMMAND_OK {
          rows = Int(String(cString: PQcmdTuples(result))) ?? 0
        } else if serverError == nil {
          serverError = error(result: result, sql: sql)
        }
        PQclear(result)
      }
      if let failure { throw failure }
      if let serverError { throw serverError }
      return rows
    }
  }
}
