import Foundation
import Rules

extension Rule {
  /// Where the rule was written, short: `sakila.rules:12`, or `Swift rule`.
  var place: String {
    source.map { "\(($0.file as NSString).lastPathComponent):\($0.line)" } ?? "Swift rule"
  }
}
