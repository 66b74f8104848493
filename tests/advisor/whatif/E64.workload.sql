-- the point of sale: the buyer's phone number finds the account (SearchLoyaltyAccounts by phone mapping)
-- weight: 40000
SELECT account_id, program_id, balance, customer_id FROM loyalty_account WHERE phone_number = ?;
-- RetrieveLoyaltyAccount
-- weight: 20000
SELECT program_id, phone_number, balance, lifetime_points FROM loyalty_account WHERE account_id = ?;
-- AccumulateLoyaltyPoints: an ACCUMULATE_POINTS event in the ledger ...
-- weight: 30000
UPSERT INTO loyalty_event ("EVENT_ID_hash", event_id, account_id, event_type, points, order_id, location_id, source, created_at) VALUES (?, NEXT VALUE FOR loyalty_event_seq, ?, 'ACCUMULATE_POINTS', ?, ?, ?, 'SQUARE', ?);
-- RedeemLoyaltyReward: a REDEEM_REWARD event ...
-- weight: 5000
UPSERT INTO loyalty_event ("EVENT_ID_hash", event_id, account_id, event_type, points, order_id, location_id, source, created_at) VALUES (?, NEXT VALUE FOR loyalty_event_seq, ?, 'REDEEM_REWARD', ?, ?, ?, 'SQUARE', ?);
-- ... and each moves the account's balance
-- weight: 35000
UPSERT INTO loyalty_account (account_id, balance, lifetime_points, updated_at) VALUES (?, ?, ?, ?);
-- the buyer's activity: the account's newest 30 events (SearchLoyaltyEvents, loyalty_account_filter)
-- weight: 15000
SELECT event_id, event_type, points, order_id, location_id, created_at FROM loyalty_event WHERE account_id = ? ORDER BY created_at DESC LIMIT 30;
-- a refund: the events of the order, to take its points back (SearchLoyaltyEvents, order_filter)
-- weight: 3000
SELECT event_id, account_id, event_type, points FROM loyalty_event WHERE order_id = ?;
-- the nightly expiry job: accumulations older than the program's expiration period
-- weight: 1
SELECT event_id, account_id, points FROM loyalty_event WHERE event_type = 'ACCUMULATE_POINTS' AND created_at < ?;
-- E64 applied by test_whatif_applied (README.md): hash_prefix "EVENT_ID_hash". The advice's
-- rewrite: the writer writes EVENT_ID_hash (both UPSERTs); no read is served by the key, so
-- none computes it.
