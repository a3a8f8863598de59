import Access
import CMariaDB

/// One prepared statement: parameters bound in the binary protocol, rows fetched one at a
/// time as they arrive (never the whole result in client memory). Integers and doubles are
/// fetched as themselves, everything else as bytes into a buffer that grows to the longest
/// value seen.
final class MySQLStatement {
  private var handle: UnsafeMutablePointer<MYSQL_STMT>?
  let sql: String
  private(set) var fields: [MySQLField] = []
  private var binds: UnsafeMutablePointer<MYSQL_BIND>?
  private var lengths: UnsafeMutablePointer<UInt>?
  private var nulls: UnsafeMutablePointer<my_bool>?
  private var capacities: [Int] = []
  private(set) var isDone = false

  /// Prepares `sql` on `connection`, or throws the server's error.
  init(_ connection: UnsafeMutablePointer<MYSQL>, sql: String) throws {
    self.sql = sql
    guard let handle = mysql_stmt_init(connection) else { throw DatabaseError(.connection, "out of memory") }
    self.handle = handle
    let bytes = Array(sql.utf8)
    let rc = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { mysql_stmt_prepare(handle, $0.baseAddress, UInt(buffer.count)) }
    }
    guard rc == 0 else { throw failure() }
  }

  deinit {
    close()
  }

  func close() {
    freeResultBuffers()
    if let handle { mysql_stmt_close(handle) }
    handle = nil
  }

  /// Where a statement's rows wait until they are read.
  enum Results {
    /// Sent as they are read: the caller reads to the end before the connection runs
    /// anything else (`query`).
    case streamed
    /// Kept by the server in a read-only cursor, so the connection can run other
    /// statements meanwhile (a console or export cursor).
    case serverCursor
    /// Read at once into client memory: what is not a query (`EXPLAIN`, `SHOW`, a
    /// procedure's result) can have no cursor, and is small.
    case stored

    /// `serverCursor` or `streamed` for a query, `stored` for anything else.
    init(_ sql: String, cursor: Bool) {
      self = MySQLStatement.isQuery(sql) ? (cursor ? .serverCursor : .streamed) : .stored
    }
  }

  /// Binds `values`, runs the statement and leaves its rows where `results` says.
  func execute(_ values: [DatabaseValue], results: Results) throws {
    guard let handle else { throw DatabaseError(.connectionLost, "the statement is closed") }
    let parameters = MySQLParameters(values)
    defer { parameters.deallocate() }
    if !values.isEmpty, mysql_stmt_bind_param(handle, parameters.binds) != 0 { throw failure() }
    if results == .serverCursor {
      var type = UInt(CURSOR_TYPE_READ_ONLY.rawValue)
      _ = mysql_stmt_attr_set(handle, STMT_ATTR_CURSOR_TYPE, &type)
      var prefetch: UInt = 1000
      _ = mysql_stmt_attr_set(handle, STMT_ATTR_PREFETCH_ROWS, &prefetch)
    }
    guard mysql_stmt_execute(handle) == 0 else { throw failure() }
    try bindResults()
    if !fields.isEmpty, results == .stored {
      guard mysql_stmt_store_result(handle) == 0 else { throw failure() }
    }
  }

  /// Whether `sql` is a query a server-side cursor can hold: `SELECT`, `WITH`, `VALUES`,
  /// `TABLE`, or one in parentheses.
  static func isQuery(_ sql: String) -> Bool {
    ["select", "with", "values", "table"].contains(firstWord(of: sql))
  }

  /// The statement's first word in lower case, after spaces, comments and parentheses.
  static func firstWord(of sql: String) -> String {
    var rest = Substring(sql)
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "(" }
      if rest.hasPrefix("--") || rest.hasPrefix("#") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
        rest = rest[end.upperBound...]
      } else {
        break
      }
    }
    return rest.prefix { $0.isLetter }.lowercased()
  }

  /// Rows the statement changed (matched, with `CLIENT_FOUND_ROWS`).
  var affectedRows: Int {
    guard let handle else { return 0 }
    let count = mysql_stmt_affected_rows(handle)
    return count == UInt64.max ? 0 : Int(count)
  }

  var hasResult: Bool { !fields.isEmpty }

  /// How to read each column (the model's types), where the statement says.
  func setHints(_ types: [ValueType?]?) {
    guard let types else { return }
    for index in fields.indices where index < types.count { fields[index].hint = types[index] }
  }

  /// The next row, or nil at the end.
  func next() throws -> [DatabaseValue]? {
    guard let handle, let binds, let lengths, let nulls, !fields.isEmpty, !isDone else { return nil }
    let rc = mysql_stmt_fetch(handle)
    if rc == MYSQL_NO_DATA {
      isDone = true
      return nil
    }
    guard rc == 0 || rc == MYSQL_DATA_TRUNCATED else { throw failure() }
    var values: [DatabaseValue] = []
    values.reserveCapacity(fields.count)
    for index in fields.indices {
      if nulls[index] != 0 {
        values.append(.null)
        continue
      }
      let field = fields[index]
      switch field.fetch {
      case .integer:
        let raw = binds[index].buffer.load(as: Int64.self)
        values.append(field.integerValue(raw))
      case .double:
        values.append(.real(binds[index].buffer.load(as: Double.self)))
      case .bytes:
        let length = Int(lengths[index])
        if length > capacities[index] {
          values.append(try refetched(index, length: length))
        } else {
          values.append(field.value(UnsafeRawBufferPointer(start: binds[index].buffer, count: length)))
        }
      }
    }
    return values
  }

  /// Moves to the statement's next result (a procedure's next `SELECT`, or the status that
  /// ends it), read into client memory; false when there is none.
  func nextResult() throws -> Bool {
    guard let handle, mysql_stmt_more_results(handle) != 0 else { return false }
    let rc = mysql_stmt_next_result(handle)
    if rc < 0 { return false }
    if rc > 0 { throw failure() }
    try bindResults()
    if !fields.isEmpty {
      guard mysql_stmt_store_result(handle) == 0 else { throw failure() }
    }
    return true
  }

  /// Stops reading: the rest of the result is discarded on the server's side.
  func finish() {
    guard let handle else { return }
    if !isDone { _ = mysql_stmt_free_result(handle) }
    isDone = true
  }

  /// A value longer than its column's buffer, read again whole into one of its own (the
  /// statement keeps its copy of the bound buffers, which must not move under it).
  private func refetched(_ index: Int, length: Int) throws -> DatabaseValue {
    guard let handle, let binds else { return .null }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 8)
    defer { buffer.deallocate() }
    var fetched: UInt = 0
    var isNull: my_bool = 0
    var error: my_bool = 0
    var bind = MYSQL_BIND()
    bind.buffer_type = binds[index].buffer_type
    bind.buffer = buffer
    bind.buffer_length = UInt(length)
    return try withUnsafeMutablePointer(to: &fetched) { fetchedPointer in
      try withUnsafeMutablePointer(to: &isNull) { nullPointer in
        try withUnsafeMutablePointer(to: &error) { errorPointer in
          bind.length = fetchedPointer
          bind.is_null = nullPointer
          bind.error = errorPointer
          guard mysql_stmt_fetch_column(handle, &bind, UInt32(index), 0) == 0 else { throw failure() }
          let count = min(Int(fetchedPointer.pointee), length)
          return fields[index].value(UnsafeRawBufferPointer(start: buffer, count: count))
        }
      }
    }
  }

  private func bindResults() throws {
    guard let handle else { return }
    freeResultBuffers()
    isDone = false
    guard let metadata = mysql_stmt_result_metadata(handle) else {
      fields = []
      isDone = true
      return
    }
    defer { mysql_free_result(metadata) }
    let count = Int(mysql_num_fields(metadata))
    guard let raw = mysql_fetch_fields(metadata) else { return }
    fields = (0..<count).map { MySQLField(raw[$0]) }
    let binds = UnsafeMutablePointer<MYSQL_BIND>.allocate(capacity: count)
    binds.initialize(repeating: MYSQL_BIND(), count: count)
    let lengths = UnsafeMutablePointer<UInt>.allocate(capacity: count)
    lengths.initialize(repeating: 0, count: count)
    let nulls = UnsafeMutablePointer<my_bool>.allocate(capacity: count)
    nulls.initialize(repeating: 0, count: count)
    capacities = []
    for (index, field) in fields.enumerated() {
      let capacity: Int
      switch field.fetch {
      case .integer:
        binds[index].buffer_type = MYSQL_TYPE_LONGLONG
        binds[index].is_unsigned = field.isUnsigned ? 1 : 0
        capacity = 8
      case .double:
        binds[index].buffer_type = MYSQL_TYPE_DOUBLE
        capacity = 8
      case .bytes:
        binds[index].buffer_type = field.isBinary ? MYSQL_TYPE_BLOB : MYSQL_TYPE_STRING
        capacity = 64
      }
      binds[index].buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      binds[index].buffer_length = UInt(capacity)
      binds[index].length = lengths.advanced(by: index)
      binds[index].is_null = nulls.advanced(by: index)
      capacities.append(capacity)
    }
    self.binds = binds
    self.lengths = lengths
    self.nulls = nulls
    guard mysql_stmt_bind_result(handle, binds) == 0 else { throw failure() }
  }

  private func freeResultBuffers() {
    if let binds {
      for index in capacities.indices { binds[index].buffer.deallocate() }
      binds.deallocate()
    }
    lengths?.deallocate()
    nulls?.deallocate()
    binds = nil
    lengths = nil
    nulls = nil
    capacities = []
  }

  /// The statement's error as a `DatabaseError`.
  func failure() -> DatabaseError {
    guard let handle else { return DatabaseError(.connectionLost, "the statement is closed") }
    return MySQLErrors.error(
      code: mysql_stmt_errno(handle), message: String(cString: mysql_stmt_error(handle)),
      sqlState: String(cString: mysql_stmt_sqlstate(handle)), sql: sql)
  }
}
