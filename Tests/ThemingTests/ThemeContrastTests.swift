import Foundation
import TerminalCore
import Testing
@testable import Theming

/// Every shipped theme stays readable when degraded to 16 colours: no role draws text in the
/// colour of its own background; 8-colour terminals get the terminal theme, readable there.
@Suite struct ThemeContrastTests {
  static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")

  @Test func noRoleHidesItsTextAtSixteenColours() throws {
    let depth = ColorDepth.ansi16
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.themes.path).filter { $0.hasSuffix(".theme") }
    for file in files {
      let theme = try ThemeLoader.loadFile(Self.themes.appendingPathComponent(file).path).degraded(to: depth)
      for role in ThemeRole.allCases {
        let style = theme[role]
        guard style.foreground != .default, style.background != .default else { continue }
        #expect(style.foreground != style.background, "\(file) at \(depth): \(role) is \(style)")
      }
    }
  }

  @Test func eightColourTerminalsGetTheTerminalThemeAndAreTold() {
    let loader = ThemeLoader(directories: [Self.themes.path])
    let selection = loader.select(name: "light", depth: .ansi8, environment: [:])
    #expect(selection.theme.name == "Terminal")
    #expect(
      selection.warnings == ["this terminal shows 8 colours: the theme 'light' needs more; using the terminal theme"])
    for role in ThemeRole.allCases {
      let style = selection.theme[role]
      guard style.foreground != .default, style.background != .default else { continue }
      #expect(style.foreground != style.background, "\(role) is \(style)")
    }
    #expect(selection.theme[.error].foreground != .default, "colours, not monochrome")
  }
}
