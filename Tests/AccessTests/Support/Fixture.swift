import Access
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor

/// A Sakila-shaped schema (language, film, actor, film_actor) plus a table holding every
/// value type and a compound foreign key, on SQLite, PostgreSQL or MariaDB.
enum Backend: String, CaseIterable, CustomStringConvertible {
  case sqlite
  case postgresql
  case mariadb

  var description: String { rawValue }

  /// A database with the fixture schema and data; call `close` on the handle when done.
  func open() throws -> FixtureDatabase {
    switch self {
    case .sqlite:
      let path = TestServer.sqlitePath()
      let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      try channel.executeScript(Fixture.sqliteSchema + Fixture.data(ratingType: nil))
      channel.close()
      return FixtureDatabase(
        database: try Database(adaptor: SQLiteAdaptor(path: path)), location: path, backend: self)
    case .postgresql:
      let url = try TestServer.createPostgresDatabase()
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      try channel.executeScript(
        Fixture.postgresSchema + Fixture.data(ratingType: "mpaa_rating")
          + Fixture.postgresSequences)
      channel.close()
      return FixtureDatabase(
        database: try Database(adaptor: PostgreSQLAdaptor(connectionString: url)), location: url,
        backend: self)
    case .mariadb:
      let url = try TestServer.createMariaDBDatabase()
      let channel = try MySQLAdaptor(url: url).openChannel()
      // The data's `||` concatenates, as on the other engines, while it loads.
      try channel.executeScript(
        Fixture.mysqlSchema + "SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',PIPES_AS_CONCAT');\n"
          + Fixture.data(ratingType: nil) + "ANALYZE TABLE language, film, actor, film_actor;\n")
      channel.close()
      return FixtureDatabase(database: try Database(adaptor: MySQLAdaptor(url: url)), location: url, backend: self)
    }
  }
}

/// An open fixture database and where it lives, to open a second connection to it.
struct FixtureDatabase {
  let database: Database
  let location: String
  let backend: Backend

  func secondConnection() throws -> Database {
    switch backend {
    case .sqlite: return try Database(adaptor: SQLiteAdaptor(path: location))
    case .postgresql: return try Database(adaptor: PostgreSQLAdaptor(connectionString: location))
    case .mariadb: return try Database(adaptor: MySQLAdaptor(url: location))
    }
  }

  func close() {
    database.close()
    if backend == .postgresql { TestServer.dropPostgresDatabase(location) }
    if backend == .mariadb { TestServer.dropMariaDBDatabase(location) }
  }
}

enum Fixture {
  static let sqliteSchema = """
    CREATE TABLE language (
      language_id INTEGER PRIMARY KEY, name CHAR(20) NOT NULL,
      last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
    CREATE TABLE film (
      film_id INTEGER PRIMARY KEY, title VARCHAR(255) NOT NULL, description BLOB SUB_TYPE TEXT,
      release_year INTEGER, language_id SMALLINT NOT NULL REFERENCES language (language_id),
      original_language_id SMALLINT REFERENCES language (language_id),
      rental_rate DECIMAL(4,2) NOT NULL DEFAULT 4.99, rating VARCHAR(10) DEFAULT 'G',
      last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
    CREATE TABLE actor (
      actor_id INTEGER PRIMARY KEY, first_name VARCHAR(45) NOT NULL, last_name VARCHAR(45) NOT NULL);
    CREATE TABLE film_actor (
      actor_id INTEGER NOT NULL REFERENCES actor (actor_id),
      film_id INTEGER NOT NULL REFERENCES film (film_id), PRIMARY KEY (actor_id, film_id));
    CREATE TABLE every_type (
      id INTEGER PRIMARY KEY, i16 SMALLINT, i32 INT, i64 BIGINT, dec DECIMAL(10,3), dbl DOUBLE,
      txt TEXT, vc VARCHAR(10), ch CHAR(5), flag BOOLEAN, d DATE, t TIME, ts TIMESTAMP,
      tstz TIMESTAMP WITH TIME ZONE, bin BLOB, u UUID, j JSON, e VARCHAR(10), arr TEXT);
    CREATE TABLE order_line (order_id INTEGER NOT NULL, line_no INTEGER NOT NULL, item TEXT,
      PRIMARY KEY (order_id, line_no));
    CREATE TABLE shipment (shipment_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL,
      line_no INTEGER NOT NULL, FOREIGN KEY (order_id, line_no) REFERENCES order_line (order_id, line_no));
    CREATE VIEW film_list AS SELECT f.film_id AS fid, f.title AS title, l.name AS language
      FROM film f JOIN language l ON l.language_id = f.language_id;

    """

  static let postgresSchema = """
    CREATE TYPE mpaa_rating AS ENUM ('G', 'PG', 'PG-13', 'R', 'NC-17');
    CREATE DOMAIN year AS integer CONSTRAINT year_check CHECK (VALUE >= 1901 AND VALUE <= 2155);
    CREATE TABLE language (
      language_id serial PRIMARY KEY, name character(20) NOT NULL,
      last_update timestamp NOT NULL DEFAULT now());
    CREATE TABLE film (
      film_id serial PRIMARY KEY, title varchar(255) NOT NULL, description text,
      release_year year, language_id smallint NOT NULL REFERENCES language (language_id),
      original_language_id smallint REFERENCES language (language_id),
      rental_rate numeric(4,2) NOT NULL DEFAULT 4.99, rating mpaa_rating DEFAULT 'G',
      last_update timestamp NOT NULL DEFAULT now());
    CREATE TABLE actor (
      actor_id serial PRIMARY KEY, first_name varchar(45) NOT NULL, last_name varchar(45) NOT NULL);
    CREATE TABLE film_actor (
      actor_id integer NOT NULL REFERENCES actor (actor_id),
      film_id integer NOT NULL REFERENCES film (film_id), PRIMARY KEY (actor_id, film_id));
    CREATE TABLE every_type (
      id serial PRIMARY KEY, i16 smallint, i32 integer, i64 bigint, dec numeric(10,3),
      dbl double precision, txt text, vc varchar(10), ch char(5), flag boolean, d date, t time,
      ts timestamp, tstz timestamptz, bin bytea, u uuid, j jsonb, e mpaa_rating, arr text[],
      fts tsvector);
    CREATE TABLE order_line (order_id integer NOT NULL, line_no integer NOT NULL, item text,
      PRIMARY KEY (order_id, line_no));
    CREATE TABLE shipment (shipment_id serial PRIMARY KEY, order_id integer NOT NULL,
      line_no integer NOT NULL, FOREIGN KEY (order_id, line_no) REFERENCES order_line (order_id, line_no));
    CREATE VIEW film_list AS SELECT f.film_id AS fid, f.title AS title, l.name AS language
      FROM film f JOIN language l ON l.language_id = f.language_id;
    CREATE SCHEMA archive;
    CREATE TABLE archive.actor (actor_id integer PRIMARY KEY, name text);

    """

  static let mysqlSchema = """
    CREATE TABLE language (
      language_id TINYINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, name CHAR(20) NOT NULL,
      last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP);
    CREATE TABLE film (
      film_id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, title VARCHAR(255) NOT NULL,
      description TEXT, release_year YEAR,
      language_id TINYINT UNSIGNED NOT NULL, original_language_id TINYINT UNSIGNED,
      rental_rate DECIMAL(4,2) NOT NULL DEFAULT 4.99, rating ENUM('G','PG','PG-13','R','NC-17') DEFAULT 'G',
      last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
      FOREIGN KEY (language_id) REFERENCES language (language_id),
      FOREIGN KEY (original_language_id) REFERENCES language (language_id));
    CREATE TABLE actor (
      actor_id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, first_name VARCHAR(45) NOT NULL,
      last_name VARCHAR(45) NOT NULL);
    CREATE TABLE film_actor (
      actor_id SMALLINT UNSIGNED NOT NULL, film_id SMALLINT UNSIGNED NOT NULL, PRIMARY KEY (actor_id, film_id),
      FOREIGN KEY (actor_id) REFERENCES actor (actor_id), FOREIGN KEY (film_id) REFERENCES film (film_id));
    CREATE TABLE every_type (
      id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, i16 SMALLINT, i32 INT, i64 BIGINT, `dec` DECIMAL(10,3),
      dbl DOUBLE, txt TEXT, vc VARCHAR(10), ch CHAR(5), flag BOOLEAN, d DATE, t TIME(6), ts DATETIME(6),
      tstz TIMESTAMP(6) NULL, bin BLOB, u UUID, j JSON, e ENUM('G','PG','PG-13','R','NC-17'), arr TEXT);
    CREATE TABLE order_line (order_id INT NOT NULL, line_no INT NOT NULL, item TEXT,
      PRIMARY KEY (order_id, line_no));
    CREATE TABLE shipment (shipment_id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, order_id INT NOT NULL,
      line_no INT NOT NULL, FOREIGN KEY (order_id, line_no) REFERENCES order_line (order_id, line_no));
    CREATE VIEW film_list AS SELECT f.film_id AS fid, f.title AS title, l.name AS language
      FROM film f JOIN language l ON l.language_id = f.language_id;

    """

  static let postgresSequences = """
    SELECT setval('language_language_id_seq', 3); SELECT setval('film_film_id_seq', 300);
    SELECT setval('actor_actor_id_seq', 20); ANALYZE;

    """

  /// 3 languages, 300 films (every fifth without description, ratings cycling), 20 actors.
  static func data(ratingType: String?) -> String {
    let rating = "CASE i % 5 WHEN 0 THEN 'G' WHEN 1 THEN 'PG' WHEN 2 THEN 'PG-13' WHEN 3 THEN 'R' ELSE 'NC-17' END"
    return """
      INSERT INTO language (language_id, name) VALUES (1, 'English'), (2, 'Italian'), (3, 'Japanese');
      INSERT INTO film (film_id, title, description, release_year, language_id, original_language_id, rental_rate, rating)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
        SELECT i, 'FILM ' || CASE WHEN i < 10 THEN '00' WHEN i < 100 THEN '0' ELSE '' END || i,
          CASE WHEN i % 5 = 0 THEN NULL ELSE 'A film numbered ' || i END,
          2000 + i % 7, 1 + i % 3, CASE WHEN i % 4 = 0 THEN 2 ELSE NULL END,
          CAST(0.99 + (i % 3) * 2 AS DECIMAL(4,2)),
          \(ratingType.map { "CAST(\(rating) AS \($0))" } ?? rating)
        FROM n;
      INSERT INTO actor (actor_id, first_name, last_name)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
        SELECT i, 'First' || i, CASE WHEN i % 2 = 0 THEN 'Smith' ELSE 'Stone' || i END FROM n;
      INSERT INTO film_actor (actor_id, film_id) VALUES (1, 1), (2, 1), (1, 2);
      INSERT INTO order_line (order_id, line_no, item) VALUES (1, 1, 'tape'), (1, 2, 'disc');
      INSERT INTO shipment (shipment_id, order_id, line_no) VALUES (1, 1, 2);

      """
  }
}
