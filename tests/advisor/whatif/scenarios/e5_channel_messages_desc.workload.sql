-- weight: 10000
SELECT * FROM messages WHERE channel_id = ? AND bucket = ? ORDER BY message_id DESC LIMIT 50;
-- weight: 2000
SELECT * FROM messages WHERE channel_id = ? AND bucket = ? AND message_id < ? ORDER BY message_id DESC LIMIT 50;
-- weight: 200
SELECT * FROM messages WHERE channel_id = ? AND bucket = ? AND message_id = ?;
-- weight: 20000
INSERT INTO messages (channel_id, bucket, message_id, author_id, content) VALUES (?, ?, ?, ?, ?);
