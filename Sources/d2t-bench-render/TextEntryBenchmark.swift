import TerminalCore
import Theming
import Widgets

/// Text entry in a long field, as the `/` search line does it: a 100 KB bracketed paste
/// into a field and the field drawn, then one key typed at the end of the 100 KiB field
/// and the field drawn (targets ≤ 50 ms and ≤ 1 ms).
@MainActor func benchmarkTextEntry(theme: Theme) {
  let clock = ContinuousClock()
  let pasted = String(repeating: "lorem ipsum dolor sit amet, consectetur 日本語 ", count: 2_200).prefix(100_000)
  var pastes: [Duration] = []
  var field = TextFieldState()
  for _ in 0..<15 {
    field = TextFieldState()
    pastes.append(
      clock.measure {
        field.paste(String(pasted))
        drawField(&field, theme: theme)
      })
  }
  field = TextFieldState(String(repeating: "x", count: 102_400))
  var keys: [Duration] = []
  let key = KeyEvent(.character("a"))
  for _ in 0..<2_000 {
    keys.append(
      clock.measure {
        _ = field.handle(key)
        drawField(&field, theme: theme)
      })
  }
  func median(_ samples: [Duration]) -> String {
    let d = samples.sorted()[samples.count / 2]
    let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return ms >= 1 ? String(Int(ms + 0.5)) + " ms" : String(Int(ms * 1000 + 0.5)) + " µs"
  }
  print("text field: paste 100 KB and draw: median \(median(pastes)) (target ≤ 50 ms)")
  print("text field: a key in a 100 KiB field and draw: median \(median(keys)) (target ≤ 1 ms)")
}

@MainActor func drawField(_ field: inout TextFieldState, theme: Theme) {
  var buffer = Buffer(size: Size(width: 120, height: 1))
  TextField(theme: theme).render(in: buffer.area, buffer: &buffer, state: &field)
}
