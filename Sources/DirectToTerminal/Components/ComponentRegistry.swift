/// Components, pages and formatters by the names rules use.
///
/// The `d2t` executable registers the built-ins; a Swift program embedding d2t registers
/// its own before running, and rule files name them: `component <= "RatingPicker"`.
public struct ComponentRegistry: Sendable {
  private var display: [String: any DisplayComponent] = [:]
  private var formatters: [String: ValueFormatter] = [:]
  private var editors: [String: any EditComponent] = [:]
  /// The built-in edit components, drawn and driven by the edit page itself.
  public static let builtinEditNames: Set<String> = [
    "EditString", "EditLargeString", "EditNumber", "EditDate", "EditTime", "EditBool", "EditChoice",
    "EditToOne", "EditToMany", "EditPassword",
  ]

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
    registry.register(edit: "EditChoice", ChoicePickerEditor())
    registry.register(edit: "RatingPicker", RatingPicker())
    return registry
  }

  public mutating func register(_ name: String, _ component: any DisplayComponent) {
    display[name] = component
  }

  public mutating func register(formatter: ValueFormatter) {
    formatters[formatter.name] = formatter
  }

  /// Registers an edit component under the name rules give it in the edit task.
  public mutating func register(edit name: String, _ component: any EditComponent) {
    editors[name] = component
  }

  /// The custom edit component for `name`, if one is registered.
  public func editor(named name: String) -> (any EditComponent)? {
    editors[name]
  }

  /// The component for `name`; an unknown name gives a component that draws an error cell.
  public func component(named name: String) -> any DisplayComponent {
    display[name] ?? UnknownComponent(name: name)
  }

  public func hasComponent(named name: String) -> Bool {
    display[name] != nil || editors[name] != nil || Self.builtinEditNames.contains(name)
  }

  /// A registered formatter, else a built-in one (`currency`, `number:2`, …).
  public func formatter(named name: String) -> ValueFormatter? {
    formatters[name] ?? ValueFormatter.named(name)
  }

  /// Every component name, for `d2t rules check`.
  public var componentNames: [String] {
    Set(display.keys).union(editors.keys).union(Self.builtinEditNames).sorted()
  }

  public var formatterNames: [String] {
    (Array(formatters.keys) + ValueFormatter.knownNames).sorted()
  }
}
