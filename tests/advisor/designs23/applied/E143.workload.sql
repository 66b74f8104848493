-- every audited action of an Enterprise Grid org (user_login, file_downloaded, channel_created, ...)
-- rate: 20000/s
-- weight: 20000
INSERT INTO audit_log (enterprise_id_key, enterprise_id, date_create, event_id, action, actor_user_id, entity_type, entity_id, context_location_id, context_ip, user_agent, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /audit/v1/logs?oldest=&latest=&limit=200: the org's SIEM pulls a window, newest first
-- weight: 600
SELECT date_create, event_id, action, actor_user_id, entity_type, entity_id, context_ip, details FROM audit_log WHERE enterprise_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND date_create >= ? AND date_create < ? ORDER BY date_create DESC LIMIT 200;
-- conversations.join / conversations.invite
-- weight: 3000
INSERT INTO channel_member (channel_id, user_id, last_read_ts, joined_at, notify_pref) VALUES (?, ?, ?, ?, ?);
-- conversations.leave / conversations.kick
-- weight: 1000
DELETE FROM channel_member WHERE channel_id = ? AND user_id = ?;
-- conversations.mark: the user read the channel up to a message
-- weight: 40000
UPDATE channel_member SET last_read_ts = ? WHERE channel_id = ? AND user_id = ?;
-- conversations.members: a channel's members, a page of 200
-- weight: 5000
SELECT user_id FROM channel_member WHERE channel_id = ? LIMIT 200;
-- the client's boot (users.conversations with each channel's last_read): the user's channels
-- weight: 30000
SELECT channel_id, last_read_ts FROM channel_member WHERE user_id = ?;
