-- keyplan:tenant stackoverflow -- each site's pages run on its own tenant connection
-- POST /questions/ask: a question (the site's next post id)
-- rate: 2/s
-- weight: 200
UPSERT INTO post (post_id, post_type_id, creation_date, score, view_count, body, owner_user_id, last_activity_date, title, tags, answer_count, comment_count) VALUES (?, 1, ?, 0, 0, ?, ?, ?, ?, ?, 0, 0);
-- an answer (the site's next post id), and its question's answer count and last activity
-- rate: 3/s
-- weight: 300
UPSERT INTO post (post_id, post_type_id, parent_id, creation_date, score, body, owner_user_id, last_activity_date, comment_count) VALUES (?, 2, ?, ?, 0, ?, ?, ?, 0);
-- rate: 3/s
-- weight: 300
UPSERT INTO post (post_id, answer_count, last_activity_date) VALUES (?, ?, ?);
-- an edit, a comment or an accepted answer bumps the post's last activity
-- rate: 20/s
-- weight: 2000
UPSERT INTO post (post_id, last_editor_user_id, last_edit_date, last_activity_date) VALUES (?, ?, ?, ?);
-- a vote, and the post's score
-- rate: 40/s
-- weight: 4000
UPSERT INTO vote (post_id, user_id, vote_type_id, creation_date) VALUES (?, ?, ?, ?);
-- rate: 40/s
-- weight: 4000
UPSERT INTO post (post_id, score) VALUES (?, ?);
-- the view counter, flushed from the cache in batches
-- rate: 100/s
-- weight: 10000
UPSERT INTO post (post_id, view_count) VALUES (?, ?);
-- /questions/{id}: the question
-- weight: 100000
SELECT post_type_id, accepted_answer_id, creation_date, score, view_count, body, owner_user_id, last_activity_date, title, tags, answer_count, closed_date FROM post WHERE post_id = ?;
-- ... its answers (their bodies then read by id)
-- weight: 100000
SELECT post_id, score, owner_user_id, creation_date FROM post WHERE parent_id = ?;
-- ... the signed-in user's votes on the question's posts
-- weight: 60000
SELECT vote_type_id FROM vote WHERE post_id = ? AND user_id = ?;
-- /questions?tab=Active: the site's most recently active questions
-- weight: 20000
SELECT post_id, title, score, answer_count, tags, last_activity_date FROM post WHERE post_type_id = 1 ORDER BY last_activity_date DESC LIMIT 50;
-- /users/{id}?tab=posts: a user's questions and answers, newest first
-- weight: 8000
SELECT post_id, post_type_id, parent_id, title, score, creation_date FROM post WHERE owner_user_id = ? ORDER BY creation_date DESC LIMIT 30;
