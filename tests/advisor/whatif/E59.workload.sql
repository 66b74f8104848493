-- every ad event (view, click, purchase), its campaign looked up from the ad at ingest
-- weight: 100000
INSERT INTO ad_event (campaign_id_key, campaign_id, event_time, ad_id, user_id, page_id, ad_type, event_type, ip_address) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the ad server's frequency cap: how often this user saw this ad today
-- weight: 30000
SELECT COUNT(*) FROM ad_event WHERE user_id = ? AND ad_id = ? AND event_time >= ?;
-- a campaign's views in a 10-second window (the benchmark's windowed count)
-- weight: 3000
SELECT COUNT(*) FROM ad_event WHERE campaign_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND event_time >= ? AND event_time < ? AND event_type = 'view';
-- fraud investigation, ad hoc: the events from one address
-- weight: 1
SELECT user_id, ad_id, event_time FROM ad_event WHERE ip_address = ?;
-- E59 applied by test_whatif_applied (README.md): salt_buckets [bucket + campaign_id] as
-- campaign_id_key, bucket = hash(user_id) % 16. The advice's rewrite: the writer fills
-- campaign_id_key (the INSERT); a read that binds user_id by = binds campaign_id_key (none
-- binds campaign_id with it); any other read is 16 scans merged: campaign_id_key IN (16 values).
