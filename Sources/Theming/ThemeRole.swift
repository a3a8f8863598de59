/// What a piece of the screen *is*, so a theme can decide how it looks. Widgets ask for
/// roles, never for colours.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable {
  /// The screen behind everything.
  case background
  /// Ordinary text.
  case foreground
  /// Content areas (lists, tables, forms).
  case surface
  /// Raised areas: dialogs, popups, side panels.
  case panel
  /// The main accent: titles, focused things.
  case primary
  /// A second accent.
  case secondary
  /// Small highlights (key names in hints, matches).
  case accent
  /// The selected row or item in the focused widget.
  case selection
  /// The selected row in a widget without focus.
  case inactiveSelection
  /// Less important text: hints, placeholders, position indicators.
  case muted
  /// Success messages.
  case success
  /// Warnings.
  case warning
  /// Errors.
  case error
  /// Box and divider lines.
  case border
  /// The border of the focused pane or dialog.
  case focusedBorder
  /// Table headers and form labels.
  case header
  /// Pane and dialog titles.
  case title
  /// The status bar.
  case statusBar
  /// Key names in the status bar and help.
  case keyHint
  /// Text being edited.
  case input
  /// The focused text field.
  case focusedInput
  /// Placeholder text in empty fields.
  case placeholder
  /// A dialog button.
  case button
  /// The focused dialog button.
  case focusedButton

  /// The role used when a theme does not define this one; nil for `background`.
  public var fallback: ThemeRole? {
    switch self {
    case .background: return nil
    case .foreground, .surface: return .background
    case .panel: return .surface
    case .primary, .muted, .success, .warning, .error, .input: return .foreground
    case .secondary, .accent, .focusedBorder, .title, .header: return .primary
    case .selection: return .foreground
    case .inactiveSelection, .focusedButton, .focusedInput: return .selection
    case .border, .placeholder: return .muted
    case .statusBar, .button: return .panel
    case .keyHint: return .accent
    }
  }

  /// The name used in theme files: the case name in kebab case (`focused-border`).
  public var fileName: String {
    rawValue.reduce(into: "") { name, c in
      if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
    }
  }

  /// The role with this theme-file name.
  public init?(fileName: String) {
    guard let role = ThemeRole.allCases.first(where: { $0.fileName == fileName }) else {
      return nil
    }
    self = role
  }
}
