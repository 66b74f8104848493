-- a topic page: the next 20 posts from where the reader is
-- weight: 100000
SELECT post_number, user_id, cooked, reply_to_post_number, reply_count, like_count, created_at FROM posts WHERE topic_id = ? AND post_number >= ? ORDER BY post_number LIMIT 20;
-- a new post (a new topic's first post, or a reply)
-- weight: 8000
UPSERT INTO posts (topic_id, post_number, id, user_id, raw, cooked, reply_to_post_number, reply_count, like_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- a like: PostActionCreator updates the post's like_count
-- weight: 40000
UPSERT INTO posts (topic_id, post_number, like_count) VALUES (?, ?, ?);
-- the user's activity stream: their newest posts
-- weight: 6000
SELECT topic_id, post_number, reply_to_post_number, like_count, created_at FROM posts WHERE user_id = ? ORDER BY created_at DESC LIMIT 30;
-- the user summary page: their most liked replies
-- weight: 300
SELECT topic_id, post_number, like_count, created_at FROM posts WHERE user_id = ? AND post_number > 1 ORDER BY like_count DESC LIMIT 6;
