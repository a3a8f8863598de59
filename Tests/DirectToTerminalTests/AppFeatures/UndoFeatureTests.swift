import Access
@testable import DirectToTerminal
import Foundation
import Journal
import Testing

/// Undo and redo as a feature of their own: the step each press asks the runtime to apply,
/// presses waiting while a step runs, banners, the journal file and refusals — without a
/// database or a runtime.
@Suite struct UndoFeatureTests {
  static func entry(_ name: String, _ after: String) -> JournalEntry {
    JournalEntry(
      connection: "test", entity: "Item", key: ["id": .integer(1)], before: ["name": .text(name)],
      after: ["name": .text(after)], time: Date(timeIntervalSince1970: 0), user: "jon")
  }

  /// Dependencies that record what the journal file was asked to keep.
  final class Kept: @unchecked Sendable {
    var entries: [JournalEntry] = []
    var failure: String?
  }

  static func dependencies(readOnly: Bool = false, kept: Kept = Kept()) -> UndoFeature.Dependencies {
    UndoFeature.Dependencies(
      readOnly: readOnly,
      keep: {
        kept.entries.append($0); return kept.failure
      },
      explain: { _, failure in
        if case .other(let why) = failure { return why }
        return nil
      })
  }

  static func recorded(_ count: Int, kept: Kept = Kept()) -> UndoFeature.State {
    var state = UndoFeature.State()
    for index in 0..<count {
      _ = UndoFeature.update(
        &state, .record(entry("v\(index)", "v\(index + 1)"), title: "Item \(index)", beforeTitle: nil),
        dependencies(kept: kept))
    }
    return state
  }

  @Test func undoAppliesTheInverseOfTheNewestChangeAndSaysWhatItUndid() throws {
    var state = Self.recorded(2)
    let outputs = UndoFeature.update(&state, .undo, Self.dependencies())
    guard case .apply(let steps)? = outputs.first, outputs.count == 1, let step = steps.first else {
      Issue.record("expected one step to apply, got \(outputs)")
      return
    }
    #expect(step.step == .undo)
    #expect(step.after == ["name": .text("v1")])  // back to what the second change found
    #expect(state.isStepping)
    let done = UndoFeature.update(&state, .stepped([step], .success([])), Self.dependencies())
    #expect(done == [.banner(.success, "Undone: Item 1 (1 more with u)"), .dataChanged])
    #expect(!state.isStepping)
    #expect(state.journal.undoCount == 1)
    #expect(state.journal.redoTitle == "Item 1")
  }

  @Test func pressesWhileAStepRunsWaitTheirTurnInOrder() throws {
    var state = Self.recorded(2)
    guard case .apply(let firsts)? = UndoFeature.update(&state, .undo, Self.dependencies()).first,
      let first = firsts.first
    else {
      Issue.record("no step")
      return
    }
    #expect(UndoFeature.update(&state, .undo, Self.dependencies()).isEmpty)
    #expect(UndoFeature.update(&state, .redo, Self.dependencies()).isEmpty)
    #expect(state.waiting == [true, false])
    let outputs = UndoFeature.update(&state, .stepped([first], .success([])), Self.dependencies())
    // The first waiting press (undo) starts as soon as the step is done.
    guard outputs.count == 3, case .apply(let seconds) = outputs[2], let second = seconds.first else {
      Issue.record("expected the waiting undo to start, got \(outputs)")
      return
    }
    #expect(second.after == ["name": .text("v0")])
    #expect(state.waiting == [false])
  }

  @Test func aRefusedStepSaysWhyAndDropsThePressesThatWaited() {
    var state = Self.recorded(1)
    guard case .apply(let steps)? = UndoFeature.update(&state, .undo, Self.dependencies()).first,
      let step = steps.first
    else {
      Issue.record("no step")
      return
    }
    _ = UndoFeature.update(&state, .redo, Self.dependencies())
    let outputs = UndoFeature.update(
      &state, .stepped([step], .failure(.other("someone changed it"))), Self.dependencies())
    #expect(outputs == [.banner(.error, "Cannot undo Item 0 — someone changed it")])
    #expect(state.waiting.isEmpty)
    #expect(state.journal.undoCount == 1)  // nothing undone
  }

  @Test func nothingToUndoAndReadOnlySessionsSaySoAndApplyNothing() {
    var empty = UndoFeature.State()
    #expect(UndoFeature.update(&empty, .undo, Self.dependencies()) == [.banner(.notice, "Nothing to undo")])
    #expect(UndoFeature.update(&empty, .redo, Self.dependencies()) == [.banner(.notice, "Nothing to redo")])
    var state = Self.recorded(1)
    #expect(
      UndoFeature.update(&state, .undo, Self.dependencies(readOnly: true))
        == [.banner(.notice, "This session is read-only (--read-only)")])
    #expect(!state.isStepping)
  }

  @Test func everyChangeAndStepGoesToTheJournalFileAndAFileThatFailsIsNamed() throws {
    let kept = Kept()
    var state = Self.recorded(1, kept: kept)
    #expect(kept.entries.count == 1)
    guard case .apply(let steps)? = UndoFeature.update(&state, .undo, Self.dependencies(kept: kept)).first,
      let step = steps.first
    else {
      Issue.record("no step")
      return
    }
    kept.failure = "Saved, but not written to the journal /x: disk full"
    let outputs = UndoFeature.update(&state, .stepped([step], .success([])), Self.dependencies(kept: kept))
    #expect(outputs.first == .banner(.warning, "Saved, but not written to the journal /x: disk full"))
    #expect(kept.entries.map(\.step) == [.change, .undo])
  }

  /// The changes of one save (a new row and its join row) are one step: undone together, in
  /// one transaction, newest first, and redone together, oldest first.
  @Test func theChangesOfOneSaveAreOneStep() throws {
    var state = Self.recorded(1)
    for (index, value) in ["a", "b"].enumerated() {
      var grouped = Self.entry("x\(index)", value)
      grouped.group = "save-1"
      _ = UndoFeature.update(&state, .record(grouped, title: "Item \(value)", beforeTitle: nil), Self.dependencies())
    }
    guard case .apply(let steps)? = UndoFeature.update(&state, .undo, Self.dependencies()).first else {
      Issue.record("no step")
      return
    }
    #expect(steps.map(\.after) == [["name": .text("x1")], ["name": .text("x0")]], "newest first")
    let done = UndoFeature.update(&state, .stepped(steps, .success([])), Self.dependencies())
    #expect(done.first == .banner(.success, "Undone: Item b and 1 more change of the same save (1 more with u)"))
    #expect(state.journal.undoCount == 1, "both went back; the change before them stays")
    guard case .apply(let redo)? = UndoFeature.update(&state, .redo, Self.dependencies()).first else {
      Issue.record("no redo")
      return
    }
    #expect(redo.map(\.after) == [["name": .text("a")], ["name": .text("b")]], "oldest first")
  }
}
