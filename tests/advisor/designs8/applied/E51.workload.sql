-- keyplan:tenant acme
-- a journal entry is posted: its lines written (invoices, bills, payments, bank statements)
-- weight: 30000
UPSERT INTO account_move_line (move_id, line_id, account_id, partner_id, journal_id, move_date, label, debit, credit, amount_residual, reconciled, parent_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'posted');
-- the journal entry form: the lines of one entry
-- weight: 10000
SELECT line_id, account_id, partner_id, label, debit, credit FROM account_move_line WHERE move_id = ?;
-- reconciliation (a payment matched with invoices): each matched line's residual and flag
-- weight: 8000
UPSERT INTO account_move_line (move_id, line_id, amount_residual, reconciled) VALUES (?, ?, ?, ?);
-- payment matching and follow-up: a customer's open lines on the receivable account
-- weight: 6000
SELECT move_id, line_id, move_date, amount_residual FROM posted_line WHERE partner_id = ? AND account_id = ? AND reconciled = FALSE;
-- the general ledger: one account's posted lines over a period
-- weight: 2000
SELECT move_id, move_date, partner_id, label, debit, credit FROM posted_line WHERE account_id = ? AND move_date >= ? AND move_date <= ?;
