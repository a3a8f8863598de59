/// What an export writes.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
  /// RFC 4180 CSV with a header row; NULL is an empty unquoted field, an empty string `""`.
  case csv
  /// One JSON object per line, keyed by column label; NULL is `null`.
  case jsonl
  /// One `INSERT INTO "table" ("column", …) VALUES (…);` per row, in the source's dialect.
  case sql
}
