SELECT DISTINCT a, b AS bee, c cee, t.*, count(*), max(DISTINCT b) FROM t AS x WHERE a = 1 GROUP BY a HAVING count(*) > 1 ORDER BY a DESC, b LIMIT 10 OFFSET 5;
