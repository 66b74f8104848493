-- the available balance, checked before every payment: the newest entry's running balance
-- weight: 20000
SELECT balance_after, posted_at FROM ledger_entry WHERE account_id = ? ORDER BY posted_at DESC LIMIT 1;
-- the account's activity page, newest first
-- weight: 5000
SELECT posted_at, entry_id, direction, amount, balance_after, description FROM ledger_entry WHERE account_id = ? ORDER BY posted_at DESC LIMIT 50;
-- the monthly statement, oldest first
-- weight: 200
SELECT posted_at, entry_id, direction, amount, balance_after, description FROM ledger_entry WHERE account_id = ? AND posted_at >= ? AND posted_at < ? ORDER BY posted_at;
-- a payment's detail: the entries of one transaction on one account
-- weight: 300
SELECT entry_id, direction, amount FROM ledger_entry WHERE account_id = ? AND txn_id = ?;
-- the nightly reconciliation export: every entry posted yesterday (a batch job)
-- weight: 1
SELECT account_id, entry_id, direction, amount FROM ledger_entry WHERE posted_at >= ? AND posted_at < ?;
-- posting: each transaction writes two entries or more
-- weight: 20000
UPSERT INTO ledger_entry (account_id, posted_at, entry_id, txn_id, direction, amount, currency, balance_after, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
