import Access
import Foundation
import Journal
import Widgets

/// Undo and redo over the session's journal (`u`, `U`): each saved change is recorded with
/// its inverse; a step applies the inverse (or the change again) on the foreground lane,
/// checked for conflicts like any save, and presses that arrive while a step runs wait their
/// turn. A feature of its own: the runtime only routes its actions and carries out its
/// outputs.
struct UndoFeature {
  /// The journal and the step under way.
  struct State: Equatable, Sendable {
    /// Every change saved in this session, for `u`, `U` and the journal page.
    var journal = SessionJournal()
    /// A step is being applied.
    var isStepping = false
    /// Presses that arrived meanwhile, in order (true: undo).
    var waiting: [Bool] = []
  }

  enum Action: Equatable, Sendable {
    case undo
    case redo
    /// A change was saved (by a page, or restored from the kept journal).
    case record(JournalEntry, title: String, beforeTitle: String?)
    /// The database answered a step (the changes of one save, applied together).
    case stepped([JournalEntry], Result<[ChangeOutcome], SaveFailure>)
  }

  /// What the runtime does for the feature.
  enum Output: Equatable, Sendable {
    /// Apply the step's changes in one transaction on the foreground lane and answer with
    /// `.stepped`.
    case apply([JournalEntry])
    case banner(Banner.Kind, String)
    /// Every page fetches again.
    case dataChanged
  }

  /// What the feature needs from outside: whether the session may write, how the journal
  /// file takes a step (nil: kept, or not asked to keep; else what went wrong) and how a
  /// refusal is explained for the row's entity.
  struct Dependencies {
    var readOnly: Bool
    var readOnlyReason = "--read-only"
    var keep: (JournalEntry) -> String?
    var explain: (JournalEntry, SaveFailure) -> String?
    /// Why the step's entity is hidden from the user (`isEntityHidden`), or nil.
    var hidden: (JournalEntry) -> String? = { _ in nil }
  }

  static func update(_ state: inout State, _ action: Action, _ dependencies: Dependencies) -> [Output] {
    switch action {
    case .undo: return step(&state, undo: true, dependencies)
    case .redo: return step(&state, undo: false, dependencies)
    case .record(let entry, let title, let beforeTitle):
      state.journal.record(entry, title: title, beforeTitle: beforeTitle)
      return dependencies.keep(entry).map { [.banner(.warning, $0)] } ?? []
    case .stepped(let step, let result):
      return stepped(&state, step, result, dependencies)
    }
  }

  /// One step back (`undo`) or forward; waits while a step runs.
  private static func step(_ state: inout State, undo: Bool, _ dependencies: Dependencies) -> [Output] {
    if state.isStepping {
      state.waiting.append(undo)
      return []
    }
    let steps = undo ? state.journal.nextUndoGroup : state.journal.nextRedoGroup
    guard !steps.isEmpty else {
      return [.banner(.notice, undo ? "Nothing to undo" : "Nothing to redo")]
    }
    if dependencies.readOnly {
      return [.banner(.notice, Session.readOnlyText(dependencies.readOnlyReason))]
    }
    if let refusal = steps.lazy.compactMap(dependencies.hidden).first { return [.banner(.warning, refusal)] }
    state.isStepping = true
    return [.apply(steps)]
  }

  private static func stepped(
    _ state: inout State, _ steps: [JournalEntry], _ result: Result<[ChangeOutcome], SaveFailure>,
    _ dependencies: Dependencies
  ) -> [Output] {
    state.isStepping = false
    guard let step = steps.first else { return [] }
    let undoing = step.step == .undo
    let title = (undoing ? state.journal.undoTitle : state.journal.redoTitle) ?? "the change"
    switch result {
    case .success(let outcomes):
      for (index, applied) in steps.enumerated() {
        if undoing { state.journal.didUndo() } else { state.journal.didRedo() }
        state.journal.rowStored(
          outcomes.indices.contains(index) ? outcomes[index] : nil, entity: applied.entity, key: applied.key,
          written: applied.after ?? [:])
      }
      let now = Date()
      let problems = steps.compactMap { applied -> String? in
        var done = applied
        done.time = now
        return dependencies.keep(done)
      }
      let left = undoing ? state.journal.undoCount : state.journal.redoCount
      let more = left == 0 ? "" : " (\(left) more with \(undoing ? "u" : "U"))"
      let together =
        steps.count > 1 ? " and \(steps.count - 1) more change\(steps.count == 2 ? "" : "s") of the same save" : ""
      var outputs: [Output] = [
        problems.first.map { .banner(.warning, $0) }
          ?? .banner(.success, (undoing ? "Undone: " : "Redone: ") + title + together + more),
        .dataChanged,
      ]
      if !state.waiting.isEmpty {
        let next = state.waiting.removeFirst()
        outputs += self.step(&state, undo: next, dependencies)
      }
      return outputs
    case .failure(let failure):
      state.waiting = []
      // A refusal names the row as it is now: an undo finds it as the change left it, a
      // redo as it was before the change; in a save of several rows, the row refused.
      var failed = 0
      switch failure {
      case .conflict(let conflict):
        failed = steps.firstIndex { $0.entity == conflict.entity && $0.key == conflict.key } ?? 0
      case .refused(let error):
        failed = error.changeIndex.map { min($0, steps.count - 1) } ?? 0
      case .other:
        break
      }
      let named =
        state.journal.stepTitle(at: failed, undo: undoing)
        ?? (undoing ? state.journal.undoTitle : state.journal.redoBeforeTitle) ?? title
      let verb = undoing ? "undo" : "redo"
      let why = dependencies.explain(steps[failed], failure)
      return [.banner(.error, "Cannot \(verb) \(named)" + (why.map { " — " + $0 } ?? ""))]
    }
  }
}
