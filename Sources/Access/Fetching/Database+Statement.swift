import Qualifiers

extension Database {
  /// The SQL a fetch would run against `model`, without a connection: pure, so callers on
  /// any thread can check a qualifier before sending it.
  public static func statement(
    for spec: FetchSpecification, model: Model, dialect: SQLDialect
  ) throws -> SQLStatement {
    try SelectBuilder(model: model, entityName: spec.entityName, dialect: dialect).select(spec)
  }
}
