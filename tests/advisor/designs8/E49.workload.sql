-- an approved authorization request, stored under the acquirer's retrieval reference number
-- weight: 40000
UPSERT INTO card_auth (rrn, card_id, merchant_id, mcc, amount, currency, status, created, approval_code) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?);
-- every authorization decision first sums the card's open holds (its available balance)
-- weight: 40000
SELECT amount FROM card_auth WHERE card_id = ? AND status = 'pending';
-- the capture or reversal message names the authorization by its RRN
-- weight: 30000
SELECT card_id, amount, status FROM card_auth WHERE rrn = ?;
-- and closes it (closed, reversed, expired)
-- weight: 30000
UPSERT INTO card_auth (rrn, status) VALUES (?, ?);
-- the cardholder's app: the card's latest authorizations, newest first
-- weight: 10000
SELECT rrn, merchant_id, amount, status, created FROM card_auth WHERE card_id = ? ORDER BY created DESC LIMIT 20;
-- a fraud analyst's ad hoc question: a merchant's authorizations since a time
-- weight: 2
SELECT rrn, card_id, amount FROM card_auth WHERE merchant_id = ? AND created >= ?;
