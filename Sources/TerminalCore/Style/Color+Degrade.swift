extension Color {
  /// The nearest colour this depth can show. RGB becomes the nearest xterm-256 entry, 256
  /// colours become the nearest of the 16 ANSI colours, bright colours lose their
  /// brightness at 8 colours, and monochrome keeps only `.default`.
  public func degraded(to depth: ColorDepth) -> Color {
    switch (self, depth) {
    case (.default, _), (_, .trueColor): return self
    case (_, .monochrome): return .default
    case (.rgb(let r, let g, let b), .indexed256): return .indexed(Color.nearest256(r, g, b))
    case (.indexed, .indexed256): return self
    case (.rgb, _), (.indexed, _):
      let ansi = Color.nearestAnsi16(self.rgbValue)
      return .indexed(depth == .ansi8 ? ansi & 7 : ansi)
    }
  }

  /// The approximate RGB value of this colour (xterm defaults for the palette).
  public var rgbValue: (UInt8, UInt8, UInt8) {
    switch self {
    case .default: return (0, 0, 0)
    case .rgb(let r, let g, let b): return (r, g, b)
    case .indexed(let i): return Color.paletteRGB(Int(i))
    }
  }

  static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
    (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
  static let cubeSteps: [Int] = [0, 95, 135, 175, 215, 255]

  static func paletteRGB(_ index: Int) -> (UInt8, UInt8, UInt8) {
    if index < 16 { return ansiRGB[index] }
    if index >= 232 {
      let v = UInt8(8 + (index - 232) * 10)
      return (v, v, v)
    }
    let i = index - 16
    return (
      UInt8(cubeSteps[i / 36]), UInt8(cubeSteps[(i / 6) % 6]), UInt8(cubeSteps[i % 6])
    )
  }

  static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
    let dr = Int(a.0) - Int(b.0)
    let dg = Int(a.1) - Int(b.1)
    let db = Int(a.2) - Int(b.2)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }

  static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    func step(_ v: UInt8) -> Int {
      cubeSteps.indices.min { abs(cubeSteps[$0] - Int(v)) < abs(cubeSteps[$1] - Int(v)) } ?? 0
    }
    let cube = 16 + 36 * step(r) + 6 * step(g) + step(b)
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let grey = 232 + min(23, max(0, (average - 3) / 10))
    let target = (r, g, b)
    return UInt8(
      distance(paletteRGB(cube), target) <= distance(paletteRGB(grey), target) ? cube : grey)
  }

  static func nearestAnsi16(_ rgb: (UInt8, UInt8, UInt8)) -> UInt8 {
    let best = ansiRGB.indices.min { distance(ansiRGB[$0], rgb) < distance(ansiRGB[$1], rgb) }
    return UInt8(best ?? 7)
  }
}

extension Style {
  /// This style with both colours degraded to `depth`; attributes are kept.
  public func degraded(to depth: ColorDepth) -> Style {
    Style(
      foreground: foreground.degraded(to: depth), background: background.degraded(to: depth),
      attributes: attributes)
  }
}
