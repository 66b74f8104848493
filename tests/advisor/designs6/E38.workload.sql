-- the inbox: the user's 20 most recent threads
-- weight: 10000
SELECT thread_id, last_msg_at, snippet, unread FROM thread_meta WHERE user_id = ? ORDER BY last_msg_at DESC LIMIT 20;
-- one thread's header (opening it from a notification)
-- weight: 3000
SELECT last_msg_at, snippet, unread, muted FROM thread_meta WHERE user_id = ? AND thread_id = ?;
-- opening a thread: its newest messages
-- weight: 8000
SELECT msg_id, sender_id, body, sent_at FROM message WHERE user_id = ? AND thread_id = ? ORDER BY msg_id DESC LIMIT 20;
-- scrolling up: the page before the oldest message shown
-- weight: 2000
SELECT msg_id, sender_id, body, sent_at FROM message WHERE user_id = ? AND thread_id = ? AND msg_id < ? ORDER BY msg_id DESC LIMIT 20;
-- a message is written into the mailbox of each member of the thread
-- weight: 40000
UPSERT INTO message (user_id, thread_id, msg_id, sender_id, body, sent_at) VALUES (?, ?, ?, ?, ?, ?);
-- and moves the thread to the top of each member's inbox
-- weight: 40000
UPSERT INTO thread_meta (user_id, thread_id, last_msg_at, snippet, unread) VALUES (?, ?, ?, ?, ?);
-- the member reads the thread
-- weight: 15000
UPSERT INTO thread_meta (user_id, thread_id, unread) VALUES (?, ?, 0);
