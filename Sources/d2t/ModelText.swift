import Access
import Qualifiers
import TerminalCore

/// The model as text, for `d2t model`: one block per entity, columns aligned (by display
/// width). Property names are printed as rules and filters write them (`` `Qty.` ``).
enum ModelText {
  static func render(_ model: Model) -> String {
    var text = ""
    for entity in model.entities {
      var header = entity.name + "  (" + (entity.schema.map { $0 + "." } ?? "") + entity.table
      if entity.isReadOnly { header += ", read-only" }
      if let rows = entity.estimatedRowCount { header += ", ~\(rows) rows" }
      text += (header + ")").terminalSafe + "\n"
      if let comment = entity.comment { text += ("  -- " + oneLine(comment)).terminalSafe + "\n" }
      let attributeRows = entity.attributes.map { attribute -> [String] in
        var notes: [String] = [attribute.isNullable ? "null" : "not null"]
        if attribute.isPrimaryKey { notes.append("primary key") }
        if attribute.isGenerated { notes.append("generated") }
        if let domain = attribute.domainName { notes.append("domain \(domain)") }
        if let values = Optional(attribute.enumValues), !values.isEmpty {
          notes.append("values " + values.joined(separator: "|"))
        }
        if !attribute.setMembers.isEmpty { notes.append("set of " + attribute.setMembers.joined(separator: "|")) }
        if let value = attribute.defaultExpression { notes.append("default \(value)") }
        if let comment = attribute.comment { notes.append("-- " + oneLine(comment)) }
        return [
          PropertyPath.quoted(attribute.name), attribute.column, attribute.valueType.name,
          notes.joined(separator: ", "),
        ]
      }
      text += table(attributeRows, indent: "  ")
      let relationshipRows = entity.relationships.map { relationship -> [String] in
        let prefix = relationship.destinationPath.map { PropertyPath.quoted($0) + "." }.joined()
        let joins = relationship.joins.map {
          "\(PropertyPath.quoted($0.source)) = \(prefix)\(PropertyPath.quoted($0.destination))"
        }
        .joined(separator: " and ")
        var kind = relationship.isToMany ? "to-many" : "to-one"
        if !relationship.isToMany && relationship.isInverse { kind += ", one-to-one" }
        if let join = relationship.flattenedThrough { kind += ", through \(join)" }
        if relationship.isMandatory { kind += ", mandatory" }
        if relationship.isInferred { kind += ", inferred" }
        return [
          (relationship.isToMany ? "⇉ " : "→ ") + PropertyPath.quoted(relationship.name), relationship.destination,
          joins, kind,
        ]
      }
      text += table(relationshipRows, indent: "  ")
      text += "\n"
    }
    return text
  }

  /// A description's line breaks and tabs as single spaces.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }

  private static func table(_ rows: [[String]], indent: String) -> String {
    let rows = rows.map { $0.map(\.terminalSafe) }
    guard let columns = rows.first?.count else { return "" }
    let widths = (0..<columns).map { index in rows.map { $0[index].displayWidth }.max() ?? 0 }
    return rows.map { row in
      var line = indent
      for (index, cell) in row.enumerated() {
        let isLast = index == columns - 1
        line += isLast ? cell : cell + String(repeating: " ", count: widths[index] - cell.displayWidth + 2)
      }
      return line.trimmingTrailingSpaces() + "\n"
    }.joined()
  }
}
