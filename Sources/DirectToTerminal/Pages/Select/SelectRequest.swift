/// What a select page chooses for: the page waiting for the choice (an edit page's field, a
/// list of members) and its field.
public struct SelectRequest: Hashable, Sendable {
  /// The edit page waiting for the choice.
  public var page: PageID
  /// The to-one property being set.
  public var propertyKey: String
  /// Whether "Clear" may set it to null.
  public var allowsNull: Bool
  /// The destination attributes the foreign key refers to (fetched with every row).
  public var destinationKeys: [String]
  /// Whether `n` makes a new row for the field in a nested editor (an edit page's to-one).
  public var allowsNew: Bool
  /// Whether `Space` picks several rows that Enter gives together (members to add).
  public var allowsMany: Bool

  public init(
    page: PageID, propertyKey: String, allowsNull: Bool, destinationKeys: [String] = [], allowsNew: Bool = false,
    allowsMany: Bool = false
  ) {
    self.allowsMany = allowsMany
    self.page = page
    self.propertyKey = propertyKey
    self.allowsNull = allowsNull
    self.destinationKeys = destinationKeys
    self.allowsNew = allowsNew
  }
}
