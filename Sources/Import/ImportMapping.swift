import Access

/// Which attribute each column of the file goes to: matched by attribute name, column name
/// or label (`Rental Rate`), ignoring case; with what is wrong (a column that names nothing,
/// a password column no rule allows, a required attribute the file does not give).
public struct ImportMapping: Hashable, Sendable {
  public struct Column: Hashable, Sendable {
    /// The file's name for the column.
    public var name: String
    /// The attribute it goes to; nil when it is left out (`note` says why).
    public var attribute: String?
    public var note: String?
  }

  public var columns: [Column]
  public var problems: [ImportProblem]

  /// The attributes written, in the file's order, with their columns' positions (kept
  /// apart, so the loop over a million rows copies no attribute).
  var written: [Attribute] = []
  var writtenIndices: [Int] = []
  var writtenTypes: [ValueType] = []
  var writtenNullable: [Bool] = []
  /// A MySQL `SET`: each value checked against its members.
  var writtenIsSet: [Bool] = []

  public static func == (a: ImportMapping, b: ImportMapping) -> Bool {
    a.columns == b.columns && a.problems == b.problems
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(columns)
    hasher.combine(problems)
  }

  /// `insertTriggers`: the table's BEFORE INSERT row triggers, which may fill a required
  /// column the file does not give (PostgreSQL's Sakila `film.fulltext`): the database then
  /// decides, row by row.
  init(
    names: [String], entity: Entity, allowedPasswords: Set<String>, headerLine: Int?, insertTriggers: [String] = []
  ) {
    columns = []
    problems = []
    var taken: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      let wanted = name.trimmingCharacters(in: .whitespaces)
      let attribute =
        entity.attributes.first { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }
        ?? entity.attributes.first { $0.column.caseInsensitiveCompare(wanted) == .orderedSame }
        ?? entity.attributes.first { $0.displayName.caseInsensitiveCompare(wanted) == .orderedSame }
      guard let attribute else {
        columns.append(Column(name: name, attribute: nil, note: "names no attribute"))
        problems.append(
          ImportProblem(
            line: headerLine, column: index + 1,
            message: "'\(name)' names no attribute or column of \(entity.displayName)"))
        continue
      }
      if let first = taken[attribute.name] {
        columns.append(Column(name: name, attribute: nil, note: "taken by column \(first + 1)"))
        problems.append(
          ImportProblem(
            line: headerLine, column: index + 1,
            message: "'\(name)' is \(attribute.displayName) again (column \(first + 1) is)"))
        continue
      }
      taken[attribute.name] = index
      if attribute.isReadOnly {
        columns.append(Column(name: name, attribute: nil, note: "computed by the database: left out"))
        continue
      }
      if attribute.isPassword && !allowedPasswords.contains(attribute.name) {
        columns.append(Column(name: name, attribute: nil, note: "a password: refused"))
        problems.append(
          ImportProblem(
            line: headerLine, column: index + 1,
            message: "'\(name)' is a password column: it is imported only where a rule allows it "
              + "(allowsPasswordQueries <= true)"))
        continue
      }
      if case .binary = attribute.valueType {
      } else if !attribute.valueType.isWritable {
        columns.append(Column(name: name, attribute: nil, note: "not writable"))
        problems.append(
          ImportProblem(
            line: headerLine, column: index + 1, message: "\(attribute.displayName) cannot be written by d2t"))
        continue
      }
      columns.append(Column(name: name, attribute: attribute.name, note: nil))
      written.append(attribute)
      writtenIndices.append(index)
      writtenTypes.append(attribute.valueType)
      writtenNullable.append(attribute.isNullable)
      writtenIsSet.append(!attribute.setMembers.isEmpty)
    }
    for attribute in entity.attributes where taken[attribute.name] == nil {
      guard !attribute.isNullable, attribute.defaultExpression == nil, !attribute.isGenerated, !attribute.isReadOnly,
        insertTriggers.isEmpty
      else { continue }
      problems.append(
        ImportProblem(
          line: headerLine, column: nil,
          message: "the file has no column for \(attribute.displayName) (\(attribute.column)), which must have a value")
      )
    }
  }
}
