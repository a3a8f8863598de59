/// Where a catalog read from a database is kept between starts, so that the next start
/// builds its first screen from it while the server is asked whether it still holds
/// (`Database.opening(_:withSecond:memory:reached:)`, `Database.checkCatalog()`).
///
/// A schema changes rarely; reading it is most of a start on a server (eight catalog
/// queries on a new backend's empty caches). A memory that recalls nothing (the first start,
/// an unreadable file) makes the start read the catalog before its first screen.
public protocol CatalogMemory: Sendable {
  /// The catalog kept from an earlier start, or nil.
  func recall() -> Catalog?
  /// Keeps `catalog`, as read from the server, for the next start (without keeping the
  /// caller waiting for a disk).
  func remember(_ catalog: Catalog)
}
