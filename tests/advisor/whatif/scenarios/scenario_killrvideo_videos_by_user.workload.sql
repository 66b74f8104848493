-- weight: 800
SELECT video_id, title FROM videos WHERE user_id = ? ORDER BY added_date DESC LIMIT 10;
-- weight: 2000
SELECT * FROM videos WHERE video_id = ?;
