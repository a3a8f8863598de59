INSERT INTO `note` (`id`, `body`, `price`, `at`, `flag`, `data`) VALUES (1, 'plain', 4.99, '2005-05-24 22:53:30', 1, X'0aff');
INSERT INTO `note` (`id`, `body`, `price`, `at`, `flag`, `data`) VALUES (2, 'say "hi", then
go', 1234567.89, '2006-02-15 04:34:33.5', 0, NULL);
INSERT INTO `note` (`id`, `body`, `price`, `at`, `flag`, `data`) VALUES (3, '', -3.25, NULL, NULL, X'');
INSERT INTO `note` (`id`, `body`, `price`, `at`, `flag`, `data`) VALUES (4, NULL, NULL, NULL, NULL, NULL);
INSERT INTO `note` (`id`, `body`, `price`, `at`, `flag`, `data`) VALUES (5, 'Zoë, 日本 🎬	tab', 100.25, '1999-12-31 23:59:59', 1, X'00');
