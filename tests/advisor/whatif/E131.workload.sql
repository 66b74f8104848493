-- an outbound message accepted (POST .../Messages.json): a row in the contact's conversation
-- weight: 20000
INSERT INTO conversation_message (account_sid, contact_number, date_created, message_sid, direction, sender_number, body, num_media, status, date_updated) VALUES (?, ?, ?, ?, 'outbound-api', ?, ?, ?, 'accepted', ?);
-- an inbound message: the incoming-message webhook's row
-- weight: 8000
INSERT INTO conversation_message (account_sid, contact_number, date_created, message_sid, direction, sender_number, body, num_media, status, date_updated) VALUES (?, ?, ?, ?, 'inbound', ?, ?, ?, 'received', ?);
-- a status callback (MessageSid, MessageStatus, ErrorCode): which row is it ...
-- weight: 30000
SELECT account_sid, contact_number, date_created, status FROM conversation_message WHERE message_sid = ?;
-- ... and its status set
-- weight: 30000
UPDATE conversation_message SET status = ?, error_code = ?, date_updated = ? WHERE account_sid = ? AND contact_number = ? AND date_created = ? AND message_sid = ?;
-- the agent's inbox: one contact's conversation, newest first
-- weight: 15000
SELECT date_created, message_sid, direction, body, num_media, status FROM conversation_message WHERE account_sid = ? AND contact_number = ? ORDER BY date_created DESC LIMIT 50;
-- the customer's StatusCallback URL did not answer 2xx: the callback queued for its next attempt (slot: the second it is due)
-- rate: 4000/s
-- weight: 4000
INSERT INTO webhook_retry (bucket, slot, callback_id, account_sid, message_sid, callback_url, payload, attempt, last_http_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the dispatcher: the callbacks due now
-- weight: 6000
SELECT slot, callback_id, callback_url, payload, attempt FROM webhook_retry WHERE bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND slot >= ? AND slot < ? LIMIT 1000;
-- ... each one removed when it is sent again (and queued anew, above, if it fails again)
-- rate: 4000/s
-- weight: 4000
DELETE FROM webhook_retry WHERE bucket = ? AND slot = ? AND callback_id = ?;
-- compliance, once: every message of an account in a month
-- weight: 1
SELECT contact_number, date_created, message_sid, direction, status FROM conversation_message WHERE account_sid = ? AND date_created >= ? AND date_created < ?;
-- applied: designs21.md E131, the first run's recommendation: webhook_retry keyed [bucket][slot][callback_id] (the insert writes the bucket, the delete binds it, the dispatcher's read reads its 16 values, README rules); conversation_message's index by message_sid needs no change to the statements
