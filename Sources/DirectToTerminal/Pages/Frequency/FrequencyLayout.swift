import Access
import TerminalCore
import Widgets

/// The columns of the frequency page at a width: value, count, share and a bar for the
/// rest (its length relative to the largest group's count).
struct FrequencyLayout {
  let request: FrequencyRequest
  let rowCount: Int
  let largest: Int
  let valueWidth: Int
  let countWidth: Int
  let barWidth: Int

  static let shareWidth = 6

  init(state: FrequencyFeature.State, width: Int) {
    request = state.request
    rowCount = state.rowCount ?? 0
    largest = state.largestCount
    let texts = state.groups.prefix(500).map { state.request.text(of: $0).terminalSafe.displayWidth }
    countWidth = max(5, grouped(largest).count)
    valueWidth = min(max(5, texts.max() ?? 0, state.request.label.displayWidth), max(5, width / 2))
    barWidth = max(0, width - valueWidth - countWidth - Self.shareWidth - 4)
  }

  var header: String {
    " " + pad(request.label.terminalSafe, valueWidth) + " " + leftPad("Count", countWidth) + " "
      + leftPad("%", Self.shareWidth)
  }

  func line(_ group: Frequency) -> String {
    let share = rowCount > 0 ? Double(group.count) * 100 / Double(rowCount) : 0
    let fraction = largest > 0 ? Double(group.count) / Double(largest) : 0
    return pad(request.text(of: group).terminalSafe, valueWidth) + " " + leftPad(grouped(group.count), countWidth)
      + " " + leftPad(String(format: "%.1f%%", share), Self.shareWidth) + " "
      + FrequencyBar.text(fraction: fraction, width: barWidth)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    let cut = text.displayWidth > width ? text.truncated(toWidth: width) : text
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }

  private func leftPad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.displayWidth)) + text
  }
}
