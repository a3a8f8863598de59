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
    rowCount = state.window.rowCount ?? 0
    largest = state.window.largestCount
    let texts = state.window.groups.prefix(500).map { state.request.text(of: $0).terminalSafe.displayWidth }
    countWidth = max(5, grouped(largest).count)
    valueWidth = min(max(5, texts.max() ?? 0, state.request.label.displayWidth), max(5, width / 2))
    barWidth = max(0, width - valueWidth - countWidth - Self.shareWidth - 4)
  }

  var header: String {
    " " + request.label.terminalSafe.fitted(toWidth: valueWidth) + " "
      + "Count".fitted(toWidth: countWidth, alignment: .right) + " "
      + "%".fitted(toWidth: Self.shareWidth, alignment: .right)
  }

  func line(_ group: Frequency) -> String {
    let share = rowCount > 0 ? Double(group.count) * 100 / Double(rowCount) : 0
    let fraction = largest > 0 ? Double(group.count) / Double(largest) : 0
    return request.text(of: group).terminalSafe.fitted(toWidth: valueWidth) + " "
      + grouped(group.count).fitted(toWidth: countWidth, alignment: .right)
      + " " + String(format: "%.1f%%", share).fitted(toWidth: Self.shareWidth, alignment: .right) + " "
      + FrequencyBar.text(fraction: fraction, width: barWidth)
  }
}
