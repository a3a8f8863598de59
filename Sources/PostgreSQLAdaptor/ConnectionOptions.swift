import CLibPQ

/// The options of a libpq connection string or URL, parsed by libpq (`PQconninfoParse`).
struct ConnectionOptions {
  private var values: [String: String] = [:]

  init(_ connectionString: String) {
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      PQfreemem(error)
      return
    }
    defer { PQconninfoFree(options) }
    var index = 0
    while let keyword = options[index].keyword {
      if let value = options[index].val {
        values[String(cString: keyword)] = String(cString: value)
      }
      index += 1
    }
  }

  subscript(_ keyword: String) -> String? { values[keyword] }
}
