-- POST /api/2/episodes/{username}.json: each uploaded action, created = the server's upload time
-- weight: 60000
UPSERT INTO episode_action (username, created, action_id, device_uid, podcast_url, episode_url, action_type, action_ts, started, play_position, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /api/2/episodes/{username}.json?since=T: the actions uploaded since the client's last sync
-- weight: 40000
SELECT device_uid, podcast_url, episode_url, action_type, action_ts, started, play_position, total, created FROM episode_action WHERE username = ? AND created > ?;
-- ... with podcast=URL: one feed's actions since T
-- weight: 5000
SELECT episode_url, action_type, action_ts, started, play_position, total, created FROM episode_action WHERE username = ? AND created > ? AND podcast_url = ?;
-- the web's "continue listening": the user's latest actions, newest first
-- weight: 10000
SELECT podcast_url, episode_url, action_type, play_position, total, created FROM episode_action WHERE username = ? ORDER BY created DESC LIMIT 20;
-- GET /api/2/subscriptions/{username}/{device}.json?since=T
-- weight: 20000
SELECT podcast_url, subscribed, changed FROM subscription WHERE username = ? AND device_uid = ? AND changed > ?;
-- POST /api/2/subscriptions/{username}/{device}.json: one add or remove
-- weight: 2000
UPSERT INTO subscription (username, device_uid, podcast_url, subscribed, changed) VALUES (?, ?, ?, ?, ?);
-- an operator's one-off: who played an episode of this feed (support ticket), every user
-- weight: 1
SELECT username, episode_url, created FROM episode_action WHERE podcast_url = ? AND action_type = 'play';
