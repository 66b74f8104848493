-- a reply posted to a thread
-- weight: 20000
INSERT INTO reply (forum_name, subject, reply_time, posted_by, message) VALUES (?, ?, ?, ?, ?);
-- a thread's replies of the last 15 days
-- weight: 30000
SELECT reply_time, posted_by, message FROM reply WHERE forum_name = ? AND subject = ? AND reply_time >= ?;
-- a user's replies (the PostedBy-Message-Index of the source)
-- weight: 4000
SELECT forum_name, subject, reply_time, message FROM reply WHERE posted_by = ?;
