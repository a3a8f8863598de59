import Access
import Testing

/// A batch step reads back what it wrote and compares: the same number written another way
/// is the same value (SQLite keeps `2.50` typed into a DECIMAL column as the REAL 2.5).
@Suite struct StoredValueTests {
  @Test func theSameNumberWrittenAnotherWayIsTheSameValue() {
    #expect(DatabaseValue.real(2.5).isStored(as: .decimal("2.50")))
    #expect(DatabaseValue.decimal("2.5").isStored(as: .decimal("2.50")))
    #expect(DatabaseValue.integer(7).isStored(as: .decimal("7.00")))
    #expect(DatabaseValue.decimal("-0.0").isStored(as: .integer(0)))
    #expect(DatabaseValue.integer(1).isStored(as: .bool(true)))
    #expect(!DatabaseValue.real(2.5).isStored(as: .decimal("2.51")))
    #expect(!DatabaseValue.text("2.50").isStored(as: .decimal("2.5")), "text is compared as text")
    #expect(!DatabaseValue.null.isStored(as: .integer(0)))
  }
}
