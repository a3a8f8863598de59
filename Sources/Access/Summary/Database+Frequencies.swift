extension Database {
  /// A page of a frequency table, with the rows and groups of the whole (two statements).
  public func frequencies(_ spec: FrequencySpecification) throws -> FrequencyResult {
    try locked {
      let builder = try FrequencyBuilder(model: model, entityName: spec.entityName, dialect: dialect)
      let groups = try channel.query(builder.groups(spec)).map { row in
        Frequency(values: Array(row.values.dropLast()), count: Int(row.values.last?.int64Value ?? 0))
      }
      let totals = try channel.query(builder.totals(spec)).first
      let numbers = (totals?.values ?? []).map { Int($0.int64Value ?? 0) } + [0, 0, 0]
      return FrequencyResult(groups: groups, rowCount: numbers[0], groupCount: numbers[1], largestCount: numbers[2])
    }
  }
}
