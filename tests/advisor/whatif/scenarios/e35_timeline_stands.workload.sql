-- a message is stored once, in its conversation's timeline
-- weight: 10000
INSERT INTO im_store (conversation_id, msg_id, sender_id, content, sent_at) VALUES (?, ?, ?, ?, ?);
-- and written to the sync timeline of each member (six on average)
-- weight: 60000
INSERT INTO im_sync (receiver_id, conversation_id, msg_id, sender_id, content, sent_at) VALUES (?, ?, ?, ?, ?, ?);
-- each client pulls what arrived since its checkpoint
-- weight: 30000
SELECT seq, conversation_id, msg_id, sender_id, content, sent_at FROM im_sync WHERE receiver_id = ? AND seq > ? ORDER BY seq LIMIT 200;
-- opening a conversation: its newest messages
-- weight: 8000
SELECT seq, msg_id, sender_id, content, sent_at FROM im_store WHERE conversation_id = ? ORDER BY seq DESC LIMIT 20;
-- scrolling up: the page before the oldest one shown
-- weight: 3000
SELECT seq, msg_id, sender_id, content, sent_at FROM im_store WHERE conversation_id = ? AND seq < ? ORDER BY seq DESC LIMIT 20;
-- a quoted reply or a recall: one message by its sequence number
-- weight: 200
SELECT msg_id, sender_id, content, sent_at FROM im_store WHERE conversation_id = ? AND seq = ?;
