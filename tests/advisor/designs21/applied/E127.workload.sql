-- POST /2010-04-01/Accounts/{AccountSid}/Messages.json: the message created, status queued
-- weight: 20000
UPSERT INTO sms_message (account_sid, message_sid, messaging_service_sid, from_number, to_number, body, status, direction, num_segments, date_created, date_updated, message_by_status_bucket) VALUES (?, ?, ?, ?, ?, ?, 'queued', 'outbound-api', ?, ?, ?, ?);
-- the carrier's progress, sending then sent: the status and date_sent
-- weight: 20000
UPSERT INTO sms_message (account_sid, message_sid, status, date_sent, date_updated) VALUES (?, ?, ?, ?, ?);
-- the delivery receipt applied by the inbox worker: delivered or undelivered, error_code and price
-- weight: 18000
UPSERT INTO sms_message (account_sid, message_sid, status, error_code, price, date_updated) VALUES (?, ?, ?, ?, ?, ?);
-- GET /2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json
-- weight: 25000
SELECT messaging_service_sid, from_number, to_number, body, status, direction, num_segments, error_code, price, date_created, date_sent, date_updated FROM sms_message WHERE account_sid = ? AND message_sid = ?;
-- GET .../Messages.json?DateSent>=...: the console's message log, newest first, a page of 50
-- weight: 6000
SELECT message_sid, from_number, to_number, status, date_sent, num_segments, price FROM sms_message WHERE account_sid = ? AND date_sent >= ? ORDER BY date_sent DESC LIMIT 50;
-- the carriers' delivery receipts, queued as they arrive (partition_no = a hash of the sid % 4)
-- rate: 12000/s
-- weight: 18000
UPSERT INTO callback_inbox (bucket, partition_no, received_seq, account_sid, message_sid, message_status, error_code, raw_dlr_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- the inbox worker of one partition: the next receipts, oldest first
-- weight: 32000
SELECT received_seq, account_sid, message_sid, message_status, error_code FROM callback_inbox WHERE bucket = ? AND partition_no = ? AND received_seq > ? ORDER BY received_seq LIMIT 500;
-- ... each one removed once applied
-- rate: 12000/s
-- weight: 18000
DELETE FROM callback_inbox WHERE bucket = ? AND partition_no = ? AND received_seq = ?;
-- support, once in a while: every undelivered message of a day, all accounts
-- weight: 1
SELECT account_sid, message_sid, to_number, error_code FROM sms_message WHERE message_by_status_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND status = 'undelivered' AND date_updated >= ? AND date_updated < ?;
-- applied: designs21.md E127, the first run's recommendation: message_by_status rebuilt led by message_by_status_bucket (the create writes it, the support read reads its 16 values); callback_inbox keyed [bucket][partition_no][received_seq] (the insert writes the bucket, the delete binds it, the worker's ordered read one bucket a poll at 16 times its weight, README rules)
