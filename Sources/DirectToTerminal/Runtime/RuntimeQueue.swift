import Widgets

/// One thing for the runtime to carry out: an action for a page, a message to a page, a
/// command to the app, or a question to ask. Effects become steps; nothing that produces
/// one runs it on the spot.
enum RuntimeStep: Sendable {
  case action(AnyPageAction, to: PageID)
  case message(PageMessage, to: PageID)
  case command(AppCommand, from: PageID?)
  case confirm(DialogRequest<AnyPageAction>, owner: PageID)
}

/// The runtime's one queue of steps, drained by its loop (`D2TApp.drain`).
///
/// Order is explicit and the same as bubbletea's `Sequence`: the steps a step produces run
/// next, in the order produced, before the steps that were already waiting — so an effect
/// `[send A, command B]` runs A, then everything A leads to, then B. Nothing is run on the
/// call stack of what produced it: a page's `update` that asks to open a page, whose
/// opening resizes panes, whose pages answer… is a loop over this queue, not a recursion.
struct RuntimeQueue: Sendable {
  private var waiting: [RuntimeStep] = []
  /// Steps produced by the step running now, in order (they go first once it ends).
  private var produced: [RuntimeStep] = []
  /// A step is running: what it produces waits for it to end.
  private(set) var isDraining = false

  var isEmpty: Bool { waiting.isEmpty && produced.isEmpty }

  mutating func enqueue(_ step: RuntimeStep) {
    produced.append(step)
  }

  /// The next step to run: those the last step produced first.
  mutating func next() -> RuntimeStep? {
    if !produced.isEmpty {
      waiting.insert(contentsOf: produced, at: 0)
      produced.removeAll()
    }
    return waiting.isEmpty ? nil : waiting.removeFirst()
  }

  mutating func begin() { isDraining = true }
  mutating func end() { isDraining = false }

}
