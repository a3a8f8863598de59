/// The generator's own word lists for countries, cities, districts and streets.
enum PlaceWords {
  /// 109 real countries, in alphabetical order (country_id follows it).
  static let countries = [
    "Albania", "Algeria", "Angola", "Argentina", "Armenia", "Australia", "Austria",
    "Azerbaijan", "Bangladesh", "Belarus", "Belgium", "Bolivia", "Botswana", "Brazil",
    "Bulgaria", "Cambodia", "Cameroon", "Canada", "Chad", "Chile", "China", "Colombia",
    "Costa Rica", "Croatia", "Cuba", "Cyprus", "Czechia", "Denmark", "Dominican Republic",
    "Ecuador", "Egypt", "Estonia", "Ethiopia", "Finland", "France", "Georgia", "Germany",
    "Ghana", "Greece", "Guatemala", "Honduras", "Hungary", "Iceland", "India", "Indonesia",
    "Iran", "Iraq", "Ireland", "Israel", "Italy", "Jamaica", "Japan", "Jordan", "Kazakhstan",
    "Kenya", "Kuwait", "Latvia", "Lebanon", "Lithuania", "Luxembourg", "Madagascar",
    "Malawi", "Malaysia", "Mali", "Malta", "Mexico", "Moldova", "Mongolia", "Morocco",
    "Mozambique", "Namibia", "Nepal", "Netherlands", "New Zealand", "Nicaragua", "Niger",
    "Nigeria", "North Macedonia", "Norway", "Oman", "Pakistan", "Panama", "Paraguay", "Peru",
    "Philippines", "Poland", "Portugal", "Qatar", "Romania", "Rwanda", "Senegal", "Serbia",
    "Singapore", "Slovakia", "Slovenia", "South Africa", "South Korea", "Spain", "Sri Lanka",
    "Sweden", "Switzerland", "Tanzania", "Thailand", "Tunisia", "Turkey", "Uganda",
    "Ukraine", "Uruguay", "Vietnam",
  ]

  static let cityRoots = [
    "Al", "Bel", "Cor", "Dun", "El", "Fen", "Gar", "Hal", "Ir", "Jor", "Kal", "Lor", "Mar",
    "Nor", "Or", "Pel", "Quin", "Ros", "Sal", "Tor", "Ul", "Val", "Wen", "Yar", "Zel", "Bram",
    "Cal", "Dor", "Est", "Gran",
  ]

  static let cityEndings = [
    "ford", "ton", "ville", "mouth", "burg", "stad", "haven", "field", "bridge", "dale",
    "port", "mere", "wick", "by", "chester", "polis", "gard", "holm", "ana", "ora",
  ]

  static let cityPrefixes = ["Port ", "San ", "New ", "Lake ", "Fort ", "Saint ", "Old "]

  static let districtQualifiers = [
    "Northern", "Southern", "Eastern", "Western", "Central", "Upper", "Lower", "Coastal",
    "Inner", "Outer", "Greater", "High",
  ]

  static let districtKinds = [
    "Province", "Valley", "Highlands", "Lakes", "Plains", "Hills", "Coast", "Territory",
    "Heights", "Marches", "Region", "County",
  ]

  static let streetKinds = [
    "Street", "Avenue", "Road", "Lane", "Boulevard", "Drive", "Way", "Place", "Parkway",
    "Court", "Terrace", "Square",
  ]

  static let languages = ["English", "French", "German", "Italian", "Japanese", "Spanish"]
}
