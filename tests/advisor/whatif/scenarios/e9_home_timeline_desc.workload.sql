-- weight: 20000
SELECT post_id, author_id, body FROM home_timeline WHERE user_id = ? ORDER BY post_ts DESC LIMIT 20;
-- weight: 5000
SELECT post_id, author_id, body FROM home_timeline WHERE user_id = ? AND post_ts < ? ORDER BY post_ts DESC LIMIT 20;
-- weight: 50000
UPSERT INTO home_timeline (user_id, post_ts, post_id, author_id, body) VALUES (?, ?, ?, ?, ?);
-- weight: 10
DELETE FROM home_timeline WHERE user_id = ? AND post_ts < ?;
