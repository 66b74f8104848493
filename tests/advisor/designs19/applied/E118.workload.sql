-- StartMatchmaking: a party's ticket queued
-- rate: 3000/s
-- weight: 3000
UPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, player_id, party_size, mmr, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'SEARCHING');
-- the matchmaker of the ranked solo queue: the oldest tickets waiting in a region (through the view)
-- weight: 12000
SELECT enqueued_at, ticket_id, player_id, party_size, mmr FROM ranked_solo_ticket WHERE region = ? AND status = 'SEARCHING' ORDER BY enqueued_at LIMIT 200;
-- ... the tickets it matched
-- rate: 3000/s
-- weight: 3000
UPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, status, match_id) VALUES (?, ?, ?, ?, 'COMPLETED', ?);
-- DescribeMatchmaking: the client polls its ticket by id, every few seconds
-- weight: 20000
SELECT status, match_id FROM mm_ticket WHERE ticket_id = ?;
-- a completed or cancelled ticket removed
-- rate: 3000/s
-- weight: 3000
DELETE FROM mm_ticket WHERE queue_id = ? AND region = ? AND enqueued_at = ? AND ticket_id = ?;
-- the wallet shown (the store, the lobby)
-- weight: 30000
SELECT currency_code, balance FROM wallet WHERE player_id = ?;
-- a purchase, a reward or a refund: the balance ...
-- weight: 8000
UPSERT INTO wallet (player_id, currency_code, balance, updated_at) VALUES (?, ?, ?, ?);
-- ... and its ledger line
-- weight: 8000
UPSERT INTO currency_txn (player_id, currency_code, txn_time, txn_id, amount, balance_after, reason, item_id, store_order_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the player's transaction history of one currency, newest first
-- weight: 4000
SELECT txn_time, txn_id, amount, balance_after, reason, item_id FROM currency_txn WHERE player_id = ? AND currency_code = ? ORDER BY txn_time DESC LIMIT 50;
-- the store's receipt webhook: was this order already granted (idempotency)?
-- weight: 2500
SELECT amount FROM currency_txn WHERE store_order_id = ?;
-- fraud review, once in a while: every grant of one reason
-- weight: 1
SELECT player_id, txn_time, amount FROM currency_txn WHERE reason = ?;
-- applied: designs19.md E118, the first run's recommendation: mm_ticket's indexes (ticket_id) covering the poll and (region, status, queue_id, enqueued_at) covering the matchmaker
