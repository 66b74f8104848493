-- chat.postMessage: a message in a channel (ts: the channel's next timestamp)
-- weight: 30000
UPSERT INTO message (channel_id, ts, user_id, msg_text, subtype) VALUES (?, ?, ?, ?, ?);
-- chat.postMessage with thread_ts: a reply in a thread
-- weight: 10000
UPSERT INTO message (channel_id, ts, user_id, msg_text, thread_ts) VALUES (?, ?, ?, ?, ?);
-- ... and the parent's reply_count and latest_reply moved
-- weight: 10000
UPSERT INTO message (channel_id, ts, thread_ts, reply_count, latest_reply) VALUES (?, ?, ?, ?, ?);
-- chat.update: a message edited
-- weight: 1000
UPSERT INTO message (channel_id, ts, msg_text, edited_ts) VALUES (?, ?, ?, ?);
-- conversations.history: the channel's newest 100 messages before the cursor
-- weight: 40000
SELECT ts, user_id, msg_text, subtype, thread_ts, reply_count, latest_reply, edited_ts FROM message WHERE channel_id = ? AND ts < ? ORDER BY ts DESC LIMIT 100;
-- conversations.replies: a thread, its parent and replies, oldest first
-- weight: 8000
SELECT ts, user_id, msg_text, edited_ts FROM message WHERE channel_id = ? AND thread_ts = ? ORDER BY ts LIMIT 200;
-- reactions.add
-- weight: 6000
UPSERT INTO reaction (channel_id, message_ts, emoji_name, user_id, reacted_at) VALUES (?, ?, ?, ?, ?);
-- reactions.remove
-- weight: 500
DELETE FROM reaction WHERE channel_id = ? AND message_ts = ? AND emoji_name = ? AND user_id = ?;
-- reactions.get: a message's reactions
-- weight: 15000
SELECT emoji_name, user_id FROM reaction WHERE channel_id = ? AND message_ts = ?;
