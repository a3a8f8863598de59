import Foundation

extension Database {
  /// A database that only shows: its model is built from `catalog` (the one an earlier
  /// start remembered) and it has no connection — every statement fails at once with a
  /// `.connection` error saying so. A start draws the first frame of an app made on it
  /// while its real connection opens, then makes the app again on that connection.
  ///
  ///     let shown = Database.unconnected(adaptor, catalog: remembered)
  ///     shown.model.entities.count  // as the remembered catalog says
  public static func unconnected(_ adaptor: any Adaptor, catalog: Catalog) -> Database {
    Database(
      adaptor: adaptor, channel: UnconnectedChannel(dialect: adaptor.dialect, target: adaptor.displayName),
      model: ModelBuilder.model(from: catalog))
  }

  /// Whether this database has no connection (`unconnected(_:catalog:)`).
  public var isUnconnected: Bool { channel is UnconnectedChannel }
}

/// The channel of an unconnected database: there is no connection, and everything that would
/// use one throws.
final class UnconnectedChannel: AdaptorChannel {
  let dialect: SQLDialect
  private let target: String

  init(dialect: SQLDialect, target: String) {
    self.dialect = dialect
    self.target = target
  }

  private var notConnected: DatabaseError {
    DatabaseError(.connection, "not connected to \(target) yet")
  }

  func query(_ statement: SQLStatement, row: (Row) throws -> Bool) throws { throw notConnected }
  func execute(_ statement: SQLStatement) throws -> Int { throw notConnected }
  func executeScript(_ sql: String) throws { throw notConnected }
  func executeBatch(_ sql: String, rows: [[DatabaseValue]]) throws { throw notConnected }
  func openCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any ResultCursor { throw notConnected }
  func begin() throws { throw notConnected }
  func commit() throws { throw notConnected }
  func rollback() throws { throw notConnected }
  func readCatalog() throws -> Catalog { throw notConnected }
  var canceller: any QueryCanceller { NothingToCancel() }
  func close() {}
}

/// What cancels the statements of a channel that runs none.
private struct NothingToCancel: QueryCanceller {
  func cancel() {}
}
