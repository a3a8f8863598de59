CREATE TABLE language (
  language_id TINYINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name CHAR(20) NOT NULL
) ENGINE=InnoDB COMMENT='Languages films are in';
CREATE TABLE film (
  film_id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  title VARCHAR(128) NOT NULL COMMENT 'The film''s title',
  language_id TINYINT UNSIGNED NOT NULL,
  rating ENUM('G','PG','PG-13','R','NC-17') DEFAULT 'G',
  special_features SET('Trailers','Commentaries','Deleted Scenes') NULL,
  rental_rate DECIMAL(4,2) NOT NULL DEFAULT 4.99,
  release_year YEAR NULL,
  is_active TINYINT(1) NOT NULL DEFAULT 1,
  title_length INT GENERATED ALWAYS AS (CHAR_LENGTH(title)) VIRTUAL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  CONSTRAINT fk_film_language FOREIGN KEY (language_id) REFERENCES language (language_id) ON DELETE RESTRICT,
  CONSTRAINT rate_positive CHECK (rental_rate >= 0)
) ENGINE=InnoDB;
CREATE TABLE actor (
  actor_id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL
) ENGINE=InnoDB;
CREATE TABLE film_actor (
  actor_id SMALLINT UNSIGNED NOT NULL,
  film_id SMALLINT UNSIGNED NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (actor_id, film_id),
  CONSTRAINT fk_film_actor_actor FOREIGN KEY (actor_id) REFERENCES actor (actor_id) ON DELETE CASCADE,
  CONSTRAINT fk_film_actor_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE CASCADE
) ENGINE=InnoDB;
CREATE TABLE `Odd Values` (
  `Row ID` BIGINT UNSIGNED NOT NULL PRIMARY KEY,
  `prix€` DECIMAL(30,10) NULL,
  `naïve Ω` VARCHAR(20) NULL,
  flags BIT(10) NULL,
  doc JSON NULL,
  payload BLOB NULL,
  happened DATETIME(6) NULL,
  born DATE NULL,
  note TEXT NULL,
  ratio DOUBLE NULL,
  UNIQUE KEY emoji_unique (`naïve Ω`)
) ENGINE=InnoDB;
CREATE TABLE latin (
  id INT NOT NULL PRIMARY KEY,
  name VARCHAR(40) CHARACTER SET latin1 COLLATE latin1_swedish_ci NOT NULL
) ENGINE=InnoDB;
CREATE TABLE keyless (a VARCHAR(10), b INT) ENGINE=InnoDB;
CREATE VIEW film_list AS SELECT f.film_id, f.title, l.name AS language FROM film f JOIN language l USING (language_id);
INSERT INTO language (name) VALUES ('English'), ('Italian');
INSERT INTO film (title, language_id, rating, special_features, rental_rate, release_year)
  VALUES ('ACADEMY DINOSAUR', 1, 'PG', 'Deleted Scenes,Trailers', 0.99, 2006),
         ('ACE GOLDFINGER', 2, 'G', NULL, 4.99, 2006), ('adaptation holes', 1, NULL, NULL, 2.99, NULL);
INSERT INTO actor (first_name, last_name) VALUES ('PENELOPE', 'GUINESS'), ('NICK', 'WAHLBERG');
INSERT INTO film_actor (actor_id, film_id) VALUES (1, 1), (2, 1), (1, 2);
INSERT INTO `Odd Values` VALUES
  (18446744073709551615, 12345678901234567890.0123456789, 'hé😀', b'1010101010', '{"a": [1, 2]}', x'00ff10',
   '2024-02-29 23:59:59.123456', '2024-02-29', 'back\\slash ''quote'' "dq"', 0.1),
  (1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO latin VALUES (1, 'Åsa'), (2, 'anders'), (3, 'Bertil');
INSERT INTO keyless VALUES ('x', 1), ('x', 1);
SET SESSION sql_mode = '';
INSERT INTO `Odd Values` (`Row ID`, born, happened) VALUES (2, '0000-00-00', '0000-00-00 00:00:00');
