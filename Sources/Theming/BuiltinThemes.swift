/// The default and monochrome themes compiled in, so a missing or broken file never leaves
/// the application without a theme. Tests check they equal the files in `Themes/`.
enum BuiltinThemes {
  static let defaultSource = """
    # d2t default theme (dark). Format: see Themes/README.md.
    name = Default dark

    $base    = #1b1d2b
    $raised  = #252838
    $text    = #c8d3f5
    $dim     = #7a88b8
    $blue    = #82aaff
    $cyan    = #86e1fc
    $green   = #c3e88d
    $yellow  = #ffc777
    $purple  = #c099ff
    $line    = #3b4261
    $select  = #2f4a7a

    background         = $text on $base
    foreground         = $text on $base
    surface            = $text on $base
    panel              = $text on $raised
    primary            = $blue on $base bold
    secondary          = $purple on $base
    accent             = $cyan on $base
    selection          = #ffffff on $select bold
    inactive-selection = $text on $line
    muted              = $dim on $base
    success            = $green on $base
    warning            = $yellow on $base bold
    error              = #ffffff on #a3303a bold
    border             = $line on $base
    focused-border     = $blue on $base
    header             = $blue on $base bold
    title              = $cyan on $base bold
    status-bar         = $text on $raised
    key-hint           = $yellow on $raised bold
    input              = $text on $raised
    focused-input      = #ffffff on $line
    placeholder        = $dim on $raised italic
    button             = $text on $line
    focused-button     = $base on $blue bold
    """

  static let monoSource = """
    # d2t monochrome theme: attributes only, no colours. Used on 8-colour terminals and when
    # NO_COLOR is set. Format: see Themes/README.md.
    name = Monochrome

    background         = default
    foreground         = default
    surface            = default
    panel              = default
    primary            = bold
    secondary          = underline
    accent             = bold
    selection          = reverse bold
    inactive-selection = reverse
    muted              = dim
    success            = bold
    warning            = bold underline
    error              = reverse bold
    border             = default
    focused-border     = bold
    header             = bold underline
    title              = bold
    status-bar         = reverse
    key-hint           = reverse bold
    input              = underline
    focused-input      = reverse
    placeholder        = dim
    button             = default
    focused-button     = reverse bold
    """

  /// Parses a compiled-in source; they are tested to parse, so the fallback is only a
  /// guard (an empty theme, i.e. the terminal's colours).
  static func parse(_ source: String) -> Theme {
    (try? ThemeParser.parse(source, file: "<built-in>")) ?? Theme(name: "plain", styles: [:])
  }
}
