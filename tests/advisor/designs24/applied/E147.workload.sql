-- the Event Webhook's POST, one row an event (processed, delivered, deferred, bounce, open, click, ...)
-- rate: 40000/s
-- weight: 40000
UPSERT INTO email_event (account_id, sg_message_id, event_ts, sg_event_id, email, event_type, category, asm_group_id, reason, smtp_status, ip, useragent, url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- Email Activity: GET /v3/messages/{msg_id}, a message's events in time order
-- weight: 6000
SELECT event_ts, sg_event_id, email, event_type, reason, smtp_status, url FROM email_event WHERE account_id = ? AND sg_message_id = ? ORDER BY event_ts;
-- ... the message's opens only (the detail pane's "opened" tab)
-- weight: 2000
SELECT event_ts, ip, useragent FROM email_event WHERE account_id = ? AND sg_message_id = ? AND event_type = 'open';
-- Email Activity: GET /v3/messages?query=to_email="..." the recipient's latest events
-- weight: 3000
SELECT sg_message_id, event_ts, event_type, reason FROM email_event WHERE account_id = ? AND email = ? ORDER BY event_ts DESC LIMIT 100;
-- the send path checks each recipient against the account's suppressions (bounces, blocks, spam reports, unsubscribes)
-- weight: 40000
SELECT list_type, reason FROM suppression WHERE account_id = ? AND email = ?;
-- a hard bounce, a spam report or an unsubscribe suppresses the address
-- weight: 1500
UPSERT INTO suppression (account_id, email, list_type, reason, created_at) VALUES (?, ?, ?, ?, ?);
-- DELETE /v3/suppression/bounces/{email}
-- weight: 100
DELETE FROM suppression WHERE account_id = ? AND email = ? AND list_type = ?;
-- GET /v3/suppression/bounces: the account's bounce list, a page
-- weight: 200
SELECT email, reason, created_at FROM suppression WHERE account_id = ? AND list_type = 'bounce' LIMIT 500;
