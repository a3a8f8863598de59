import Access
import History
import Foundation
import Qualifiers
import Rules
import Theming

/// What pages work with: the database's model and dialect, the rules, the logged-in user,
/// the component registry and theme, and the time of the current step. A value, read-only
/// to pages; the runtime builds it, so `update` and `view` never reach into the database
/// or the clock themselves.
public struct Session {
  var rules: RuleEnvironment
  public var registry: ComponentRegistry
  public var theme: Theme
  /// Nothing is written (`--read-only`).
  public var readOnly: Bool
  /// Why: `--read-only`, or what the database says (`the file is opened read-only (mode=ro)`).
  public var readOnlyReason = "--read-only"
  /// The first breadcrumb: the configured title, a SQLite file's name, or `db@host`.
  public var databaseTitle: String
  public var dialect: SQLDialect
  /// When the current step started (for spinners and lock-outs); read once per step.
  public var now: ContinuousClock.Instant
  /// The wall-clock time of the current step (for timestamps written on save).
  public var date: Date
  /// The logged-in user.
  public var user: UserRecord?
  /// Where failed logins are counted per name across sessions (nil: only in this one).
  public var loginThrottle: LoginThrottle?
  /// The database role every connection took for the user (`databaseRole`), nil for the
  /// role d2t connected as.
  public var databaseRole: String?
  /// Why a console statement could leave that role (the console is then refused).
  public var databaseRoleEscape: String?
  /// Searches, filters and statements typed on this connection, oldest first.
  public var history = History()
  /// The session's change journal (the journal page lists it).
  public var journal = SessionJournal()
  /// The assistant's rule file and the rules it wrote there (nil: it cannot write).
  public var assistantFile: AssistantFile?
  /// Panes follow the database (the runtime sets it: not with `--no-follow` or `followsData
  /// <= false`; off in a session made without the runtime).
  public var followsData = false

  init(
    rules: RuleEnvironment, registry: ComponentRegistry, theme: Theme, readOnly: Bool,
    readOnlyReason: String = "--read-only", databaseTitle: String, dialect: SQLDialect, now: ContinuousClock.Instant,
    date: Date
  ) {
    self.readOnlyReason = readOnlyReason
    self.date = date
    self.rules = rules
    self.registry = registry
    self.theme = theme
    self.readOnly = readOnly
    self.databaseTitle = databaseTitle
    self.dialect = dialect
    self.now = now
  }

  public var model: Model { rules.model }

  /// `This session is read-only (--read-only)`, or with the database's reason:
  /// `This session is read-only, as the file is opened read-only (mode=ro)`.
  static func readOnlyText(_ reason: String) -> String {
    reason == "--read-only" ? "This session is read-only (--read-only)" : "This session is read-only, as " + reason
  }

  /// A rule context for a task, optionally narrowed to an entity, a row and a property.
  public func context(
    task: PageTask, entity: Entity? = nil, row: Row? = nil, propertyKey: String? = nil
  ) -> RuleContext {
    rules.context(task: task, entity: entity, row: row, propertyKey: propertyKey)
  }

  public func entity(named name: String?) -> Entity? {
    name.flatMap { model[entity: $0] }
  }

  /// Why a fetch cannot run (an unknown property, a value of the wrong type), in words;
  /// SQL is generated from the session's copy of the model, never on a shared connection.
  public func problem(with spec: FetchSpecification) -> String? {
    if let entity = entity(named: spec.entityName) {
      let paths = (spec.qualifier?.keyPaths ?? []) + spec.sortOrderings.map(\.key) + (spec.keyPaths ?? [])
      if let refusal = hiddenRefusal(paths, from: entity) { return refusal }
    }
    do {
      _ = try Database.statement(for: spec, model: model, dialect: dialect)
      return nil
    } catch {
      return String(describing: error)
    }
  }
}
