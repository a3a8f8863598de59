import Access
import Assistant
import Rules

/// One thing the assistant can change, with its current value and the rule that gave it.
struct AssistantOption: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// Show or hide the focused property (`displayPropertyKeys`).
    case shown
    /// Move the focused property left/up (-1) or right/down (+1).
    case move(Int)
    /// Show a property the page hides, after the focused one.
    case showOther
    case label
    case formatter
    case component
    case entityName
    /// The entity listed in the entity list or not (`visibleEntityNames`).
    case entityShown
    /// The entity's place in the entity list: to the top (0), up (-1), down (+1).
    case entityPlace(Int)
    case entityReadOnly
    case sort
    case pageSize
    case nextTask
    case firstTask
  }

  /// How an option is changed.
  enum Input: Hashable, Sendable {
    /// At once (a toggle or a move).
    case immediate
    /// Typed text, starting from the current value.
    case text(String)
    /// One of these names; the current one first selected.
    case choice([String], current: String)
  }

  var kind: Kind
  var title: String
  var value: String
  var source: String
  /// The rule key it writes and where.
  var key: String
  var target: RuleTarget
  var input: Input
}

/// A change waiting for its scope and confirmation: the value, and the plan of the rule
/// each scope would write.
struct PendingChange: Hashable, Sendable {
  var title: String
  var key: String
  var target: RuleTarget
  var scopes: [RuleScope]
  var plans: [RulePlan]
}
