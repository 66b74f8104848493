-- weight: 5000
UPSERT INTO tx (id, tag, started) VALUES (?, ?, ?);
-- weight: 5000
UPSERT INTO tx (id, amount) VALUES (?, ?);
-- weight: 20000
SELECT tag, started FROM tx WHERE id = ?;
-- weight: 3000
SELECT id, started, amount FROM tx WHERE tag = ? ORDER BY id DESC LIMIT 20;
