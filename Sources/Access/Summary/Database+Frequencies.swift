extension Database {
  /// A page of a frequency table, and with `totals` the rows, groups and largest group of
  /// the whole (a second statement, which forms every group again: asked once per table).
  public func frequencies(_ spec: FrequencySpecification, totals: Bool = true) throws -> FrequencyResult {
    try locked {
      let builder = try FrequencyBuilder.for(spec, in: model, dialect: dialect)
      // A statement's result is counted in a read-only transaction: the console's query
      // cannot write by being run again.
      let read = { (statement: SQLStatement) throws -> [Row] in
        guard spec.source != nil else { return try self.channel.query(statement) }
        let cursor = try self.channel.openCursor(statement, mode: .readOnly)
        defer { cursor.close() }
        var rows: [Row] = []
        while true {
          let batch = try cursor.next(1000)
          if batch.isEmpty { return rows }
          rows += batch
        }
      }
      let groups = try read(builder.groups(spec)).map { FrequencyBuilder.frequency($0, keys: spec.keyPaths.count) }
      guard totals else { return FrequencyResult(groups: groups) }
      let numbers = (try read(builder.totals(spec)).first?.values ?? []).map { Int($0.int64Value ?? 0) } + [0, 0, 0]
      return FrequencyResult(groups: groups, rowCount: numbers[0], groupCount: numbers[1], largestCount: numbers[2])
    }
  }
}
