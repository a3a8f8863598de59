import Access
import CSQLite3
import Foundation

extension SQLiteChannel {
  /// The error for result code `code`, typed by what the user can do about it.
  func error(code: Int32, sql: String?) -> DatabaseError {
    let message = currentMessage()
    let primary = code & 0xff
    let codeText = String(code)
    if primary != SQLITE_INTERRUPT, primary != SQLITE_CONSTRAINT, let moved = movedFileMessage() {
      return DatabaseError(.connectionLost, moved, code: codeText, sql: sql)
    }
    if primary == SQLITE_BUSY, sqliteCancellerWasCancelled {
      return DatabaseError(.cancelled, "cancelled while waiting for another client's lock", code: codeText, sql: sql)
    }
    switch primary {
    case SQLITE_INTERRUPT:
      return DatabaseError(.cancelled, "query cancelled", code: codeText, sql: sql)
    case SQLITE_CONSTRAINT:
      let violation = Self.violation(extendedCode: code, message: message)
      return DatabaseError(.constraint(violation), message, code: codeText, sql: sql)
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
      return DatabaseError(.permission, message, code: codeText, sql: sql)
    case SQLITE_NOTADB, SQLITE_CORRUPT:
      return DatabaseError(
        .connection, "\(path) is not a valid SQLite database: \(message)",
        code: codeText, sql: sql)
    case SQLITE_IOERR, SQLITE_CANTOPEN:
      return DatabaseError(.connectionLost, message, code: codeText, sql: sql)
    default:
      return DatabaseError(.statement, message, code: codeText, sql: sql)
    }
  }

  /// Why the file is no longer the one opened: deleted, or replaced by another (renamed
  /// over it); SQLite itself only says "attempt to write a readonly database".
  func movedFileMessage() -> String? {
    guard let opened = openedFile else { return nil }
    guard let current = FileIdentity(path: path) else {
      return "the database file \(path) was deleted while d2t had it open; nothing more can be saved to it"
    }
    guard current == opened else {
      return "the database file \(path) was replaced by another file while d2t had it open; "
        + "open it again to work on the new one"
    }
    return nil
  }

  private func currentMessage() -> String {
    guard let db = rawHandle else { return "the SQLite database is closed" }
    return String(cString: sqlite3_errmsg(db))
  }

  /// `NOT NULL constraint failed: film.title` → not null, table film, column title.
  static func violation(extendedCode: Int32, message: String) -> ConstraintViolation {
    let kind: ConstraintViolation.Kind
    switch extendedCode {
    case CSQLITE_CONSTRAINT_NOTNULL: kind = .notNull
    case CSQLITE_CONSTRAINT_FOREIGNKEY: kind = .foreignKey
    case CSQLITE_CONSTRAINT_UNIQUE, CSQLITE_CONSTRAINT_PRIMARYKEY: kind = .unique
    case CSQLITE_CONSTRAINT_CHECK: kind = .check
    default: kind = .other
    }
    var violation = ConstraintViolation(kind: kind)
    guard let colon = message.range(of: "failed: ") else { return violation }
    let detail = message[colon.upperBound...]
    if kind == .check {
      violation.constraint = String(detail)
      return violation
    }
    let first = detail.split(separator: ",").first.map(String.init) ?? String(detail)
    let parts = first.trimmingCharacters(in: .whitespaces).split(separator: ".", maxSplits: 1)
    if parts.count == 2 {
      violation.table = String(parts[0])
      violation.column = String(parts[1])
    }
    return violation
  }
}

/// A file's device and inode: the same path names another file once it is replaced.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  /// Nil when nothing is at `path`.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
