-- Sakila "DVD Rental" schema for SQLite, as d2t builds it.
--
-- Follows the public Sakila port for SQLite (jOOQ/sakila, after Mike Hillyer's MySQL
-- original): same tables, columns, types, keys and foreign keys. Differences, on purpose:
--   * film.description and film_text.description are TEXT (the port says
--     BLOB SUB_TYPE TEXT, a Firebird type name that reads as a blob);
--   * last_update has DEFAULT CURRENT_TIMESTAMP and only an AFTER UPDATE trigger, so a
--     loaded row keeps the time it was given and an edited row is stamped;
--   * actor_info exists (the port has it commented out), film_list has one row per film
--     and category with the actors grouped, as on PostgreSQL.
-- The staff <-> store foreign keys form a cycle: load data inside a transaction with
-- PRAGMA defer_foreign_keys = ON.
-- Everything after the d2t:post-data line (indexes) may be run after the data is loaded.

CREATE TABLE actor (
  actor_id INTEGER NOT NULL,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (actor_id)
);

CREATE TABLE country (
  country_id INTEGER NOT NULL,
  country VARCHAR(50) NOT NULL,
  last_update TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (country_id)
);

CREATE TABLE city (
  city_id INTEGER NOT NULL,
  city VARCHAR(50) NOT NULL,
  country_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (city_id),
  CONSTRAINT fk_city_country FOREIGN KEY (country_id) REFERENCES country (country_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE address (
  address_id INTEGER NOT NULL,
  address VARCHAR(50) NOT NULL,
  address2 VARCHAR(50) DEFAULT NULL,
  district VARCHAR(20) NOT NULL,
  city_id INT NOT NULL,
  postal_code VARCHAR(10) DEFAULT NULL,
  phone VARCHAR(20) NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (address_id),
  CONSTRAINT fk_address_city FOREIGN KEY (city_id) REFERENCES city (city_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE language (
  language_id INTEGER NOT NULL,
  name CHAR(20) NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (language_id)
);

CREATE TABLE category (
  category_id INTEGER NOT NULL,
  name VARCHAR(25) NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (category_id)
);

CREATE TABLE customer (
  customer_id INTEGER NOT NULL,
  store_id INT NOT NULL,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  email VARCHAR(50) DEFAULT NULL,
  address_id INT NOT NULL,
  active CHAR(1) DEFAULT 'Y' NOT NULL,
  create_date TIMESTAMP NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (customer_id),
  CONSTRAINT fk_customer_store FOREIGN KEY (store_id) REFERENCES store (store_id)
    ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_customer_address FOREIGN KEY (address_id) REFERENCES address (address_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE film (
  film_id INTEGER NOT NULL,
  title VARCHAR(255) NOT NULL,
  description TEXT DEFAULT NULL,
  release_year VARCHAR(4) DEFAULT NULL,
  language_id INT NOT NULL,
  original_language_id INT DEFAULT NULL,
  rental_duration SMALLINT DEFAULT 3 NOT NULL,
  rental_rate DECIMAL(4,2) DEFAULT 4.99 NOT NULL,
  length SMALLINT DEFAULT NULL,
  replacement_cost DECIMAL(5,2) DEFAULT 19.99 NOT NULL,
  rating VARCHAR(10) DEFAULT 'G',
  special_features VARCHAR(100) DEFAULT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (film_id),
  CONSTRAINT CHECK_special_features CHECK (special_features IS NULL
    OR special_features LIKE '%Trailers%'
    OR special_features LIKE '%Commentaries%'
    OR special_features LIKE '%Deleted Scenes%'
    OR special_features LIKE '%Behind the Scenes%'),
  CONSTRAINT CHECK_special_rating CHECK (rating IN ('G','PG','PG-13','R','NC-17')),
  CONSTRAINT fk_film_language FOREIGN KEY (language_id) REFERENCES language (language_id),
  CONSTRAINT fk_film_language_original FOREIGN KEY (original_language_id)
    REFERENCES language (language_id)
);

CREATE TABLE film_actor (
  actor_id INT NOT NULL,
  film_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (actor_id, film_id),
  CONSTRAINT fk_film_actor_actor FOREIGN KEY (actor_id) REFERENCES actor (actor_id)
    ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_film_actor_film FOREIGN KEY (film_id) REFERENCES film (film_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE film_category (
  film_id INT NOT NULL,
  category_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (film_id, category_id),
  CONSTRAINT fk_film_category_film FOREIGN KEY (film_id) REFERENCES film (film_id)
    ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_film_category_category FOREIGN KEY (category_id)
    REFERENCES category (category_id) ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE film_text (
  film_id INTEGER NOT NULL,
  title VARCHAR(255) NOT NULL,
  description TEXT,
  PRIMARY KEY (film_id)
);

CREATE TABLE inventory (
  inventory_id INTEGER NOT NULL,
  film_id INT NOT NULL,
  store_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (inventory_id),
  CONSTRAINT fk_inventory_store FOREIGN KEY (store_id) REFERENCES store (store_id)
    ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_inventory_film FOREIGN KEY (film_id) REFERENCES film (film_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE staff (
  staff_id INTEGER NOT NULL,
  first_name VARCHAR(45) NOT NULL,
  last_name VARCHAR(45) NOT NULL,
  address_id INT NOT NULL,
  picture BLOB DEFAULT NULL,
  email VARCHAR(50) DEFAULT NULL,
  store_id INT NOT NULL,
  active SMALLINT DEFAULT 1 NOT NULL,
  username VARCHAR(16) NOT NULL,
  password VARCHAR(40) DEFAULT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (staff_id),
  CONSTRAINT fk_staff_store FOREIGN KEY (store_id) REFERENCES store (store_id)
    ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT fk_staff_address FOREIGN KEY (address_id) REFERENCES address (address_id)
    ON DELETE NO ACTION ON UPDATE CASCADE
);

CREATE TABLE store (
  store_id INTEGER NOT NULL,
  manager_staff_id INT NOT NULL,
  address_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (store_id),
  CONSTRAINT fk_store_staff FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id),
  CONSTRAINT fk_store_address FOREIGN KEY (address_id) REFERENCES address (address_id)
);

CREATE TABLE payment (
  payment_id INTEGER NOT NULL,
  customer_id INT NOT NULL,
  staff_id INT NOT NULL,
  rental_id INT DEFAULT NULL,
  amount DECIMAL(5,2) NOT NULL,
  payment_date TIMESTAMP NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (payment_id),
  CONSTRAINT fk_payment_rental FOREIGN KEY (rental_id) REFERENCES rental (rental_id)
    ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT fk_payment_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id),
  CONSTRAINT fk_payment_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id)
);

CREATE TABLE rental (
  rental_id INTEGER NOT NULL,
  rental_date TIMESTAMP NOT NULL,
  inventory_id INT NOT NULL,
  customer_id INT NOT NULL,
  return_date TIMESTAMP DEFAULT NULL,
  staff_id INT NOT NULL,
  last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (rental_id),
  CONSTRAINT fk_rental_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id),
  CONSTRAINT fk_rental_inventory FOREIGN KEY (inventory_id) REFERENCES inventory (inventory_id),
  CONSTRAINT fk_rental_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id)
);

CREATE TRIGGER actor_trigger_au AFTER UPDATE ON actor BEGIN
  UPDATE actor SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER country_trigger_au AFTER UPDATE ON country BEGIN
  UPDATE country SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER city_trigger_au AFTER UPDATE ON city BEGIN
  UPDATE city SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER address_trigger_au AFTER UPDATE ON address BEGIN
  UPDATE address SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER language_trigger_au AFTER UPDATE ON language BEGIN
  UPDATE language SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER category_trigger_au AFTER UPDATE ON category BEGIN
  UPDATE category SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER customer_trigger_au AFTER UPDATE ON customer BEGIN
  UPDATE customer SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER film_trigger_au AFTER UPDATE ON film BEGIN
  UPDATE film SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER film_actor_trigger_au AFTER UPDATE ON film_actor BEGIN
  UPDATE film_actor SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER film_category_trigger_au AFTER UPDATE ON film_category BEGIN
  UPDATE film_category SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER inventory_trigger_au AFTER UPDATE ON inventory BEGIN
  UPDATE inventory SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER staff_trigger_au AFTER UPDATE ON staff BEGIN
  UPDATE staff SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER store_trigger_au AFTER UPDATE ON store BEGIN
  UPDATE store SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER payment_trigger_au AFTER UPDATE ON payment BEGIN
  UPDATE payment SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;
CREATE TRIGGER rental_trigger_au AFTER UPDATE ON rental BEGIN
  UPDATE rental SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
END;

CREATE VIEW customer_list AS
SELECT cu.customer_id AS ID,
       cu.first_name || ' ' || cu.last_name AS name,
       a.address AS address,
       a.postal_code AS zip_code,
       a.phone AS phone,
       city.city AS city,
       country.country AS country,
       CASE WHEN cu.active = 1 THEN 'active' ELSE '' END AS notes,
       cu.store_id AS SID
FROM customer AS cu
JOIN address AS a ON cu.address_id = a.address_id
JOIN city ON a.city_id = city.city_id
JOIN country ON city.country_id = country.country_id;

CREATE VIEW film_list AS
SELECT film.film_id AS FID,
       film.title AS title,
       film.description AS description,
       category.name AS category,
       film.rental_rate AS price,
       film.length AS length,
       film.rating AS rating,
       group_concat(actor.first_name || ' ' || actor.last_name, ', ') AS actors
FROM category
LEFT JOIN film_category ON category.category_id = film_category.category_id
LEFT JOIN film ON film_category.film_id = film.film_id
JOIN film_actor ON film.film_id = film_actor.film_id
JOIN actor ON film_actor.actor_id = actor.actor_id
GROUP BY film.film_id, category.name;

CREATE VIEW staff_list AS
SELECT s.staff_id AS ID,
       s.first_name || ' ' || s.last_name AS name,
       a.address AS address,
       a.postal_code AS zip_code,
       a.phone AS phone,
       city.city AS city,
       country.country AS country,
       s.store_id AS SID
FROM staff AS s
JOIN address AS a ON s.address_id = a.address_id
JOIN city ON a.city_id = city.city_id
JOIN country ON city.country_id = country.country_id;

CREATE VIEW sales_by_store AS
SELECT s.store_id,
       c.city || ',' || cy.country AS store,
       m.first_name || ' ' || m.last_name AS manager,
       ROUND(SUM(p.amount), 2) AS total_sales
FROM payment AS p
INNER JOIN rental AS r ON p.rental_id = r.rental_id
INNER JOIN inventory AS i ON r.inventory_id = i.inventory_id
INNER JOIN store AS s ON i.store_id = s.store_id
INNER JOIN address AS a ON s.address_id = a.address_id
INNER JOIN city AS c ON a.city_id = c.city_id
INNER JOIN country AS cy ON c.country_id = cy.country_id
INNER JOIN staff AS m ON s.manager_staff_id = m.staff_id
GROUP BY s.store_id, c.city || ',' || cy.country, m.first_name || ' ' || m.last_name;

-- Total sales add up to more than 100% when a title belongs to several categories.
CREATE VIEW sales_by_film_category AS
SELECT c.name AS category,
       ROUND(SUM(p.amount), 2) AS total_sales
FROM payment AS p
INNER JOIN rental AS r ON p.rental_id = r.rental_id
INNER JOIN inventory AS i ON r.inventory_id = i.inventory_id
INNER JOIN film AS f ON i.film_id = f.film_id
INNER JOIN film_category AS fc ON f.film_id = fc.film_id
INNER JOIN category AS c ON fc.category_id = c.category_id
GROUP BY c.name
ORDER BY total_sales DESC;

CREATE VIEW actor_info AS
SELECT a.actor_id,
       a.first_name,
       a.last_name,
       (SELECT group_concat(per_category.info, '; ')
        FROM (SELECT c.name || ': ' || group_concat(f.title, ', ') AS info
              FROM film_actor AS fa
              JOIN film AS f ON f.film_id = fa.film_id
              JOIN film_category AS fc ON fc.film_id = f.film_id
              JOIN category AS c ON c.category_id = fc.category_id
              WHERE fa.actor_id = a.actor_id
              GROUP BY c.name
              ORDER BY c.name) AS per_category) AS film_info
FROM actor AS a;

-- d2t:post-data

CREATE INDEX idx_actor_last_name ON actor (last_name);
CREATE INDEX idx_fk_country_id ON city (country_id);
CREATE INDEX idx_fk_city_id ON address (city_id);
CREATE INDEX idx_customer_fk_store_id ON customer (store_id);
CREATE INDEX idx_customer_fk_address_id ON customer (address_id);
CREATE INDEX idx_customer_last_name ON customer (last_name);
CREATE INDEX idx_fk_language_id ON film (language_id);
CREATE INDEX idx_fk_original_language_id ON film (original_language_id);
CREATE INDEX idx_fk_film_actor_film ON film_actor (film_id);
CREATE INDEX idx_fk_film_actor_actor ON film_actor (actor_id);
CREATE INDEX idx_fk_film_category_film ON film_category (film_id);
CREATE INDEX idx_fk_film_category_category ON film_category (category_id);
CREATE INDEX idx_fk_film_id ON inventory (film_id);
CREATE INDEX idx_fk_film_id_store_id ON inventory (store_id, film_id);
CREATE INDEX idx_fk_staff_store_id ON staff (store_id);
CREATE INDEX idx_fk_staff_address_id ON staff (address_id);
CREATE INDEX idx_store_fk_manager_staff_id ON store (manager_staff_id);
CREATE INDEX idx_fk_store_address ON store (address_id);
CREATE INDEX idx_fk_staff_id ON payment (staff_id);
CREATE INDEX idx_fk_customer_id ON payment (customer_id);
CREATE INDEX idx_rental_fk_inventory_id ON rental (inventory_id);
CREATE INDEX idx_rental_fk_customer_id ON rental (customer_id);
CREATE INDEX idx_rental_fk_staff_id ON rental (staff_id);
CREATE UNIQUE INDEX idx_rental_uq ON rental (rental_date, inventory_id, customer_id);
