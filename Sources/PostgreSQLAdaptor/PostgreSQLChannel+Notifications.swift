import Access
import CLibPQ

extension PostgreSQLChannel: NotificationChannel {
  func listen(_ name: String) throws {
    try executeScript("LISTEN " + dialect.quote(name))
  }

  func unlisten(_ name: String) throws {
    try executeScript("UNLISTEN " + dialect.quote(name))
  }

  /// Reads what the socket holds (`PQconsumeInput`, which does not block) and returns the
  /// notifications queued (`PQnotifies`).
  func notifications() throws -> [DatabaseNotification] {
    let connection = try open()
    guard PQconsumeInput(connection) == 1 else { throw error(result: nil, sql: nil) }
    var received: [DatabaseNotification] = []
    while let notify = PQnotifies(connection) {
      let value = notify.pointee
      received.append(
        DatabaseNotification(
          channel: value.relname.map { String(cString: $0) } ?? "",
          payload: value.extra.map { String(cString: $0) } ?? "",
          processID: value.be_pid))
      PQfreemem(notify)
    }
    return received
  }

  var socketDescriptor: Int32? {
    guard let connection = rawConnection else { return nil }
    let socket = PQsocket(connection)
    return socket >= 0 ? socket : nil
  }
}
