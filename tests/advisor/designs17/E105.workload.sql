-- keyplan:tenant acme
-- an employee starts a report (POST /expense/reports)
-- weight: 4000
UPSERT INTO expense_report (report_id, employee_id, approver_id, report_name, approval_status, payment_status, currency, total, last_modified, policy_id) VALUES (?, ?, ?, ?, 'A_NOTF', 'P_NOTP', ?, 0, ?, ?);
-- an expense entry added or edited (the card feed, a receipt read)
-- weight: 30000
UPSERT INTO expense_entry (report_id, entry_id, expense_type, transaction_date, vendor, amount, currency, receipt_image_id, is_personal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the report's total kept with it
-- weight: 30000
UPSERT INTO expense_report (report_id, total, last_modified) VALUES (?, ?, ?);
-- the report submitted to its approver
-- weight: 4000
UPSERT INTO expense_report (report_id, approval_status, submit_date, last_modified) VALUES (?, 'A_PEND', ?, ?);
-- approved, sent on to the next approver, or sent back
-- weight: 4500
UPSERT INTO expense_report (report_id, approval_status, approver_id, last_modified) VALUES (?, ?, ?, ?);
-- paid by the payment batch
-- weight: 3500
UPSERT INTO expense_report (report_id, payment_status, last_modified) VALUES (?, 'P_PAID', ?);
-- the employee's reports, newest first
-- weight: 20000
SELECT report_id, report_name, approval_status, payment_status, total, submit_date FROM expense_report WHERE employee_id = ? ORDER BY submit_date DESC LIMIT 25;
-- a report opened: its header ...
-- weight: 25000
SELECT employee_id, approver_id, report_name, approval_status, payment_status, currency, total, submit_date FROM expense_report WHERE report_id = ?;
-- ... and its entries
-- weight: 25000
SELECT entry_id, expense_type, transaction_date, vendor, amount, currency, receipt_image_id, is_personal FROM expense_entry WHERE report_id = ?;
-- the approver's queue: the reports waiting for me (through the view)
-- weight: 12000
SELECT report_id, employee_id, report_name, total, submit_date FROM pending_approval WHERE approver_id = ?;
-- the auditor, now and then: every report of the company above an amount
-- weight: 2
SELECT report_id, employee_id, total FROM expense_report WHERE total > 10000;
