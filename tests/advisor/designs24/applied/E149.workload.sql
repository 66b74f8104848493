-- the send: one row a recipient as the campaign goes out (a large campaign sends for an hour)
-- rate: 30000/s
-- weight: 30000
INSERT INTO campaign_recipient (campaign_id, subscriber_hash, list_id, email_address, status, open_count, click_count) VALUES (?, ?, ?, ?, 'sent', 0, 0);
-- opens and clicks tracked, mostly in the campaign's first hours
-- rate: 12000/s
-- weight: 12000
UPDATE campaign_recipient SET open_count = ?, last_open = ? WHERE campaign_id = ? AND subscriber_hash = ?;
-- rate: 3000/s
-- weight: 3000
UPDATE campaign_recipient SET click_count = ?, last_click = ? WHERE campaign_id = ? AND subscriber_hash = ?;
-- the copy keyed [bucket][campaign_id][subscriber_hash] (the recommended index table), written with every row
-- rate: 30000/s
-- weight: 30000
INSERT INTO campaign_recipient_by_campaign_id_subscriber_hash (bucket, campaign_id, subscriber_hash, list_id, email_address, status, open_count, click_count) VALUES (?, ?, ?, ?, ?, 'sent', 0, 0);
-- rate: 12000/s
-- weight: 12000
UPDATE campaign_recipient_by_campaign_id_subscriber_hash SET open_count = ?, last_open = ? WHERE bucket = ? AND campaign_id = ? AND subscriber_hash = ?;
-- rate: 3000/s
-- weight: 3000
UPDATE campaign_recipient_by_campaign_id_subscriber_hash SET click_count = ?, last_click = ? WHERE bucket = ? AND campaign_id = ? AND subscriber_hash = ?;
-- GET /reports/{campaign_id}/sent-to, on the copy: one read a bucket (bucket = 0 to 15), 1000/16 rows each
-- weight: 24000
SELECT subscriber_hash, email_address, status, open_count, click_count, last_open FROM campaign_recipient_by_campaign_id_subscriber_hash WHERE bucket = ? AND campaign_id = ? LIMIT 63;
-- GET /reports/{campaign_id}/email-activity/{subscriber_hash}
-- weight: 4000
SELECT status, open_count, click_count, last_open, last_click, bounce_type FROM campaign_recipient WHERE campaign_id = ? AND subscriber_hash = ?;
-- the contact's profile: this list member's activity in every campaign (GET /lists/{list_id}/members/{subscriber_hash}/activity-feed)
-- weight: 5000
SELECT campaign_id, status, open_count, click_count, last_open FROM campaign_recipient WHERE list_id = ? AND subscriber_hash = ?;
-- PUT /lists/{list_id}/members/{subscriber_hash} (subscriber_hash: the MD5 of the lowercased address)
-- weight: 8000
UPDATE list_member SET status = ?, merge_fields = ?, last_changed = ? WHERE list_id = ? AND subscriber_hash = ?;
-- POST /lists/{list_id}/members
-- weight: 3000
INSERT INTO list_member (list_id, subscriber_hash, email_address, status, merge_fields, member_rating, timestamp_opt, last_changed) VALUES (?, ?, ?, ?, ?, 2, ?, ?);
-- GET /lists/{list_id}/members/{subscriber_hash}
-- weight: 12000
SELECT email_address, status, merge_fields, member_rating, last_changed FROM list_member WHERE list_id = ? AND subscriber_hash = ?;
-- the send job pages through the list's subscribed members (most members are)
-- weight: 400
SELECT subscriber_hash, email_address, merge_fields FROM list_member WHERE list_id = ? AND status = 'subscribed' LIMIT 5000;
