-- weight: 10000
SELECT * FROM inbox WHERE user_id = ? ORDER BY created_at DESC LIMIT 20;
-- weight: 500
SELECT * FROM inbox WHERE user_id = ? AND msg_id = ?;
-- weight: 10000
INSERT INTO inbox (user_id, created_at, msg_id, sender, body) VALUES (?, ?, ?, ?, ?);
