-- a new tweet under its Snowflake id
-- weight: 6000
INSERT INTO tweet (tweet_id_hash, tweet_id, user_id, created_at, text, reply_to) VALUES (?, ?, ?, ?, ?, ?);
-- a tweet by id (timeline hydration)
-- weight: 100000
SELECT user_id, created_at, text, reply_to FROM tweet WHERE tweet_id_hash = ? AND tweet_id = ?;
-- a user's profile: the newest 20 tweets
-- weight: 10000
SELECT tweet_id, created_at, text FROM tweet WHERE user_id = ? ORDER BY tweet_id DESC LIMIT 20;
-- an operator's ad hoc search by a word
-- weight: 1
SELECT tweet_id, user_id FROM tweet WHERE text LIKE '%outage%';
-- E48 applied by test_whatif_applied (README.md): hash_prefix tweet_id_hash. The advice's
-- rewrite: the writer writes tweet_id_hash (the INSERT); each read that binds tweet_id adds
-- tweet_id_hash = the first 4 hex characters of md5(tweet_id).
