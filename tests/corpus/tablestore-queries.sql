-- Tablestore SQL query forms (SELECT, INSERT, REPLACE), written from the
-- Tablestore SQL reference syntax (MySQL-compatible).
SELECT * FROM exampletable WHERE pk0 = 1;
SELECT DISTINCT col1 FROM exampletable WHERE pk0 > 10;
SELECT DISTINCTROW col1, col2 FROM exampletable;
SELECT ALL col1 FROM exampletable LIMIT 10;
SELECT col1, COUNT(*) FROM exampletable WHERE pk0 >= 1 AND pk0 < 100 GROUP BY col1 HAVING COUNT(*) > 1 ORDER BY col1 DESC LIMIT 5;
SELECT * FROM exampletable LIMIT 20, 10;
SELECT * FROM exampletable WHERE pk0 = 1 LIMIT 10 OFFSET 20;
SELECT `pk0`, `col_long`, `col_geo` FROM `exampletable` LIMIT 10;
SELECT * FROM exampletable WHERE col1 IN ('a', 'b') AND col2 NOT IN (1, 2);
SELECT * FROM exampletable WHERE col1 LIKE 'abc%' AND col2 IS NULL;
SELECT * FROM exampletable WHERE MATCH(col_text, 'tablestore') AND pk0 > 0;
SELECT * FROM exampletable WHERE MATCH_PHRASE(col_text, 'wide column store');
SELECT * FROM exampletable WHERE TEXT_MATCH(col_text, 'hangzhou shanghai');
SELECT ARRAY_EXTRACT(col_array) FROM exampletable WHERE pk0 = 1;
SELECT col1, AVG(col_long), MAX(col_double), MIN(col_double), SUM(col_long) FROM exampletable GROUP BY col1;
SELECT COUNT(DISTINCT col1) FROM exampletable;
INSERT INTO exampletable VALUES (1, 'a', 1.5);
INSERT INTO exampletable (pk0, col1) VALUES (2, 'b'), (3, 'c');
INSERT IGNORE INTO exampletable VALUES (4, 'd', 2.5);
REPLACE INTO exampletable (pk0, col1) VALUES (5, 'e');
-- Tablestore's "Index selection policy": the index written after the table
SELECT * FROM sampletable use index();
SELECT * FROM sampletable use index(sampletable_search_index);
SELECT * FROM exampletable AS t USE INDEX (idx1, idx2) WHERE pk0 = 1;
-- double-quoted text is a string (the Python SDK's example)
SELECT * FROM exampletable WHERE uid = "7";
