import Foundation
import TerminalCore
import Testing

@testable import Theming

let themesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Themes").path

@Test func everyShippedThemeParsesAndDefinesEveryRole() throws {
  let files = try FileManager.default.contentsOfDirectory(atPath: themesDirectory)
    .filter { $0.hasSuffix(".theme") }.sorted()
  #expect(files == ["default.theme", "high-contrast.theme", "light.theme", "mono.theme", "terminal.theme"])
  for file in files {
    let theme = try ThemeLoader.loadFile("\(themesDirectory)/\(file)")
    #expect(Set(theme.styles.keys) == Set(ThemeRole.allCases), "\(file)")
  }
}

@Test func builtinThemesEqualTheShippedFiles() throws {
  #expect(
    try ThemeLoader.loadFile("\(themesDirectory)/default.theme").styles
      == Theme.builtinDefault.styles)
  #expect(
    try ThemeLoader.loadFile("\(themesDirectory)/mono.theme").styles == Theme.builtinMono.styles)
  #expect(Theme.builtinDefault.name == "Default dark")
}

@Test func monoThemeUsesNoColours() {
  for style in Theme.builtinMono.styles.values {
    #expect(style.foreground == .default && style.background == .default)
  }
}

@Test func parsesColoursVariablesAndAttributes() throws {
  let theme = try ThemeParser.parse(
    """
    # comment
    name = Test
    $bg = #102030
    selection = black on $bg bold reverse
    error = 196 on #fff
    muted = dim
    """, file: "t.theme")
  #expect(theme.name == "Test")
  #expect(
    theme[.selection]
      == Style(
        foreground: .black, background: .rgb(0x10, 0x20, 0x30), attributes: [.bold, .reverse]))
  #expect(theme[.error] == Style(foreground: .indexed(196), background: .rgb(255, 255, 255)))
  #expect(theme[.muted] == Style(attributes: .dim))
  #expect(theme[.placeholder] == theme[.muted])
  #expect(theme[.panel] == .plain)
}

@Test(arguments: [
  (
    "selection = blu on black",
    "t.theme:1:13: unknown colour 'blu' (use #rrggbb, #rgb, 0–255, default or an ANSI name such as bright-blue)"
  ),
  (
    "\n\nsurfce = red",
    "t.theme:3:1: unknown role 'surfce' (known roles: \(ThemeRole.allCases.map(\.fileName).joined(separator: ", ")))"
  ),
  ("error = red on", "t.theme:1:13: 'on' needs a background colour"),
  (
    "error = red green",
    "t.theme:1:13: unexpected 'green': write `FOREGROUND on BACKGROUND ATTRIBUTES…`"
  ),
  ("error = $nope", "t.theme:1:9: undefined variable '$nope'"),
  ("error red", "t.theme:1:1: expected `role = style`, `name = …` or `$variable = colour`"),
  ("error =", "t.theme:1:1: missing style after '='"),
  ("muted = dim\nmuted = bold", "t.theme:2:1: role 'muted' is defined twice"),
])
func badThemesAreReportedWithFileLineAndColumn(text: String, message: String) {
  #expect(throws: ThemeError.self) { try ThemeParser.parse(text, file: "t.theme") }
  do {
    _ = try ThemeParser.parse(text, file: "t.theme")
  } catch {
    #expect(error.description == message)
  }
}

@Test func loaderFallsBackToTheBuiltinDefaultWithAWarning() throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-theme-\(UUID())")
    .path
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try "surface = red on nope\n".write(
    toFile: "\(dir)/broken.theme", atomically: true, encoding: .utf8)
  let loader = ThemeLoader(directories: [dir])
  let broken = loader.select(name: "broken", depth: .trueColor, environment: [:])
  #expect(broken.theme == Theme.builtinDefault)
  #expect(
    broken.warnings == [
      "\(dir)/broken.theme:1:18: unknown colour 'nope' (use #rrggbb, #rgb, 0–255, default or an ANSI name such as bright-blue); using the built-in Default dark theme"
    ])
  let missing = loader.select(name: "nothere", depth: .trueColor, environment: [:])
  #expect(missing.theme == Theme.builtinDefault)
  #expect(missing.warnings.first?.hasPrefix("theme 'nothere' not found") == true)
}

@Test func noColorGetsTheMonochromeThemeAndEightColoursTheTerminalTheme() {
  let loader = ThemeLoader(directories: [themesDirectory])
  let noColor = loader.select(name: "light", depth: .trueColor, environment: ["NO_COLOR": "1"])
  #expect(noColor.theme.name == "Monochrome")
  #expect(noColor.warnings.isEmpty)
  #expect(loader.select(name: nil, depth: .ansi8, environment: [:]).theme.name == "Terminal")
  #expect(loader.select(name: nil, depth: .monochrome, environment: [:]).theme.name == "Monochrome")
  let light = loader.select(name: "light", depth: .indexed256, environment: [:])
  #expect(light.theme.name == "Light")
  #expect(light.theme[.error].background == .indexed(160))
}

@Test(arguments: [
  (Color.rgb(255, 0, 0), ColorDepth.indexed256, Color.indexed(196)),
  (.rgb(0x1b, 0x1d, 0x2b), .indexed256, .indexed(235)),
  (.rgb(255, 0, 0), .ansi16, .indexed(9)),
  (.indexed(196), .ansi16, .indexed(9)),
  (.indexed(9), .ansi8, .indexed(1)),
  (.rgb(10, 200, 10), .monochrome, .default),
  (.default, .ansi8, .default),
  (.rgb(1, 2, 3), .trueColor, .rgb(1, 2, 3)),
])
func coloursDegradeToTheTerminalDepth(color: Color, depth: ColorDepth, expected: Color) {
  #expect(color.degraded(to: depth) == expected)
}

@Test func colorDepthDetection() {
  #expect(ColorDepth.detect(colors: 256, environment: ["COLORTERM": "truecolor"]) == .trueColor)
  #expect(ColorDepth.detect(colors: 256, environment: [:]) == .indexed256)
  #expect(ColorDepth.detect(colors: 1 << 24, environment: [:]) == .trueColor)
  #expect(ColorDepth.detect(colors: 8, environment: [:]) == .ansi8)
  #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
  #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": ""]) == .indexed256)
}
