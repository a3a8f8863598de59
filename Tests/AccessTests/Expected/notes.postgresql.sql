INSERT INTO "public"."note" ("id", "body", "price", "at", "flag", "data") VALUES (1, 'plain', 4.99, '2005-05-24 22:53:30', TRUE, '\x0aff'::bytea);
INSERT INTO "public"."note" ("id", "body", "price", "at", "flag", "data") VALUES (2, 'say "hi", then
go', 1234567.89, '2006-02-15 04:34:33.5', FALSE, NULL);
INSERT INTO "public"."note" ("id", "body", "price", "at", "flag", "data") VALUES (3, '', -3.25, NULL, NULL, '\x'::bytea);
INSERT INTO "public"."note" ("id", "body", "price", "at", "flag", "data") VALUES (4, NULL, NULL, NULL, NULL, NULL);
INSERT INTO "public"."note" ("id", "body", "price", "at", "flag", "data") VALUES (5, 'Zoë, 日本 🎬	tab', 100.25, '1999-12-31 23:59:59', TRUE, '\x00'::bytea);
