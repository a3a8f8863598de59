import Access
import Foundation
import Qualifiers

/// What to export: an entity's rows as a list shows them.
public struct ExportRequest: Hashable, Sendable {
  /// An entity name (`Customer`) or a table name (`customer`).
  public var entity: String
  public var qualifier: Qualifier?
  public var sortOrderings: [SortOrdering]
  /// Property keys, key paths included (`address.phone`); nil for every attribute.
  public var columns: [PropertyPath]?
  public var format: ExportFormat

  public init(
    entity: String, qualifier: Qualifier? = nil, sortOrderings: [SortOrdering] = [],
    columns: [PropertyPath]? = nil, format: ExportFormat
  ) {
    self.entity = entity
    self.qualifier = qualifier
    self.sortOrderings = sortOrderings
    self.columns = columns
    self.format = format
  }
}

/// Streams an entity's rows into a CSV, JSON Lines or SQL writer, a batch at a time, in
/// constant memory (`Database.stream`); CSV from PostgreSQL goes through `COPY … TO STDOUT`
/// when the server's CSV is the writer's (`PostgreSQLCopyCSV`), CSV from SQLite reads the
/// values in place (`Database.withBorrowingCursor`).
///
///     let out = OutputBuffer(handle: .standardOutput)
///     let exporter = try Exporter(database: db, request: request)
///     try exporter.run(into: out) { progress in bar.show(progress) }
public struct Exporter {
  public let database: Database
  public let request: ExportRequest
  public let entity: Entity
  /// The columns written, in order, labelled by key path.
  public let columns: [PropertyPath]

  public init(database: Database, request: ExportRequest) throws {
    self.database = database
    self.request = request
    let model = database.model
    guard
      let entity = model[entity: request.entity]
        ?? model.entities.first(where: { $0.table == request.entity })
        ?? model.entities.first(where: { $0.name.lowercased() == request.entity.lowercased() })
    else {
      throw FetchError("no entity or table named '\(request.entity)'")
    }
    self.entity = entity
    // SQL `INSERT`s name only the columns a row can be inserted with: generated columns
    // and identity `ALWAYS` keys are computed by the database, which refuses values for
    // them, so the file re-imports as it is.
    let insertable = entity.attributes.filter { request.format != .sql || !$0.isReadOnly }
    columns = request.columns ?? insertable.map { PropertyPath(key: $0.name) }
    if request.format == .sql {
      for column in columns {
        guard column.isSingleKey, let attribute = entity[attribute: column.first] else {
          throw FetchError(
            "SQL export writes \(entity.name)'s own columns: '\(column)' is not an attribute")
        }
        if attribute.isReadOnly {
          throw FetchError(
            "SQL export writes the columns an INSERT takes: '\(column)' is computed by the database")
        }
      }
    }
  }

  /// The specification the export streams.
  public var fetchSpecification: FetchSpecification {
    FetchSpecification(
      entityName: entity.name, qualifier: request.qualifier,
      sortOrderings: request.sortOrderings, keyPaths: columns)
  }

  /// The number of rows the export will write (one `count(*)`), for a progress bar.
  public func count() throws -> Int {
    try database.count(fetchSpecification)
  }

  /// The writer for the request's format.
  public func writer(into out: OutputBuffer) -> any ExportWriter {
    request.format.writer(
      into: out, dialect: database.dialect,
      quotedTable: database.dialect.quote(table: entity.table, schema: entity.schema),
      columns: columns.compactMap { entity[attribute: $0.first]?.column })
  }

  /// Writes every row; calls `progress` with the rows written after each batch, and
  /// returns the total. `database.cancel()` from another thread stops it (`.cancelled`).
  @discardableResult
  public func run(
    into out: OutputBuffer, batchSize: Int = 2000, progress: (Int) -> Void = { _ in }
  ) throws -> Int {
    let writer = writer(into: out)
    let labels = columns.map(\.description)
    // The header names a column as it is written, without the backquotes a key path needs
    // (`Order ID`, `prix€`, `address.Zip Code`).
    try writer.begin(columns: columns.map { $0.components.joined(separator: ".") })
    if request.format == .csv,
      let copy = try PostgreSQLCopyCSV(database: database)
        .copyStatement(for: database.statement(for: fetchSpecification), labels: labels)
    {
      var written = 0
      _ = try database.copyOut(copy) { bytes in
        out.append(bytes)
        written += 1
        if written % batchSize == 0 {
          try out.flushIfFull()
          progress(written)
        }
      }
      try writer.end()
      progress(written)
      return written
    }
    let statement = try exportStatement()
    if let borrowing = writer as? any BorrowingExportWriter,
      let written = try database.withBorrowingCursor(
        statement,
        { cursor in try run(cursor, into: borrowing, labels: labels, batchSize: batchSize, progress: progress) })
    {
      try writer.end()
      return written
    }
    var indices: [Int]?
    var inOrder = false
    var written = 0
    try database.stream(statement, mode: .asIs, batchSize: batchSize) { _, rows in
      for row in rows {
        let positions: [Int]
        if let indices {
          positions = indices
        } else {
          positions = try resolve(labels, in: row.columns)
          indices = positions
          inOrder = positions == Array(row.values.indices)
        }
        try writer.write(inOrder ? row.values : positions.map { row.values[$0] })
      }
      written += rows.count
      progress(written)
      return true
    }
    try writer.end()
    return written
  }

  /// The rows of a cursor read in place (SQLite), with no `Row` built.
  private func run(
    _ cursor: any BorrowingCursor, into writer: any BorrowingExportWriter, labels: [String],
    batchSize: Int, progress: (Int) -> Void
  ) throws -> Int {
    let positions = try resolve(labels, in: cursor.columns.map(\.name))
    let inOrder = positions == Array(cursor.columns.indices)
    var ordered = [BorrowedValue](repeating: .null, count: positions.count)
    var written = 0
    while true {
      let read = try cursor.visit(batchSize) { values in
        if inOrder {
          try writer.write(borrowed: values)
        } else {
          for (index, position) in positions.enumerated() { ordered[index] = values[position] }
          try writer.write(borrowed: ordered)
        }
      }
      if read == 0 { return written }
      written += read
      progress(written)
    }
  }

  /// The statement the export reads. On SQLite a date or time column is read as the text
  /// it holds: SQLite keeps whatever was written (`2024-02-29` in a TIMESTAMP column,
  /// `1999-12-31T23:59:59`), and an export that re-formatted it would change stored values
  /// on a round trip. PostgreSQL's values are typed and keep their own text form.
  public func exportStatement() throws -> SQLStatement {
    var statement = try database.statement(for: fetchSpecification)
    guard database.dialect == .sqlite, let types = statement.resultTypes else { return statement }
    statement.resultTypes = types.map { type in
      switch type {
      case .date?, .time?, .timestamp?: return .text(maxLength: nil, isFixedWidth: false)
      default: return type
      }
    }
    return statement
  }

  private func resolve(_ labels: [String], in columns: [String]) throws -> [Int] {
    try labels.map { label in
      guard let index = columns.firstIndex(of: label) else {
        throw FetchError("the export found no column '\(label)' in the result")
      }
      return index
    }
  }
}
