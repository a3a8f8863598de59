import Access
import Foundation
import Import
import TerminalCore
import Theming
import Widgets

/// `o` on a list (issue 24 item 6): a CSV or JSON Lines file into the list's table. The file
/// is typed (Enter reads it), its columns are shown matched to attributes with the first
/// rows and what is wrong; Enter imports — all rows or none, one transaction, on a
/// connection of its own with a progress line (rows, rate, time left); Esc cancels and rolls
/// back. `k` chooses what a row whose key is taken does, `t` a dry run.
public enum ImportFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var entityName: String
    var label: String
    var path = TextFieldState("")
    var onConflict = ImportRequest.OnConflict.fail
    var dryRun = false
    /// The file as read for the preview: its path, its mapping and first rows.
    var preview: Preview?
    var running = false
    var progress: ImportProgress?
    /// What went wrong, or the last dry run's outcome.
    var lines: [String] = []
    var linesAreProblems = false

    struct Preview: Equatable, Sendable {
      var path: String
      var mapping: ImportMapping
      var sample: [[String?]]
      /// What is wrong in the first rows.
      var problems: [ImportProblem] = []
    }
  }

  public enum Action: Equatable, Sendable {
    case pathKey(KeyEvent)
    case paste(String)
    /// Enter: read the file (a new path), or import it.
    case enter
    case previewed(String, Result<ImportPreviewResult, WorkError>)
    case cycleConflict
    case toggleDryRun
    case cancel
    case progressed(ImportProgress)
    case finished(Result<ImportResult, WorkError>)
  }

  /// The preview as read on the lane.
  public struct ImportPreviewResult: Equatable, Sendable {
    var mapping: ImportMapping
    var sample: [[String?]]
    var problems: [ImportProblem]
  }

  public static let name = "ImportPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    if let refusal = session.editRefusal(entity, row: nil) { throw PageRefusal(refusal, asBanner: true) }
    return (State(id: id, entityName: entity.name, label: request.crumb ?? entity.displayName), .none)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.running { return keyCatalogue.only(["cancel"]) }
    var names: Set<String> = ["cancel", "enter"]
    if state.preview != nil { names.formUnion(["cycleConflict", "toggleDryRun"]) }
    return keyCatalogue.only(names).updating("enter") {
      $0.description = state.preview?.path == currentPath(state) ? "Import" : "Read the file"
    }
  }

  public static var keySection: String { "import" }

  public static let keyCatalogue = KeyMap<Action>(
    "Import",
    [
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel"),
      KeyBinding(KeyEvent(.enter), .enter, "Import", name: "enter"),
      KeyBinding(.ctrl("k"), .cycleConflict, "Taken keys: fail/skip/update", name: "cycleConflict"),
      KeyBinding(.ctrl("t"), .toggleDryRun, "Dry run", name: "toggleDryRun"),
    ])

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if let action = keyMap(state, in: session).action(for: key) { return action }
    return state.running ? nil : .pathKey(key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? { state.running ? nil : .paste(text) }

  static func currentPath(_ state: State) -> String {
    NSString(string: state.path.text.trimmingCharacters(in: .whitespaces)).expandingTildeInPath
  }

  static func request(_ state: State, in session: Session) -> ImportRequest {
    let path = currentPath(state)
    var request = ImportRequest(path: path, format: ImportRequest.format(ofPath: path))
    request.onConflict = state.onConflict
    request.dryRun = state.dryRun
    if let entity = session.entity(named: state.entityName) {
      request.allowedPasswords = Set(
        entity.attributes.filter { $0.isPassword && session.allowsPasswordQueries($0, of: entity) }.map(\.name))
    }
    return request
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .pathKey(let key):
      _ = state.path.handle(key)
    case .paste(let text):
      state.path.paste(text.replacingNewlines())
    case .enter:
      let path = currentPath(state)
      guard !path.isEmpty else {
        state.lines = ["Type the file to import (CSV, or JSON Lines: .jsonl)"]
        state.linesAreProblems = true
        return .none
      }
      guard let preview = state.preview, preview.path == path, preview.mapping.problems.isEmpty else {
        return readPreview(&state, path: path, in: session)
      }
      state.running = true
      state.progress = nil
      state.lines = []
      let job = ImportJob(entityName: state.entityName, request: request(state, in: session))
      return job.effect { event in
        switch event {
        case .success(.progress(let progress)): return .progressed(progress)
        case .success(.finished(let result)): return .finished(.success(result))
        case .failure(let error): return .finished(.failure(error))
        }
      }
    case .previewed(let path, .success(let read)):
      state.preview = State.Preview(path: path, mapping: read.mapping, sample: read.sample, problems: read.problems)
      let name = (path as NSString).lastPathComponent
      state.lines = (read.mapping.problems + read.problems).map { $0.text(file: name) }
      if !read.problems.isEmpty && read.mapping.problems.isEmpty {
        state.lines.append("In the first rows: Enter imports anyway and lists every problem (nothing is written)")
      }
      state.linesAreProblems = !state.lines.isEmpty
    case .previewed(_, .failure(let error)):
      // The message names the file already (`FILE:LINE: …`).
      state.preview = nil
      state.lines = [error.message]
      state.linesAreProblems = true
    case .cycleConflict:
      let all = ImportRequest.OnConflict.allCases
      state.onConflict = all[((all.firstIndex(of: state.onConflict) ?? 0) + 1) % all.count]
    case .toggleDryRun:
      state.dryRun.toggle()
    case .cancel:
      return state.running ? .cancel(.console) : .command(.close(state.id))
    case .progressed(let progress):
      if state.running { state.progress = progress }
    case .finished(let outcome):
      state.running = false
      return finished(&state, outcome, in: session)
    }
    return .none
  }

  static func readPreview(_ state: inout State, path: String, in session: Session) -> Effect<Action> {
    let request = request(state, in: session)
    let entityName = state.entityName
    state.lines = []
    return .run(
      "import preview", of: request, lane: .background,
      { context in
        do {
          let importer = try Importer(database: context.database, entityName: entityName, request: request)
          let (mapping, sample, problems) = try importer.preview(rows: 3) { context.isCancelled }
          return ImportPreviewResult(mapping: mapping, sample: sample, problems: problems)
        } catch let problem as ImportProblem {
          throw WorkError(message: problem.text(file: (path as NSString).lastPathComponent), isCancelled: false)
        }
      }
    ) { .previewed(path, $0) }
  }

  static func finished(
    _ state: inout State, _ outcome: Result<ImportResult, WorkError>, in session: Session
  ) -> Effect<Action> {
    let file = (currentPath(state) as NSString).lastPathComponent
    switch outcome {
    case .failure(let error) where error.isCancelled:
      state.lines = ["Cancelled: everything was rolled back, nothing was imported"]
      state.linesAreProblems = false
    case .failure(let error):
      state.lines = ["Not imported: " + error.message]
      state.linesAreProblems = true
    case .success(let result) where result.problemCount > 0:
      state.lines = result.problemLines(file: file) + ["Nothing was imported: fix the file and press Enter again"]
      state.linesAreProblems = true
      state.preview = nil
    case .success(let result) where result.dryRun:
      let skipped =
        state.onConflict == .skip
        ? " (\(grouped(result.written)) would be imported, \(grouped(max(0, result.rows - result.written))) skipped)"
        : ""
      state.lines = [
        "Dry run: \(rowsText(result.rows)) checked, every one valid\(skipped); nothing was written"
      ]
      state.linesAreProblems = false
    case .success(let result):
      return .command(
        .banner(.success, importedText(result, file: file, state: state, in: session))
      ).merge(.command(.dataChanged)).merge(.command(.close(state.id)))
    }
    return .none
  }

  static func rowsText(_ count: Int) -> String { "\(grouped(count)) row\(count == 1 ? "" : "s")" }

  /// `Imported 12 rows from people.csv into Customer`; with taken keys skipped, how many.
  static func importedText(_ result: ImportResult, file: String, state: State, in session: Session) -> String {
    let text = "Imported \(rowsText(result.rows)) from \(file) into \(state.label)"
    switch state.onConflict {
    case .fail: return text
    case .skip:
      return "Imported \(grouped(result.written)) of \(rowsText(result.rows)) from \(file) into \(state.label) "
        + "(\(grouped(max(0, result.rows - result.written))) skipped: their keys are taken)"
    case .update: return text + " (rows whose keys are taken updated)"
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(title: "Import into \(state.label)", crumb: "Import", isLoading: state.running)
  }

  public static func isMovement(_ action: Action) -> Bool { false }
}
