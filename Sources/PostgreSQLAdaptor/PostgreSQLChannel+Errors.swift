import Foundation
import Access
import CLibPQ

extension PostgreSQLChannel {
  /// A typed error from a failed result (or the connection's last error).
  func error(result: OpaquePointer?, sql: String?) -> DatabaseError {
    if let connection = rawConnection, PQstatus(connection) == CONNECTION_BAD {
      return DatabaseError(
        .connectionLost, "the connection to the PostgreSQL server was lost", sql: sql)
    }
    func field(_ code: Int32) -> String? {
      guard let result, let value = PQresultErrorField(result, code) else { return nil }
      return String(cString: value)
    }
    let state = field(CPQ_DIAG_SQLSTATE) ?? ""
    let primary =
      field(CPQ_DIAG_MESSAGE_PRIMARY)
      ?? rawConnection.flatMap { PQerrorMessage($0) }.map { firstLine(String(cString: $0)) }
      ?? "unknown PostgreSQL error"
    var message = primary
    if let detail = field(CPQ_DIAG_MESSAGE_DETAIL) { message += " (" + firstLine(detail) + ")" }
    let kind: DatabaseError.Kind
    switch state {
    case "57014":
      return DatabaseError(.cancelled, "query cancelled", code: state, sql: sql)
    case "23502", "23503", "23505", "23514", "23P01":
      let violationKind: ConstraintViolation.Kind =
        state == "23502"
        ? .notNull
        : state == "23503"
          ? .foreignKey
          : state == "23505" ? .unique : state == "23514" ? .check : .other
      kind = .constraint(
        ConstraintViolation(
          kind: violationKind, constraint: field(CPQ_DIAG_CONSTRAINT_NAME),
          table: field(CPQ_DIAG_TABLE_NAME), column: field(CPQ_DIAG_COLUMN_NAME)))
    case "42501", "25006":
      kind = .permission
    default:
      // Class 08 (connection exception) and 57P01–57P03 (the server shutting down).
      kind = state.hasPrefix("08") || state.hasPrefix("57P") ? .connectionLost : .statement
    }
    if kind == .connectionLost {
      // `terminating connection due to administrator command` says what the server did; the
      // user needs to know what it means for d2t.
      message = "the connection to the PostgreSQL server was lost (the server said: \(message))"
    }
    let position = field(CPQ_DIAG_STATEMENT_POSITION).flatMap { Int($0) }.map { $0 - 1 }
    return DatabaseError(
      kind, message, code: state.isEmpty ? nil : state, sql: sql, position: position)
  }

  /// One line naming what failed: host, port, database, user and libpq's reason,
  /// with the password redacted.
  static func connectionError(_ connection: OpaquePointer, redactor: PasswordRedactor) -> DatabaseError {
    let raw = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
    var reason = redactor.redact(firstLine(raw))
    if let range = reason.range(of: " failed: ") {
      reason = String(reason[range.upperBound...])
    }
    if reason.hasPrefix("FATAL:  ") { reason = String(reason.dropFirst(8)) }
    // libpq's hint that the password came from the password file: the line after.
    if let hint = raw.split(whereSeparator: \.isNewline).dropFirst()
      .first(where: { $0.hasPrefix("password retrieved from file") })
    {
      reason += " (" + redactor.redact(String(hint).trimmingCharacters(in: .whitespaces)) + ")"
    }
    let host = PQhost(connection).map { String(cString: $0) } ?? "localhost"
    let port = PQport(connection).map { String(cString: $0) } ?? "5432"
    let database = PQdb(connection).map { String(cString: $0) } ?? ""
    let user = PQuser(connection).map { String(cString: $0) } ?? ""
    // A connection string libpq could not read names nothing to connect to.
    let target =
      database.isEmpty && user.isEmpty && (host.isEmpty || port.isEmpty)
      ? "" : " at \(host):\(port) (database \"\(database)\", user \"\(user)\")"
    let lowered = reason.lowercased()
    if lowered.contains("password") || lowered.contains("authentication") {
      var error = DatabaseError(.authentication, "PostgreSQL\(target) refused the login: \(reason)")
      error.needsPassword = PQconnectionNeedsPassword(connection) != 0
      return error
    }
    return DatabaseError(.connection, "cannot connect to PostgreSQL\(target): \(reason)")
  }
}

func firstLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).first.map {
    $0.trimmingCharacters(in: .whitespaces)
  } ?? ""
}
