import Access
import DirectToTerminal

/// A display component of the program's own: a number from 0 to 5 as stars (`★★★☆☆`).
/// The rule `entity.name = 'Film' and propertyKey = 'stars' => component <= StarRating`
/// puts it in every list and inspector that shows a film's stars.
struct StarRating: DisplayComponent {
  func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(let stored) = value, let stars = stored.int64Value else {
      return DisplayCell(context.displayStringForNil, role: .muted)
    }
    let shown = Int(max(0, min(5, stars)))
    return DisplayCell(String(repeating: "★", count: shown) + String(repeating: "☆", count: 5 - shown))
  }
}
