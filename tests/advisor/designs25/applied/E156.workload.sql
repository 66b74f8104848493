-- GET /playlists/{id}/tracks?offset=&limit=100: a page of the playlist, in its order
-- weight: 100000
SELECT item_rank, item_id, track_uri, added_at, added_by FROM playlist_item WHERE playlist_id = ? AND item_rank > ? ORDER BY item_rank LIMIT 100;
-- POST /playlists/{id}/tracks: a track added (its rank between its neighbours')
-- weight: 8000
INSERT INTO playlist_item (playlist_id, item_rank, item_id, track_uri, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?);
-- PUT /playlists/{id}/tracks (range_start, insert_before): an item moved, a new rank
-- weight: 1000
DELETE FROM playlist_item WHERE playlist_id = ? AND item_rank = ? AND item_id = ?;
-- weight: 1000
INSERT INTO playlist_item (playlist_id, item_rank, item_id, track_uri, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?);
-- DELETE /playlists/{id}/tracks {"tracks": [{"uri": ...}]}: every occurrence of a track, then each removed
-- weight: 1500
SELECT item_rank, item_id FROM playlist_item WHERE playlist_id = ? AND track_uri = ?;
-- weight: 1500
DELETE FROM playlist_item WHERE playlist_id = ? AND item_rank = ? AND item_id = ?;
-- PUT /playlists/{id}/followers
-- weight: 2000
INSERT INTO playlist_follower (playlist_id, user_id, followed_at, is_public) VALUES (?, ?, ?, ?);
-- DELETE /playlists/{id}/followers
-- weight: 500
DELETE FROM playlist_follower WHERE playlist_id = ? AND user_id = ?;
-- GET /playlists/{id}/followers/contains: the heart on a playlist's page
-- weight: 5000
SELECT followed_at FROM playlist_follower WHERE playlist_id = ? AND user_id = ?;
-- GET /me/playlists: the playlists the user follows, for "Your Library"
-- weight: 20000
SELECT playlist_id, followed_at FROM playlist_follower WHERE user_id = ?;
