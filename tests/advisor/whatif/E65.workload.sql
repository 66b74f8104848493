-- track.scrobble: a play, written under its user (a batch of 50 is 50 rows)
-- weight: 100000
INSERT INTO scrobble (user_id, played_at, track_id, artist_id, album_id, client) VALUES (?, ?, ?, ?, ?, ?);
-- ... and the track's play count, an atomic increment
-- weight: 100000
UPDATE track_stats SET playcount = playcount + 1, last_played = ? WHERE track_id_shard = ?;
-- user.getRecentTracks: the newest 50
-- weight: 30000
SELECT played_at, track_id, artist_id, album_id FROM scrobble WHERE user_id = ? ORDER BY played_at DESC LIMIT 50;
-- user.getRecentTracks with from and to
-- weight: 5000
SELECT played_at, track_id, artist_id FROM scrobble WHERE user_id = ? AND played_at >= ? AND played_at < ?;
-- user.getTrackScrobbles: the user's plays of one track
-- weight: 4000
SELECT played_at, album_id FROM scrobble WHERE user_id = ? AND track_id = ?;
-- track.getInfo: the track's counts
-- weight: 50000
SELECT playcount, listeners FROM track_stats WHERE track_id_shard IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- E65 applied by test_whatif_applied (README.md): shard_row track_id_shard. The advice's
-- rewrite ("reads to rewrite"): each increment binds track_id_shard = track_id + '#' + a random
-- shard; each read of the row reads track_id_shard = track_id + '#0' to '#15' (16 GETs):
-- track_id_shard IN (16 values).
