-- weight: 5000
SELECT * FROM im_timeline WHERE timeline_id = ? AND sequence_id > ? LIMIT 100;
-- weight: 5000
INSERT INTO im_timeline (timeline_id, content) VALUES (?, ?);
