import Testing

@testable import DirectToTerminal

/// The inspector's layout cache holds the last few long values and nothing of the ones it
/// let go: a long session that shows thousands of long values keeps 16 layouts.
@Suite struct LayoutCacheTests {
  @Test func aValueLetGoIsForgottenWhole() {
    let cache = LayoutCache()
    let texts = (0..<100).map { String(repeating: "value \($0) ", count: 400) }
    for text in texts { _ = cache.lines(text, width: 40, kind: "text") { [$0] } }
    #expect(cache.computations(of: texts[0]) == 0, "the first value is gone, counter and all")
    #expect(cache.computations(of: texts[99]) == 1)
    _ = cache.lines(texts[99], width: 40, kind: "text") { [$0] }
    #expect(cache.computations(of: texts[99]) == 1, "the last value is laid out once")
  }
}
