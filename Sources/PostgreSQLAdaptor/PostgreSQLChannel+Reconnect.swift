import Access
import CLibPQ

/// Reconnection with libpq's non-blocking reset (`PQresetStart`, `PQresetPoll`): the same
/// options, every host of a multi-host string tried in order and `target_session_attrs`
/// honoured, so after a failover the session lands on the new primary.
extension PostgreSQLChannel: ReconnectableChannel {
  func isBroken() -> Bool {
    guard let connection = rawConnection else { return true }
    if PQstatus(connection) == CONNECTION_OK, PQtransactionStatus(connection) != PQTRANS_ACTIVE {
      _ = PQconsumeInput(connection)
    }
    return PQstatus(connection) != CONNECTION_OK
  }

  func startReconnect() throws -> ReconnectStep {
    guard let connection = rawConnection else {
      throw DatabaseError(.connectionLost, "the PostgreSQL connection is closed")
    }
    pgCanceller.detach()
    guard PQresetStart(connection) == 1 else {
      throw Self.connectionError(connection, redactor: redactor)
    }
    return .waitForWrite(PQsocket(connection))
  }

  func continueReconnect() throws -> ReconnectStep {
    guard let connection = rawConnection else {
      throw DatabaseError(.connectionLost, "the PostgreSQL connection is closed")
    }
    switch PQresetPoll(connection) {
    case PGRES_POLLING_READING:
      return .waitForRead(PQsocket(connection))
    case PGRES_POLLING_WRITING:
      return .waitForWrite(PQsocket(connection))
    case PGRES_POLLING_OK:
      pgCanceller.attach(connection)
      try setUpSession()
      return .connected
    default:
      throw Self.connectionError(connection, redactor: redactor)
    }
  }
}
