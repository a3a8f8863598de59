import Foundation
import Testing

@testable import Theming

/// A theme path that is not a text file is refused with the reason, never read forever.
@Suite struct ThemeFileTests {
  @Test func directoriesDevicesAndNonUTF8FilesAreRefusedClearly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-theme-\(UUID()).theme")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      throws: ThemeError(
        file: folder.path, line: 1, column: 1, message: "cannot read the theme file: it is a directory, not a file")
    ) {
      try ThemeLoader.loadFile(folder.path)
    }
    #expect(
      throws: ThemeError(
        file: "/dev/zero", line: 1, column: 1, message: "cannot read the theme file: it is a device, not a regular file"
      )
    ) {
      try ThemeLoader.loadFile("/dev/zero")
    }
    let latin1 = folder.appendingPathComponent("latin1.theme")
    try Data([0x23, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: latin1)
    #expect(
      throws: ThemeError(
        file: latin1.path, line: 1, column: 1,
        message: "cannot read the theme file: it is not UTF-8 text: invalid byte 0xE9 at byte offset 5 (line 1)")
    ) {
      try ThemeLoader.loadFile(latin1.path)
    }
  }

  /// `--theme /dev/zero` or `--theme some/folder`: a path, refused with the reason and the
  /// built-in theme used — not looked up as a theme name, never read forever.
  @Test func pathsThatAreNotThemeFilesAreNamedAsSuch() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-themes-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let loader = ThemeLoader(directories: [folder.path])
    let device = loader.select(name: "/dev/zero", depth: .trueColor, environment: [:])
    #expect(
      device.warnings == [
        "/dev/zero:1:1: cannot read the theme file: it is a device, not a regular file; using the built-in Default dark theme"
      ])
    let directory = loader.select(name: folder.path, depth: .trueColor, environment: [:])
    #expect(
      directory.warnings == [
        "\(folder.path):1:1: cannot read the theme file: it is a directory, not a file; using the built-in Default dark theme"
      ])
    let missing = loader.select(name: "nosuchtheme", depth: .trueColor, environment: [:])
    #expect(missing.warnings.first?.hasPrefix("theme 'nosuchtheme' not found") == true, "\(missing.warnings)")
  }
}
