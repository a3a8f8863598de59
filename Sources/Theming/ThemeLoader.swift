import Foundation
import TerminalCore

/// Picks and loads the theme for a terminal: the monochrome theme under `NO_COLOR` or on
/// terminals with fewer than 16 colours, otherwise the named theme file (default:
/// `default`). A missing or broken file is reported and the built-in default is used.
/// The result is degraded to the terminal's colour depth.
public struct ThemeLoader: Sendable {
  /// Directories searched for `NAME.theme`, in order.
  public var directories: [String]
  /// Themes embedded in the binary (name → text), used when no directory has the file.
  public var embedded: [String: String]

  /// Creates a loader searching `directories`, then `embedded`.
  public init(directories: [String], embedded: [String: String] = [:]) {
    self.directories = directories
    self.embedded = embedded
  }

  /// Every theme name available: embedded ones and `*.theme` files in the directories.
  public var names: [String] {
    var names = Set(embedded.keys)
    for directory in directories {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      for file in files where file.hasSuffix(".theme") { names.insert(String(file.dropLast(6))) }
    }
    return names.sorted()
  }

  /// The outcome of choosing a theme.
  public struct Selection: Sendable {
    /// The theme to draw with, already degraded to the colour depth.
    public var theme: Theme
    /// Problems found on the way (`file:line:col: message; using …`), for the log or a
    /// banner.
    public var warnings: [String]
  }

  /// Chooses the theme. `name` may be a theme name (looked up in `directories`) or a path
  /// ending in `.theme`; nil means `default`.
  public func select(
    name: String?, depth: ColorDepth, environment: [String: String]
  ) -> Selection {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    if noColor || depth < .ansi8 {
      var selection = load(name: "mono", builtin: Theme.builtinMono)
      selection.theme = selection.theme.degraded(to: .monochrome)
      return selection
    }
    // Eight colours cannot tell a theme's shades apart: the terminal theme, whose accents
    // are the eight basic colours on the terminal's own background, reads on any of them.
    if depth == .ansi8 {
      var selection = load(name: "terminal", builtin: Theme.builtinMono)
      selection.theme = selection.theme.degraded(to: .ansi8)
      let asked = name.map { "the theme '\($0)' needs more; " } ?? ""
      selection.warnings.append("this terminal shows 8 colours: \(asked)using the terminal theme")
      return selection
    }
    var selection = load(name: name ?? "default", builtin: Theme.builtinDefault)
    selection.theme = selection.theme.degraded(to: depth)
    return selection
  }

  /// Loads a theme file, falling back to `builtin` with a warning when the file is missing
  /// or invalid.
  /// A name with a `/` or ending in `.theme` is a path; so is any other name that no theme
  /// has but the file system does (`--theme fifo`): the file is then read as it is, and a
  /// directory, device or pipe is refused with the reason instead of being looked up as a
  /// theme name.
  public func load(name: String, builtin: Theme) -> Selection {
    let isPath = name.contains("/") || name.hasSuffix(".theme")
    let candidates =
      isPath ? [name] : directories.map { ($0 as NSString).appendingPathComponent("\(name).theme") }
    var found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
    if found == nil, isPath || embedded[name] == nil, Self.exists(name) { found = name }
    guard let path = found else {
      if let text = embedded[name] {
        do {
          return Selection(theme: try ThemeParser.parse(text, file: "\(name).theme (built in)"), warnings: [])
        } catch {
          return Selection(theme: builtin, warnings: ["\(error); using the built-in \(builtin.name) theme"])
        }
      }
      let available = (Set(embedded.keys).sorted()).joined(separator: ", ")
      let searched = candidates.joined(separator: ", ") + (available.isEmpty ? "" : "; built in: " + available)
      return Selection(
        theme: builtin,
        warnings: [
          "theme '\(name)' not found (looked for \(searched)); using the built-in \(builtin.name) theme"
        ])
    }
    do {
      return Selection(theme: try ThemeLoader.loadFile(path), warnings: [])
    } catch {
      return Selection(
        theme: builtin, warnings: ["\(error); using the built-in \(builtin.name) theme"])
    }
  }

  /// Whether the path names anything in the file system: a file, a directory, a device…
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Parses one theme file; errors name the file, line and column.
  public static func loadFile(_ path: String) throws -> Theme {
    let text: String
    do throws(TextFile.Failure) {
      text = try TextFile.read(path)
    } catch {
      throw ThemeError(
        file: path, line: error.line ?? 1, column: 1, message: "cannot read the theme file: it \(error.reason)")
    }
    return try ThemeParser.parse(text, file: path)
  }
}
