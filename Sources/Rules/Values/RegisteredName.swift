/// What a registered name names.
public enum NameKind: String, Hashable, Sendable, CaseIterable {
  case component
  case page
  case formatter

  /// The Swift type of names of this kind: `ComponentName`.
  public var typeName: String {
    switch self {
    case .component: return "ComponentName"
    case .page: return "PageName"
    case .formatter: return "FormatterName"
    }
  }
}

/// A marker type giving a `RegisteredName` its kind.
public protocol NameKindMarker: Sendable {
  static var kind: NameKind { get }
}

/// Marks component names.
public enum ComponentKind: NameKindMarker {
  public static var kind: NameKind { .component }
}

/// Marks page names.
public enum PageKind: NameKindMarker {
  public static var kind: NameKind { .page }
}

/// Marks formatter names.
public enum FormatterKind: NameKindMarker {
  public static var kind: NameKind { .formatter }
}

/// The name of something the app registered: `RatingPicker`, `EditPage`.
///
/// Rules store names, never views: text rule files can name them, and the app looks
/// them up in its registry.
public struct RegisteredName<Kind: NameKindMarker>: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public var name: String

  public init(_ name: String) {
    self.name = name
  }

  public init(stringLiteral value: String) {
    self.name = value
  }

  public var description: String { name }
}

/// The name of a registered component: `RatingPicker`, `EditString`.
public typealias ComponentName = RegisteredName<ComponentKind>
/// The name of a registered page: `QueryListPage`.
public typealias PageName = RegisteredName<PageKind>
/// The name of a registered formatter: `CurrencyFormatter`.
public typealias FormatterName = RegisteredName<FormatterKind>

/// A Swift type that rules can name: `\.component <= RatingPicker()`.
///
/// The name defaults to the type's name; the app registers the type under it.
public protocol RuleNamed {
  associatedtype Kind: NameKindMarker
  var ruleName: String { get }
}

extension RuleNamed {
  public var ruleName: String { String(describing: Self.self) }
}
