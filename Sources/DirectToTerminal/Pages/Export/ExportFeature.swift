import Access
import Export
import Foundation
import TerminalCore
import Theming
import Widgets

/// `x` on a list or a console result: asks the format (CSV, JSON Lines, SQL INSERT) and the
/// file (default `./<Entity>-<date>.<ext>`, editable), then writes what the list shows — its
/// filter, search, sort and columns — or the console's statement run again read-only, on the
/// console lane's connection, a batch at a time, with a progress line (rows done, rate, time
/// left). A file that exists is replaced only after asking. Esc cancels and removes the
/// partial file; the status bar says where the file was written. SQL INSERTs write the
/// table's own columns among the list's (a related row's title is not a column of the table).
public enum ExportFeature: PageFeature {
  public enum Field: Hashable, Sendable {
    case format
    case path
  }

  public struct State: Equatable, Sendable {
    var id: PageID
    var source: ExportSource
    var label: String
    var path: TextFieldState
    var field = Field.format
    /// The path with the previous format's extension, to follow a format change.
    var defaultStem: String
    var running = false
    var progress: ExportProgress?
    var message: String?
  }

  public enum Action: Equatable, Sendable {
    case format(ExportFormat)
    case cycleFormat(Int)
    case field(Field)
    case pathKey(KeyEvent)
    case paste(String)
    case start
    /// Start, replacing the file that exists.
    case overwrite
    case cancel
    case progressed(ExportProgress)
    case finished(Result<ExportOutcome, WorkError>)
  }

  public static let name = "ExportPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let export = request.detail(as: ExportSource.self) else {
      throw PageRefusal("There is nothing to export.", asBanner: true)
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let name: String
    switch export {
    case .entity(let request): name = request.entity
    case .query(let request): name = request.table
    }
    let safeName = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
    let stem = "./" + safeName + "-" + formatter.string(from: session.date)
    let state = State(
      id: id, source: export, label: request.crumb ?? name,
      path: TextFieldState(stem + "." + fileExtension(export.format)), defaultStem: stem)
    return (state, .none)
  }

  static func fileExtension(_ format: ExportFormat) -> String {
    switch format {
    case .csv: return "csv"
    case .jsonl: return "jsonl"
    case .sql: return "sql"
    }
  }

  static func formatName(_ format: ExportFormat) -> String {
    switch format {
    case .csv: return "CSV"
    case .jsonl: return "JSON Lines"
    case .sql: return "SQL INSERT"
    }
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.running { return keyCatalogue.only(["cancel"]) }
    var names: Set<String> = ["export", "nextField"]
    if state.field == .format { names.formUnion(["csv", "jsonl", "sql", "previousFormat", "nextFormat"]) }
    return keyCatalogue.only(names).updating("nextField") {
      $0.action = .field(state.field == .format ? .path : .format)
    }
  }

  public static let keyCatalogue = KeyMap<Action>(
    "Export",
    [
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel"),
      KeyBinding(KeyEvent(.enter), .start, "Export", name: "export"),
      KeyBinding(
        [KeyEvent(.tab), KeyEvent(.down), KeyEvent(.up), KeyEvent(.backTab)], .field(.path), "Next field",
        name: "nextField"),
      KeyBinding(.char("c"), .format(.csv), "CSV"),
      KeyBinding(.char("j"), .format(.jsonl), "JSON Lines"),
      KeyBinding(.char("s"), .format(.sql), "SQL"),
      KeyBinding(
        [KeyEvent(.left), .char("h")], .cycleFormat(-1), "Previous format", shown: false, name: "previousFormat"),
      KeyBinding(
        [KeyEvent(.right), .char("l"), .char(" ")], .cycleFormat(1), "Next format", shown: false, name: "nextFormat"),
    ])

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if let action = keyMap(state, in: session).action(for: key) { return action }
    guard !state.running, state.field == .path, key.key != .escape else { return nil }
    return .pathKey(key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    state.field == .path && !state.running ? .paste(text) : nil
  }

  static func isLoading(_ state: State) -> Bool { state.running }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .format(let format):
      setFormat(&state, format)
    case .cycleFormat(let delta):
      let all = ExportFormat.allCases
      let index = all.firstIndex(of: state.source.format) ?? 0
      setFormat(&state, all[(index + delta + all.count) % all.count])
    case .field(let field):
      state.field = field
    case .pathKey(let key):
      _ = state.path.handle(key)
    case .paste(let text):
      state.path.paste(text)
    case .start, .overwrite:
      let path = state.path.text.trimmingCharacters(in: .whitespaces)
      guard !path.isEmpty else {
        state.message = "Type the file to write"
        return .none
      }
      state.running = true
      state.message = nil
      state.progress = nil
      var source = state.source
      if case .entity(var request) = source, request.format == .sql {
        // The table's own columns an INSERT takes (not key paths, not computed columns).
        let entity = session.entity(named: request.entity)
        let own = request.columns?.filter { column in
          column.components.count == 1 && entity?[attribute: column.first]?.isReadOnly != true
        }
        request.columns = own?.isEmpty == false ? own : nil
        source = .entity(request)
      }
      let job = ExportJob(source: source, path: path, overwrite: action == .overwrite)
      return job.effect { event in
        switch event {
        case .success(.progress(let progress)): return .progressed(progress)
        case .success(.finished(let outcome)): return .finished(.success(outcome))
        case .failure(let error): return .finished(.failure(error))
        }
      }
    case .cancel:
      return state.running ? .cancel(.console) : .none
    case .progressed(let progress):
      if state.running { state.progress = progress }
    case .finished(let result):
      state.running = false
      switch result {
      case .success(let outcome) where outcome.fileExists:
        return .confirm(
          DialogRequest(
            title: "File exists", message: "\(outcome.path) exists. Replace it?",
            buttons: [.init("Overwrite", .overwrite), .init("Choose another name", .field(.path))],
            defaultButton: 1))
      case .success(let outcome):
        let rows = "\(grouped(outcome.rows)) row\(outcome.rows == 1 ? "" : "s")"
        return .command(.banner(.success, "Exported \(rows) to \(outcome.path)"))
          .merge(.command(.close(state.id)))
      case .failure(let error) where error.isCancelled:
        return .command(.banner(.notice, "Export cancelled; the partial file was removed"))
          .merge(.command(.close(state.id)))
      case .failure(let error):
        state.message = "Export failed: " + error.message
      }
    }
    return .none
  }

  /// A new format; the file's extension follows while the path is the default one.
  static func setFormat(_ state: inout State, _ format: ExportFormat) {
    let old = state.defaultStem + "." + fileExtension(state.source.format)
    state.source.format = format
    if state.path.text == old { state.path = TextFieldState(state.defaultStem + "." + fileExtension(format)) }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var text = PaneText(area: area, theme: theme)
    for (index, part) in description(state).enumerated() {
      text.wrapped(part, index == 0 ? .title : .muted, buffer: &buffer)
    }
    text.y += 1
    let formats = ExportFormat.allCases.map { format in
      (format == state.source.format ? "(•) " : "( ) ") + formatName(format)
    }
    let focusedFormat = state.field == .format && !state.running
    let formatRole: ThemeRole = focusedFormat ? .accent : .foreground
    let label = (focusedFormat ? "▸ " : "  ") + "Format  "
    if (label + formats.joined(separator: "   ")).displayWidth <= area.width {
      text.line(label + formats.joined(separator: "   "), formatRole, buffer: &buffer)
    } else {
      // Too narrow for one line: one format a line, under the first.
      for (index, format) in formats.enumerated() {
        if index == 0 {
          text.line(label + format, formatRole, buffer: &buffer)
        } else {
          text.line(format, formatRole, x: label.displayWidth, buffer: &buffer)
        }
      }
    }
    guard text.y < area.bottom else { return }
    let focusedPath = state.field == .path && !state.running
    buffer.setString(
      (focusedPath ? "▸ " : "  ") + "File    ", x: area.x, y: text.y, style: theme[focusedPath ? .accent : .foreground])
    var field = state.path
    TextField(placeholder: "file", focused: focusedPath && context.focused, theme: theme)
      .render(
        in: Rect(x: area.x + 10, y: text.y, width: max(1, area.width - 10), height: 1), buffer: &buffer, state: &field)
    text.y += 2
    if state.running {
      let progress = state.progress ?? ExportProgress(rowsDone: 0, totalRows: nil, elapsed: .zero)
      if let total = progress.totalRows { text.bar(progress.rowsDone, of: total, buffer: &buffer) }
      text.wrapped(progress.line + "  Esc cancels", .foreground, buffer: &buffer)
    } else if let message = state.message {
      text.wrapped(message, .error, maxLines: 6, buffer: &buffer)
    } else {
      text.wrapped("Enter exports · Tab switches field · c/j/s pick the format · Esc closes", .muted, buffer: &buffer)
    }
  }

  /// What is exported: a title line, then the columns, restriction and order (a list) or
  /// the statement and the table SQL INSERTs name (a console result).
  static func description(_ state: State) -> [String] {
    switch state.source {
    case .entity(let request):
      var lines = ["Export \(state.label): the rows the list shows"]
      lines.append(
        request.columns.map { "columns: " + $0.map(\.description).joined(separator: ", ") } ?? "every column")
      if let qualifier = request.qualifier { lines.append("where " + qualifier.description) }
      if !request.sortOrderings.isEmpty {
        lines.append(
          "sorted by "
            + request.sortOrderings.map {
              "\($0.key)\($0.direction == .ascending ? "" : " desc")"
            }.joined(separator: ", "))
      }
      return lines
    case .query(let request):
      let sql = request.statement.sql.split(whereSeparator: \.isNewline).joined(separator: " ")
      return [
        "Export this result: its statement runs again, read only", sql,
        "SQL INSERTs go into " + ([request.schema, request.table].compactMap { $0 }.joined(separator: ".")),
      ]
    }
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session),
      isLoading: isLoading(state))
  }
  static func title(_ state: State, in session: Session) -> String { "Export" }
  static func crumb(_ state: State) -> String? { "Export" }

  static func status(_ state: State, in session: Session) -> PageStatus {
    // The page's own Esc hint only (the runtime adds one to loading pages without hints),
    // and the progress line — rows, rate, time left — as the CLI shows it.
    state.running
      ? PageStatus(
        message: "Exporting", hints: [KeyHint(keys: "Esc", description: "Cancel")],
        trailing: state.progress?.line.trimmingCharacters(in: .whitespaces) ?? "")
      : PageStatus()
  }
}
