INSERT INTO "public"."item" ("id", "name", "price", "color") VALUES (28, 'item 28', 2.80, 'red');
INSERT INTO "public"."item" ("id", "name", "price", "color") VALUES (24, 'item 24', 2.40, 'red');
INSERT INTO "public"."item" ("id", "name", "price", "color") VALUES (20, 'item 20', 2.00, 'red');
INSERT INTO "public"."item" ("id", "name", "price", "color") VALUES (12, 'item 12', 1.20, 'red');
