import Access

/// The catalog tables: places, languages, categories, actors and films.
extension SakilaRows {
  func languages(_ out: inout RowBatcher) throws { try named(PlaceWords.languages, to: &out) }

  func categories(_ out: inout RowBatcher) throws { try named(FilmWords.categories, to: &out) }

  func countries(_ out: inout RowBatcher) throws { try named(PlaceWords.countries, to: &out) }

  /// 600 distinct invented city names; every country has at least one city.
  func cities(_ out: inout RowBatcher) throws {
    var random = random(1)
    var used: Set<String> = []
    let countries = PlaceWords.countries.count
    var firstCountries = Array(1...countries)
    for index in firstCountries.indices.reversed() {
      firstCountries.swapAt(index, random.int(0...index))
    }
    for city in 1...SakilaPlan.cities {
      var name = ""
      repeat {
        name = random.pick(PlaceWords.cityRoots) + random.pick(PlaceWords.cityEndings)
        if random.chance(25) { name = random.pick(PlaceWords.cityPrefixes) + name }
      } while !used.insert(name).inserted
      let country = city <= countries ? firstCountries[city - 1] : random.int(1...countries)
      try out.add([id(city), .text(name), id(country), catalogStamp])
    }
  }

  func addresses(_ out: inout RowBatcher) throws {
    var random = random(2)
    for address in 1...plan.addressCount {
      let district =
        random.pick(PlaceWords.districtQualifiers) + " " + random.pick(PlaceWords.districtKinds)
      try out.add([
        id(address), .text(street(&random)), .null, .text(district),
        id(random.int(1...SakilaPlan.cities)), .text(digits(5, &random)),
        .text(digits(random.int(10...12), &random)), catalogStamp,
      ])
    }
  }

  func actors(_ out: inout RowBatcher) throws {
    var random = random(3)
    for actor in 1...SakilaPlan.actors {
      try out.add([
        id(actor), .text(random.pick(PersonWords.firstNames)),
        .text(random.pick(PersonWords.lastNames)), catalogStamp,
      ])
    }
  }

  func films(_ out: inout RowBatcher) throws {
    let pg = dialect == .postgresql
    for film in filmRecords() {
      let features = film.features.map { DatabaseValue.text($0) }
      try out.add([
        id(film.id), .text(film.title), .text(film.description),
        pg ? id(film.releaseYear) : .text(String(film.releaseYear)), id(film.language),
        film.originalLanguage.map(id) ?? .null, id(plan.filmDuration[film.id - 1]),
        decimal(cents: plan.filmRateCents[film.id - 1]), id(film.length),
        decimal(cents: film.replacementCents), .text(film.rating),
        pg ? .array(features) : .text(film.features.joined(separator: ",")), catalogStamp,
      ])
    }
  }

  func filmTexts(_ out: inout RowBatcher) throws {
    for film in filmRecords() {
      try out.add([id(film.id), .text(film.title), .text(film.description)])
    }
  }

  func filmActors(_ out: inout RowBatcher) throws {
    for pair in plan.filmActors {
      try out.add([id(Int(pair.actor)), id(Int(pair.film)), catalogStamp])
    }
  }

  /// One category per film.
  func filmCategories(_ out: inout RowBatcher) throws {
    var random = random(5)
    for film in 1...SakilaPlan.films {
      try out.add([id(film), id(random.int(1...FilmWords.categories.count)), catalogStamp])
    }
  }

  /// The film fields only the film tables need, from the film stream.
  struct FilmRecord {
    var id: Int
    var title: String
    var description: String
    var releaseYear: Int
    var language: Int
    var originalLanguage: Int?
    var length: Int
    var replacementCents: Int
    var rating: String
    var features: [String]
  }

  func filmRecords() -> [FilmRecord] {
    var random = random(4)
    var titles: Set<String> = []
    return (1...SakilaPlan.films).map { film in
      var title = ""
      repeat {
        title = random.pick(FilmWords.titleFirst) + " " + random.pick(FilmWords.titleSecond)
      } while !titles.insert(title).inserted
      let description =
        "A \(random.pick(FilmWords.adjectives)) \(random.pick(FilmWords.forms)) of a "
        + "\(random.pick(FilmWords.characters)) and a \(random.pick(FilmWords.characters)) "
        + "who must \(random.pick(FilmWords.verbs)) a \(random.pick(FilmWords.characters)) "
        + random.pick(FilmWords.settings)
      let languages = PlaceWords.languages.count
      let language = random.chance(85) ? 1 : random.int(2...languages)
      let original = random.chance(15) ? (language % languages) + 1 : nil
      let mask = random.int(1...15)
      let features = FilmWords.specialFeatures.enumerated()
        .filter { mask & (1 << $0.offset) != 0 }.map(\.element)
      return FilmRecord(
        id: film, title: title, description: description, releaseYear: random.int(1962...2006),
        language: language, originalLanguage: original, length: random.int(46...185),
        replacementCents: random.int(9...29) * 100 + 99, rating: random.pick(FilmWords.ratings),
        features: features)
    }
  }
}
