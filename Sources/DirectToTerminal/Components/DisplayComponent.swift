import Access
import TerminalCore
import Theming

/// What a property holds, as a component receives it.
public enum PropertyValue: Hashable, Sendable {
  /// An attribute's value.
  case value(DatabaseValue)
  /// A to-one relationship: the related row's title, nil when there is none.
  case toOne(title: String?)
  /// A to-one whose key (`ZZ`, or `1, 7`) names no related row: a dangling reference
  /// (SQLite without foreign key checks, a key that was never declared), shown as held.
  case missingToOne(key: String)
  /// A to-many relationship: the number of related rows, nil while unknown.
  case toMany(count: Int?)
}

/// What a component draws for one property: text, alignment and a theme role.
public struct DisplayCell: Hashable, Sendable {
  public var text: String
  public var alignment: Alignment
  /// The role to draw the text in (nil: the surrounding role).
  public var role: ThemeRole?

  public init(_ text: String, alignment: Alignment = .left, role: ThemeRole? = nil) {
    self.text = text
    self.alignment = alignment
    self.role = role
  }
}

/// What a component may know about the property it shows.
public struct ComponentContext: Sendable {
  public var attribute: Attribute?
  public var relationship: Relationship?
  /// The `formatter` rule's formatter, if it names a known one.
  public var formatter: ValueFormatter?
  /// The `displayStringForNil` rule's text.
  public var displayStringForNil: String
  /// True in an inspector, where a component may show everything (full JSON, wrapped
  /// text); false in a list cell.
  public var isDetail: Bool

  public init(
    attribute: Attribute? = nil, relationship: Relationship? = nil, formatter: ValueFormatter? = nil,
    displayStringForNil: String = "-", isDetail: Bool = false
  ) {
    self.attribute = attribute
    self.relationship = relationship
    self.formatter = formatter
    self.displayStringForNil = displayStringForNil
    self.isDetail = isDetail
  }
}

/// Displays one property: picked by name through the `component` rule key and registered in
/// a `ComponentRegistry`, so rule files and Swift code can plug in new ones.
///
///     struct Shouting: DisplayComponent {
///       func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
///         DisplayCell(DisplayString().display(value, in: context).text.uppercased())
///       }
///     }
///     registry.register("Shouting", Shouting())
public protocol DisplayComponent: Sendable {
  /// The cell for a list or a form row.
  func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell
  /// The lines an inspector shows for the property, wrapped to `width`; the default is the
  /// display cell's text on one line.
  func detailLines(_ value: PropertyValue, in context: ComponentContext, width: Int) -> [String]
}

extension DisplayComponent {
  public func detailLines(_ value: PropertyValue, in context: ComponentContext, width: Int) -> [String] {
    [display(value, in: context).text]
  }
}
