-- the follow button on every profile view: does the viewer follow this user?
-- weight: 20000
SELECT created_at FROM follows WHERE follower_id = ? AND followed_id = ?;
-- the "following" list of a profile, a page of 50
-- weight: 2000
SELECT followed_id, followed_name FROM follows WHERE follower_id = ? LIMIT 50;
-- the "followers" list of a profile, a page of 50
-- weight: 2000
SELECT follower_id, follower_name FROM followed_by WHERE followed_id = ? LIMIT 50;
-- a follow writes both directions
-- weight: 500
UPSERT INTO follows (follower_id, followed_id, followed_name, created_at) VALUES (?, ?, ?, ?);
-- weight: 500
UPSERT INTO followed_by (followed_id, follower_id, follower_name, created_at) VALUES (?, ?, ?, ?);
-- an unfollow deletes both
-- weight: 100
DELETE FROM follows WHERE follower_id = ? AND followed_id = ?;
-- weight: 100
DELETE FROM followed_by WHERE followed_id = ? AND follower_id = ?;
-- the analytics team's nightly export of the day's new follows (a batch job)
-- weight: 1
SELECT follower_id, followed_id, created_at FROM follows WHERE created_at >= ? AND created_at < ?;
