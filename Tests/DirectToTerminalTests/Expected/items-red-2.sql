INSERT INTO "item" ("id", "name", "price", "color") VALUES (28, 'item 28', 2.8, 'red');
INSERT INTO "item" ("id", "name", "price", "color") VALUES (24, 'item 24', 2.4, 'red');
INSERT INTO "item" ("id", "name", "price", "color") VALUES (20, 'item 20', 2, 'red');
INSERT INTO "item" ("id", "name", "price", "color") VALUES (12, 'item 12', 1.2, 'red');
