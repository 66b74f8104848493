-- fuzz_schema (the lead's campaign, 2026-11-27): a key whose declared widths
-- add past LLONG_MAX overflowed kpa_key_width's sum (UBSan: signed integer
-- overflow in advisor/columns.c)
CREATE TABLE w (a VARCHAR(9223372036854775807) NOT NULL, b VARCHAR(128) NOT NULL, PRIMARY KEY (a, b));
CREATE TABLE w2 (a VARCHAR(9223372036854775807) NOT NULL, b VARCHAR(9223372036854775807) NOT NULL, PRIMARY KEY (a, b));
SELECT * FROM w WHERE a = 'x';
SELECT * FROM w2 WHERE a = 'x' AND b = 'y';
