/// The standard keys: those of Direct to SwiftUI that make sense in a terminal, plus
/// d2t's own (`theme`, `sortOrderings`, `pageSize`).
enum StandardKeys {
  /// Keys of Direct to SwiftUI's rules that d2t accepts (so a shared rule file loads) but
  /// that change nothing here, and why: `rules check` warns about them.
  static let inert: [String: String] = [
    "rowComponent": "it names Direct to SwiftUI's row views; d2t lays out list rows and form fields itself"
  ]

  static let definitions: [RuleKeyDefinition] = [
    // Navigation and task
    .init(\.task, doc: "The current task: query, list, inspect, edit, select, login."),
    .init(\.firstTask, doc: "The task shown at startup; 'login' shows the login page first."),
    .init(\.nextTask, doc: "The task Enter leads to from the current one."),
    .init(\.page, doc: "The page shown for the current task."),
    .init(\.look, doc: "A free selector for rules that restyle the app."),
    .init(\.theme, doc: "The colour theme."),

    // Database, model, entity, object, property
    .init(\.database, doc: "The connected database (set by the app)."),
    .init(\.model, doc: "The model read from the database catalog (set by the app)."),
    .init(\.entity, doc: "The current entity (table)."),
    .init(\.attribute, doc: "The attribute named by propertyKey, if it is one (set by the app)."),
    .init(\.relationship, doc: "The relationship named by propertyKey, if it is one (set by the app)."),
    .init(\.object, doc: "The current record."),
    .init(\.user, doc: "The logged-in user's record."),
    .init(\.propertyKey, doc: "The property being shown; may be a key path such as address.phone."),
    .init(\.auxiliaryQualifier, doc: "An extra condition ANDed into list queries."),

    // Display
    .init(\.title, doc: "The title of the current object, entity or database."),
    .init(\.navigationBarTitle, doc: "The title shown in the page's title bar."),
    .init(\.displayNameForEntity, doc: "The name shown for an entity."),
    .init(\.displayNameForProperty, doc: "The label of a property; empty hides the label."),
    .init(\.displayStringForNil, doc: "The text shown for a null value."),
    .init(\.hideEmptyProperty, doc: "Hide null or empty attributes on inspect pages."),
    .init(\.formatter, doc: "The formatter that shows and reads a property's value."),
    .init(\.displayPropertyKeys, doc: "The properties shown on a page or in a summary, in order."),
    .init(\.visibleEntityNames, doc: "The entities listed on the entity-list page, in order."),
    .init(\.sortOrderings, doc: "How lists sort: 'lastName, firstName desc'."),
    .init(\.pageSize, doc: "How many rows a list fetches at a time."),

    // Components
    .init(\.component, doc: "The component that shows or edits one property."),
    .init(\.rowComponent, doc: "The row for a record in lists, or a property in forms."),
    .init(\.debugComponent, doc: "The debug panel shown below pages when debug is on."),

    // Permissions and creation
    .init(\.isEntityReadOnly, doc: "Whether records of the entity may not be written."),
    .init(\.readOnlyEntityNames, doc: "Entities that may not be written."),
    .init(\.isObjectEditable, doc: "Whether the current record may be edited."),
    .init(\.isObjectDeletable, doc: "Whether the current record may be deleted."),
    .init(\.initialPropertyValues, doc: "Values given to a new record: { lastUpdate = …; }."),
    .init(\.creationTimestampPropertyKey, doc: "The property set to now when a record is created."),
    .init(\.updateTimestampPropertyKey, doc: "The property set to now when a record is saved."),
    .init(
      \.inlineRelationshipKeys,
      doc: "To-many relationships edited as lines of the edit page (an invoice's lines), saved with the row."),
    .init(
      \.summaryGroupKeys,
      doc: "What the group-by page (b) groups an entity's rows by: (rating), (customer, 'paymentDate:month')."),
    .init(
      \.summaryAggregates, doc: "What the group-by page adds up for each group: ('sum(amount)', 'avg(amount)')."),
    .init(
      \.sparklineDateKey,
      doc:
        "A to-many's date the inspector charts its rows by, beside the count: 'rentalDate' (per month), 'rentalDate:year'."
    ),
    .init(\.followsData, doc: "Visible panes follow rows other clients change (checked every second)."),
    .init(\.notifyChannels, doc: "PostgreSQL channels the database's triggers NOTIFY on: panes fetch again at once."),
    .init(\.keepsJournal, doc: "Keep the change journal across sessions ($XDG_STATE_HOME/d2t/journal)."),

    // Who may do what: allowed without a login page; with one (firstTask <= 'login'),
    // refused unless a rule grants them.
    .init(\.allowsAssistant, doc: "Whether the user may use the assistant (A), which writes rules."),
    .init(\.allowsConsole, doc: "Whether the user may open the SQL console (:)."),
    .init(\.allowsConsoleWrites, doc: "Whether the user may change data from the console (else it only reads)."),
    .init(\.allowsExport, doc: "Whether the user may export rows (x)."),
    .init(
      \.allowsPermissionRules,
      doc: "Whether the assistant may write rules that change permissions or apply to everyone for the user."),
    .init(
      \.isEntityHidden,
      doc: "Whether the entity is hidden from the user: no page, key path, filter or navigation reaches it."),
    .init(
      \.databaseRole,
      doc:
        "The PostgreSQL role every connection takes after login (SET ROLE): its privileges and row-level security apply."
    ),

    // Debug
    .init(\.debug, doc: "Shows debug panels and component tags."),
  ]
}
