import Access
import Foundation
import Rules
import TerminalCore
import Theming
import Widgets

/// What the debug overlay (F12, or `debug <= true`) says of the focused page: its context,
/// every key it and its focused property read with the rule that gave each value and, like
/// a browser's computed-styles panel, the matching rules that lost (✗) with why; with
/// `showsUnmatched` also the rules that did not match (·) with the first comparison that
/// failed. Then the database, the entity and the last SQL. A value built from what the
/// runtime knows; it reads no state of its own.
struct DebugReport {
  /// The session of the frame (rules, model, user).
  var session: Session
  /// The focused page's task and what it says of itself.
  var pageTask: PageTask
  var description: PageDescription
  /// The adaptor's name and place (`SQLite /path/x.db`, `PostgreSQL db@host`).
  var databaseName: String
  /// What the session runs with that decides what a write stores (MySQL's `sql_mode`).
  var databaseSettings: [SessionSetting] = []
  /// The last statements, oldest first.
  var recentSQL: [SQLLog.Entry]
  var showsUnmatched: Bool

  /// Keys a page reads.
  static let pageKeys = [
    "task", "page", "nextTask", "displayNameForEntity", "displayPropertyKeys", "sortOrderings",
    "pageSize", "isEntityReadOnly", "isObjectEditable", "isObjectDeletable", "hideEmptyProperty",
    "title",
  ]
  /// Keys a property component reads.
  static let propertyKeys = ["component", "formatter", "displayNameForProperty", "displayStringForNil"]

  /// The overlay's lines: a hint, the context, the keys (`key = value   ← source` with the
  /// rules that lost under each), the database, the entity, and the last SQL.
  func lines() -> [(text: String, role: ThemeRole)] {
    let focus = description.focus
    let entity = session.entity(named: description.entityName)
    // The assistant's focus is the item it customises: its task, entity and property.
    let task = focus.task ?? pageTask
    var lines: [(String, ThemeRole)] = [(DebugOverlay.hint(showsUnmatched: showsUnmatched), .muted)]
    lines.append(("Context", .header))
    lines.append(("task = \(task)", .foreground))
    lines.append(("entity = \(entity?.name ?? "nil")", .foreground))
    if let entity, let row = focus.row {
      let key = entity.primaryKey.map { "\($0)=\(row[$0]?.plainText ?? "?")" }.joined(separator: ", ")
      lines.append(("object = \(entity.name)(\(key))", .foreground))
    }
    lines.append(("propertyKey = \(focus.propertyKey ?? "nil")", .foreground))
    lines.append(("user = \(session.user.map { "\($0.entityName)(\($0.name))" } ?? "nil")", .foreground))
    let pageContext = session.context(task: task, entity: entity, row: focus.row)
    lines.append(("Page keys", .header))
    lines += Self.pageKeys.flatMap { describe($0, in: pageContext) }
    if let propertyKey = focus.propertyKey {
      let propertyContext = session.context(task: task, entity: entity, row: focus.row, propertyKey: propertyKey)
      lines.append(("Property '\(propertyKey)'", .header))
      lines += Self.propertyKeys.flatMap { describe($0, in: propertyContext) }
    }
    lines.append(("Permissions of \(session.user?.name ?? "this session")", .header))
    for key in PermissionKey.allCases {
      let permission = session.permission(key, task: task, entityName: entity?.name)
      let source = permission.decidedBy ?? (permission.hasLoginPage ? "refused by default: login page" : "key default")
      lines.append(
        (
          "\(key.rawValue) = \(permission.isAllowed ? "allowed" : "refused")   ← \(source)",
          permission.isAllowed ? .foreground : .warning
        ))
    }
    if !focus.notes.isEmpty {
      lines.append(("Edited object", .header))
      lines += focus.notes.map { ($0, .foreground) }
    }
    lines += databaseLines()
    if let entity { lines += entityLines(entity) }
    lines.append(("Last SQL", .header))
    for entry in recentSQL.reversed() {
      let millis =
        Double(entry.duration.components.attoseconds) / 1e15
        + Double(entry.duration.components.seconds) * 1000
      var text = String(format: "%7.2f ms ", millis) + entry.sql
      if !entry.bindings.isEmpty { text += "  [" + entry.bindings.joined(separator: ", ") + "]" }
      if let error = entry.error { text += "  ✖ " + error }
      lines.append((text, entry.error == nil ? .muted : .error))
    }
    return lines
  }

  /// What the reference's database debug box shows: name, adaptor, where (never a password),
  /// how many entities.
  func databaseLines() -> [(String, ThemeRole)] {
    let adaptor = databaseName
    let kind = adaptor.split(separator: " ").first.map(String.init) ?? adaptor
    return [
      ("Database", .header),
      ("name = \(session.databaseTitle)", .foreground),
      ("adaptor = \(kind)", .foreground),
      (
        "location = \(location(adaptor.dropFirst(kind.count).trimmingCharacters(in: .whitespaces), kind: kind))",
        .foreground
      ),
      ("entities = \(session.model.entities.count)", .foreground),
    ] + databaseSettings.map { ("\($0.name) = \($0.value)", .foreground) }
  }

  /// A SQLite file by name, a PostgreSQL connection as `db@host` (never a password).
  func location(_ text: String, kind: String) -> String {
    kind == "SQLite" ? (text as NSString).lastPathComponent : text
  }

  /// The entity's table, attributes (column, database type, value type) and relationships
  /// (kind, destination).
  func entityLines(_ entity: Entity) -> [(String, ThemeRole)] {
    var lines: [(String, ThemeRole)] = [
      ("Entity \(entity.name)", .header),
      ("table = \(entity.schema.map { $0 + "." } ?? "")\(entity.table)", .foreground),
      ("\(entity.attributes.count) attributes, \(entity.relationships.count) relationships", .foreground),
    ]
    for attribute in entity.attributes {
      lines.append(
        (
          "  \(attribute.name): \(attribute.column) \(attribute.declaredType) → \(attribute.valueType.category)"
            + (attribute.isPrimaryKey ? " key" : "") + (attribute.isNullable ? "" : " not null"), .muted
        ))
    }
    for relationship in entity.relationships {
      lines.append(
        (
          "  \(relationship.name): \(relationship.isToMany ? "to-many" : "to-one") → \(relationship.destination)"
            + (relationship.isMandatory ? " mandatory" : ""), .muted
        ))
    }
    return lines
  }

  /// `component = DisplayNumber   ← sakila.rules:12 (normal, 2)`, then a line per matching
  /// rule that lost (`✗ DisplayString — less specific (complexity 0 < 1) — defaults.rules:49`)
  /// and, when asked for, per rule that did not match (`· DisplayDate — attribute.valueType =
  /// 'date' failed: attribute.valueType is 'decimal' — defaults.rules:40`).
  func describe(_ key: String, in context: RuleContext) -> [(String, ThemeRole)] {
    let explanation = context.explain(key, includingUnmatched: showsUnmatched)
    let resolution = explanation.resolution
    if let cycle = resolution.cycle {
      return [("\(key) = ⚠ cycle \(cycle.keys.joined(separator: " → "))", .error)]
    }
    let source: String
    switch resolution.source {
    case .explicit: source = "set by the page"
    case .keyDefault: source = "key default"
    case .rule(let rule): source = Self.place(of: rule)
    }
    var lines: [(String, ThemeRole)] = [
      ("\(key) = \(Self.shortened(resolution.value.description, 60))   ← \(source)", .foreground)
    ]
    for loser in explanation.losers {
      let value = Self.shortened(loser.rule.value.description, 30)
      lines.append(("\(Self.loserMark)\(value) — \(loser.reason) — \(Self.location(of: loser.rule))", .muted))
    }
    for miss in explanation.unmatched {
      let value = Self.shortened(miss.rule.value.description, 30)
      lines.append(("\(Self.unmatchedMark)\(value) — \(miss.failure) — \(Self.location(of: miss.rule))", .muted))
    }
    return lines
  }

  static let loserMark = "  ✗ "
  static let unmatchedMark = "  · "

  /// The overlay's rows at `width` columns: lines safe for the terminal, the hint and the
  /// losing and unmatched rules wrapped (the rules under their mark).
  func rows(width: Int) -> [(text: String, role: ThemeRole)] {
    let hint = DebugOverlay.hint(showsUnmatched: showsUnmatched)
    return lines().flatMap { line -> [(text: String, role: ThemeRole)] in
      let text = line.text.terminalSafe
      if line.text == hint, width > 8 { return text.wrapped(toWidth: width).map { ($0, line.role) } }
      guard text.hasPrefix(Self.loserMark) || text.hasPrefix(Self.unmatchedMark), width > 8 else {
        return [(text, line.role)]
      }
      let mark = String(text.prefix(Self.loserMark.count))
      let body = String(text.dropFirst(Self.loserMark.count)).wrapped(toWidth: width - mark.count)
      return body.enumerated().map { ($0.offset == 0 ? mark + $0.element : "    " + $0.element, line.role) }
    }
  }

  /// `sakila.rules:12`, or `Swift rule`.
  static func location(of rule: Rule) -> String {
    rule.place
  }

  /// `sakila.rules:12 (normal, 2)`.
  static func place(of rule: Rule) -> String {
    "\(location(of: rule)) (\(rule.priority), \(rule.complexity))"
  }

  static func shortened(_ text: String, _ limit: Int) -> String {
    text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }
}
