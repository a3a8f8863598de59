import Qualifiers
import Testing

@Test func propertyPathSplitsAtDots() {
  let path = PropertyPath("address.city.country")
  #expect(path.components == ["address", "city", "country"])
  #expect(path.first == "address")
  #expect(path.rest.description == "city.country")
}
