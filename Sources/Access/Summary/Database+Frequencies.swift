extension Database {
  /// A page of a frequency table, and with `totals` the rows, groups and largest group of
  /// the whole (a second statement, which forms every group again: asked once per table).
  public func frequencies(_ spec: FrequencySpecification, totals: Bool = true) throws -> FrequencyResult {
    try locked {
      let builder = try FrequencyBuilder(model: model, entityName: spec.entityName, dialect: dialect)
      let groups = try channel.query(builder.groups(spec)).map {
        FrequencyBuilder.frequency($0, keys: spec.keyPaths.count)
      }
      guard totals else { return FrequencyResult(groups: groups) }
      let numbers =
        (try channel.query(builder.totals(spec)).first?.values ?? []).map { Int($0.int64Value ?? 0) }
        + [0, 0, 0]
      return FrequencyResult(groups: groups, rowCount: numbers[0], groupCount: numbers[1], largestCount: numbers[2])
    }
  }
}
