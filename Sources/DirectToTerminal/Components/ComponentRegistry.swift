/// Components, pages and formatters by the names rules use.
///
/// The `d2t` executable registers the built-ins; a Swift program embedding d2t registers
/// its own before running, and rule files name them: `component <= "RatingPicker"`.
public struct ComponentRegistry: Sendable {
  private var display: [String: any DisplayComponent] = [:]
  private var formatters: [String: ValueFormatter] = [:]
  /// Names of edit components (implemented with the edit page) so `rules check` knows them.
  public private(set) var editNames: Set<String> = []

  public init() {}

  /// The built-in display components and formatters.
  public static var standard: ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register("DisplayString", DisplayString())
    registry.register("DisplayLargeString", DisplayLargeString())
    registry.register("DisplayNumber", DisplayNumber())
    registry.register("DisplayDate", DisplayDate())
    registry.register("DisplayBool", DisplayBool())
    registry.register("DisplayEmail", DisplayEmail())
    registry.register("DisplayPassword", DisplayPassword())
    registry.register("DisplayEnum", DisplayEnum())
    registry.register("DisplayBinary", DisplayBinary())
    registry.register("DisplayArray", DisplayArray())
    registry.register("DisplayJSON", DisplayJSON())
    registry.register("DisplayToOne", DisplayToOne())
    registry.register("DisplayToMany", DisplayToMany())
    return registry
  }

  public mutating func register(_ name: String, _ component: any DisplayComponent) {
    display[name] = component
  }

  public mutating func register(formatter: ValueFormatter) {
    formatters[formatter.name] = formatter
  }

  public mutating func registerEditComponentName(_ name: String) {
    editNames.insert(name)
  }

  /// The component for `name`; an unknown name gives a component that draws an error cell.
  public func component(named name: String) -> any DisplayComponent {
    display[name] ?? UnknownComponent(name: name)
  }

  public func hasComponent(named name: String) -> Bool {
    display[name] != nil || editNames.contains(name)
  }

  /// A registered formatter, else a built-in one (`currency`, `number:2`, …).
  public func formatter(named name: String) -> ValueFormatter? {
    formatters[name] ?? ValueFormatter.named(name)
  }

  /// Every component name, for `d2t rules check`.
  public var componentNames: [String] { (Array(display.keys) + Array(editNames)).sorted() }

  public var formatterNames: [String] {
    (Array(formatters.keys) + ValueFormatter.knownNames).sorted()
  }
}
