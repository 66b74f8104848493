-- an MLS's change feed: each changed field of a listing (HistoryTransactional), as the aggregator receives it
-- rate: 3000/s
-- weight: 30000
INSERT INTO listing_history (listing_key, modification_ts, field_name, history_transactional_key, originating_system_name, previous_value, new_value, change_type, changed_by_member_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the listing page's price and status history, newest first
-- weight: 20000
SELECT modification_ts, field_name, previous_value, new_value, change_type FROM listing_history WHERE listing_key = ? ORDER BY modification_ts DESC LIMIT 100;
-- the price-drop report, once a day: every ListPrice change since yesterday, all MLSs
-- weight: 1
SELECT listing_key, originating_system_name, previous_value, new_value FROM listing_history WHERE field_name = 'ListPrice' AND modification_ts >= ?;
-- a showing requested by a buyer's agent
-- rate: 60/s
-- weight: 6000
INSERT INTO showing (listing_key, showing_start_ts, showing_key, showing_end_ts, showing_agent_key, showing_status, showing_method, modification_ts) VALUES (?, ?, ?, ?, ?, 'Requested', ?, ?);
-- the listing agent confirms, declines or cancels it
-- rate: 90/s
-- weight: 9000
UPDATE showing SET showing_status = ?, modification_ts = ? WHERE listing_key = ? AND showing_start_ts = ? AND showing_key = ?;
-- the buyer's agent's feedback after the visit
-- rate: 30/s
-- weight: 3000
UPDATE showing SET feedback_rating = ?, feedback_remarks = ?, modification_ts = ? WHERE listing_key = ? AND showing_start_ts = ? AND showing_key = ?;
-- the seller's and the listing agent's view: the listing's coming showings
-- weight: 7000
SELECT showing_start_ts, showing_key, showing_end_ts, showing_agent_key, showing_status FROM showing WHERE listing_key = ? AND showing_start_ts >= ?;
-- the buyer's agent's schedule of the coming days
-- weight: 12000
SELECT listing_key, showing_start_ts, showing_key, showing_end_ts, showing_status FROM showing WHERE showing_agent_key = ? AND showing_start_ts >= ? AND showing_start_ts < ?;
-- the listing's feedback summary
-- weight: 2000
SELECT showing_start_ts, feedback_rating, feedback_remarks FROM showing WHERE listing_key = ?;
