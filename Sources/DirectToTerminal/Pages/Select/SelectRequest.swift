/// What a select page chooses for: the edit page waiting for the choice and its field.
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

  public init(
    page: PageID, propertyKey: String, allowsNull: Bool, destinationKeys: [String] = [], allowsNew: Bool = false
  ) {
    self.page = page
    self.propertyKey = propertyKey
    self.allowsNull = allowsNull
    self.destinationKeys = destinationKeys
    self.allowsNew = allowsNew
  }
}
