/// The generator's own words for film titles, descriptions, categories and features.
enum FilmWords {
  static let titleFirst = [
    "AMBER", "ARCTIC", "BAREFOOT", "BITTER", "BLUE", "BRASS", "BROKEN", "CANDLE", "CARNIVAL",
    "CELLAR", "CHROME", "CLOCKWORK", "COBALT", "COPPER", "CRIMSON", "CRYSTAL", "DESERT",
    "DOUBLE", "DUSTY", "ELECTRIC", "EMERALD", "FADED", "FERAL", "FROZEN", "GALACTIC", "GILDED",
    "GOLDEN", "GRANITE", "HAUNTED", "HIDDEN", "HOLLOW", "HONEY", "IRON", "IVORY", "JADE",
    "JUNGLE", "LAST", "LUCKY", "LUNAR", "MARBLE", "MIDNIGHT", "MIRROR", "MOLTEN", "NEON",
    "NORTHERN", "OCEAN", "PAPER", "PHANTOM", "PRAIRIE", "QUIET", "RAPID", "RUSTY", "SAFFRON",
    "SCARLET", "SECRET", "SILENT", "SILVER", "SOLAR", "STORMY", "SUMMER", "TANGLED", "THUNDER",
    "TIMBER", "VELVET", "VIOLET", "WANDERING", "WILD", "WINTER", "WOODEN", "ZERO",
  ]

  static let titleSecond = [
    "ALIBI", "ANCHOR", "ANTHEM", "ARCADE", "AVALANCHE", "BALLAD", "BANDIT", "BEACON",
    "BLUEPRINT", "BOULEVARD", "CANYON", "CARAVAN", "CASTLE", "CIPHER", "COMET", "CONFESSION",
    "CORRIDOR", "COURIER", "COWBOY", "CROSSING", "DETECTIVE", "DIARY", "DYNASTY", "ECHO",
    "EMPIRE", "EXPEDITION", "FALCON", "FORTUNE", "FRONTIER", "GAMBIT", "GARDEN", "GHOST",
    "HARBOR", "HEIST", "HORIZON", "INVENTOR", "ISLAND", "JOURNEY", "JUKEBOX", "KINGDOM",
    "LABYRINTH", "LANTERN", "LEGACY", "LIGHTHOUSE", "MACHINE", "MARATHON", "MASQUERADE",
    "MONSOON", "ORCHARD", "OUTLAW", "PARADE", "PILGRIM", "PROPHECY", "QUARRY", "REBELLION",
    "RIVER", "ROBOT", "SAFARI", "SERENADE", "SHADOW", "SPARROW", "SYMPHONY", "TELEGRAM",
    "TORNADO", "TRAIN", "UMBRELLA", "VOYAGE", "WALTZ", "WITNESS", "ZEPPELIN",
  ]

  static let adjectives = [
    "Gripping", "Touching", "Witty", "Sprawling", "Quiet", "Breathless", "Dazzling",
    "Melancholy", "Rollicking", "Tender", "Brooding", "Whimsical", "Fearless", "Lavish",
    "Restless", "Stark", "Sunlit", "Tangled", "Uplifting", "Wistful",
  ]

  static let forms = [
    "Chronicle", "Fable", "Caper", "Romance", "Mystery", "Saga", "Satire", "Thriller",
    "Portrait", "Odyssey", "Comedy", "Tragedy", "Western", "Documentary", "Musical",
  ]

  static let characters = [
    "Astronaut", "Baker", "Beekeeper", "Botanist", "Cartographer", "Chess Master", "Clockmaker",
    "Detective", "Diplomat", "Dog Walker", "Falconer", "Ferryman", "Forger", "Gardener",
    "Glassblower", "Hermit", "Inventor", "Jockey", "Lighthouse Keeper", "Locksmith",
    "Magician", "Mapmaker", "Mechanic", "Mountaineer", "Night Watchman", "Pianist", "Pilot",
    "Poet", "Smuggler", "Tailor",
  ]

  static let verbs = [
    "outwit", "rescue", "befriend", "outrun", "impersonate", "find", "escort", "confront",
    "forgive", "track down", "out-sing", "negotiate with", "marry", "protect", "unmask",
    "teach", "follow", "challenge", "deceive", "rebuild the life of",
  ]

  static let settings = [
    "in a Snowbound Village", "on a Night Train", "in an Abandoned Mine",
    "aboard a Paddle Steamer", "in a Floating Market", "on a Volcanic Island",
    "in a Sunken City", "at a Roadside Motel", "in a Traveling Circus", "on the Moon",
    "in a Lighthouse", "at a Desert Oasis", "in a Mountain Monastery", "in a Jazz Club",
    "at a Country Fair", "in a Clock Tower", "under the Ice", "in a Border Town",
    "at the End of the World", "in a Botanical Garden",
  ]

  /// 16 film genres (category_id follows this order).
  static let categories = [
    "Action", "Animation", "Children", "Classics", "Comedy", "Documentary", "Drama", "Family",
    "Foreign", "Horror", "Music", "Mystery", "Romance", "Sci-Fi", "Sports", "Thriller",
  ]

  static let ratings = ["G", "PG", "PG-13", "R", "NC-17"]

  static let specialFeatures = ["Trailers", "Commentaries", "Deleted Scenes", "Behind the Scenes"]
}
