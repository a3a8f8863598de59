import Access
import History
import Rules
import TerminalCore
import Widgets

/// What a page asks of the app: navigation, messages to other pages, banners, dialogs.
/// Pages never touch the stack themselves; the runtime carries these out in order.
public enum AppCommand: Equatable, Sendable {
  /// Opens the page the `page` rule names for the request: above `from` (closing the
  /// pages above it first), or on top when nil.
  case open(PageRequest, from: PageID?)
  /// Closes this page and every page above it.
  case close(PageID)
  /// Sends a message to another page (a select page's choice to its editor).
  case deliver(PageMessage, to: PageID)
  /// A banner over the panes.
  case banner(Banner.Kind, String)
  /// Takes the banner away (only one of this kind; nil: whatever it is).
  case dismissBanner(kind: Banner.Kind?)
  /// Rows changed: every page fetches what it shows again.
  case dataChanged
  /// A row's key changed (an edited key column): pages showing it follow it.
  case keyChanged(entityName: String, from: [String: DatabaseValue], to: [String: DatabaseValue])
  /// A change was saved: remember it (and its inverse) for `u`.
  case recordChange(ChangeRecord)
  /// Undo the newest applied change of the journal.
  case undo
  /// Redo the change undone last.
  case redo
  /// Someone logged in: the user record, then the first page after login.
  case logIn(UserRecord)
  /// Forget the user and return to the login page.
  case logOut
  /// Stop d2t.
  case quit
  /// Move the focus to a page.
  case focus(PageID)
  /// Remember a search, filter or statement in the connection's history.
  case remember(String, HistoryKind)
  /// Copy text to the clipboard (OSC 52, or wl-copy/xclip); `what` names it in the banner.
  case copy(String, what: String)
  /// Write a rule into the assistant's rule file and reload the rules at once; `note` is
  /// added to the banner (a more specific rule that still wins).
  case writeRule(Rule, note: String?)
  /// Take back the assistant's last written rule (`u` in the assistant).
  case undoRuleWrite
}

/// A change that was applied, with the change that undoes it, named for the banner.
public struct ChangeRecord: Hashable, Sendable {
  public var change: Change
  public var inverse: Change
  public var title: String
  /// The row's title before the change (an update's old title): a redo refused later names
  /// the row as it is then, not as the redo would make it.
  public var beforeTitle: String?
  /// The save this change was part of: the records of one group are undone together.
  public var group: String?

  public init(change: Change, inverse: Change, title: String, beforeTitle: String? = nil, group: String? = nil) {
    self.change = change
    self.inverse = inverse
    self.title = title
    self.beforeTitle = beforeTitle
    self.group = group
  }
}

/// The logged-in user: the row of the user entity.
public struct UserRecord: Hashable, Sendable {
  public var entityName: String
  public var row: Row
  public var name: String

  public init(entityName: String, row: Row, name: String) {
    self.entityName = entityName
    self.row = row
    self.name = name
  }
}

/// What the app or another page tells a page.
public enum PageMessage: Hashable, Sendable {
  /// A select page's choice for a to-one field: the destination row, nil to clear.
  case chosen(propertyKey: String, entityName: String, row: Row?)
  /// The rows a chooser that picks several gave (`Space` picks, Enter takes them all).
  case chosenRows(propertyKey: String, entityName: String, rows: [Row])
  /// A new row for a to-one field, made in a nested editor (`n` in the chooser): inserted
  /// when the editor that asked saves, before its own row, which takes its generated key.
  case pendingRow(propertyKey: String, row: PendingRow)
  /// A line of an inline to-many, new (`index` nil) or changed, from a nested editor: saved
  /// with the editor that asked.
  case pendingLine(propertyKey: String, index: Int?, values: [String: DatabaseValue], title: String)
  /// Rows may have changed (a save, a delete, an undo): fetch again.
  case dataChanged
  /// Check whether what the page shows changed in the database (every second while the
  /// page is visible and the user is around); fetch again only if it did.
  case follow
  /// A notification said the data changed: fetch again now (keeping what is shown until
  /// the new rows arrive).
  case changedElsewhere
  /// The rules changed: rebuild what they decide.
  case rulesChanged
  /// The page's content area now has this size.
  case resized(Size)
  /// Esc on a page whose work is running: it was cancelled.
  case cancelled
  /// `q` with unsaved input on this page: ask before quitting.
  case quitRequested
  /// Keep the rows whose column holds this value (Enter on a console result's value counts).
  case keepRows(column: String, value: DatabaseValue)
  /// A mouse click at this point of the page's content area.
  case click(Point)
  /// A row's key changed: a page showing that row follows it to its new key.
  case keyChanged(entityName: String, from: [String: DatabaseValue], to: [String: DatabaseValue])
}

/// An action of some page, with its type erased, so dialogs and the runtime can carry it.
public struct AnyPageAction: Equatable, @unchecked Sendable {
  public let base: any Equatable & Sendable

  public init(_ base: some Equatable & Sendable) { self.base = base }

  public static func == (a: AnyPageAction, b: AnyPageAction) -> Bool { boxesEqual(a.base, b.base) }
}

extension AnyPageAction: CustomStringConvertible {
  /// The action as its own type prints it (what names a key binding by default).
  public var description: String { String(describing: base) }
}

/// Whether two type-erased values are the same type and equal.
func boxesEqual(_ a: any Equatable, _ b: any Equatable) -> Bool {
  func equals<T: Equatable>(_ left: T) -> Bool { (b as? T) == left }
  return equals(a)
}

/// A modal question with typed choices: each button carries the action its page gets
/// (nil: just close). Keys: ←/→/Tab, Enter, the first letter of a button, Esc cancels.
/// Asked with `Effect.confirm`; a page embedding another maps the choices with the effect.
public struct DialogRequest<Choice: Sendable>: Sendable {
  public struct Button: Sendable {
    public var label: String
    public var choice: Choice?

    public init(_ label: String, _ choice: Choice?) {
      self.label = label
      self.choice = choice
    }
  }

  public var title: String
  public var message: String
  public var buttons: [Button]
  /// The focused button when the dialog opens: the safe one.
  public var defaultButton: Int
  public var isError: Bool

  public init(title: String, message: String, buttons: [Button], defaultButton: Int, isError: Bool = false) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.defaultButton = defaultButton
    self.isError = isError
  }

  /// The same question with choices of another type.
  public func map<Other: Sendable>(_ transform: (Choice) -> Other) -> DialogRequest<Other> {
    DialogRequest<Other>(
      title: title, message: message,
      buttons: buttons.map { .init($0.label, $0.choice.map(transform)) },
      defaultButton: defaultButton, isError: isError)
  }
}

extension DialogRequest.Button: Equatable where Choice: Equatable {}
extension DialogRequest: Equatable where Choice: Equatable {}
