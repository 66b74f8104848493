-- a loan disbursed: its repayment schedule written, one row an installment
-- weight: 3000
UPSERT INTO loan_repayment_schedule (loan_id, installment, fromdate, duedate, principal_amount, interest_amount, fee_charges_amount, penalty_charges_amount, completed_derived, lastmodified_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, false, ?);
-- ... and its disbursement transaction, at the client's office on the business date
-- weight: 250
UPSERT INTO loan_transaction (office_id, transaction_date, loan_id, id, transaction_type_enum, amount, outstanding_loan_balance_derived, is_reversed, created_date) VALUES (?, ?, ?, ?, 1, ?, ?, false, ?);
-- the loan account page: its schedule (GET /loans/{loanId}?associations=repaymentSchedule)
-- weight: 30000
SELECT installment, fromdate, duedate, principal_amount, interest_amount, fee_charges_amount, penalty_charges_amount, principal_completed_derived, interest_completed_derived, completed_derived FROM loan_repayment_schedule WHERE loan_id = ?;
-- a repayment: the oldest installment not yet paid ...
-- weight: 20000
SELECT installment, duedate, principal_amount, principal_completed_derived, interest_amount, interest_completed_derived FROM loan_repayment_schedule WHERE loan_id = ? AND completed_derived = false ORDER BY installment LIMIT 1;
-- ... its paid portions written back
-- weight: 20000
UPSERT INTO loan_repayment_schedule (loan_id, installment, principal_completed_derived, interest_completed_derived, completed_derived, obligations_met_on_date, lastmodified_date) VALUES (?, ?, ?, ?, ?, ?, ?);
-- ... and the repayment transaction posted (POST /loans/{loanId}/transactions?command=repayment)
-- weight: 20000
UPSERT INTO loan_transaction (office_id, transaction_date, loan_id, id, transaction_type_enum, amount, principal_portion_derived, interest_portion_derived, outstanding_loan_balance_derived, is_reversed, created_date) VALUES (?, ?, ?, ?, 2, ?, ?, ?, ?, false, ?);
-- a repayment undone (command=undo): the transaction marked reversed
-- weight: 300
UPSERT INTO loan_transaction (office_id, transaction_date, loan_id, id, is_reversed) VALUES (?, ?, ?, ?, true);
-- the loan's transactions, oldest first (GET /loans/{loanId}?associations=transactions)
-- weight: 15000
SELECT transaction_date, id, transaction_type_enum, amount, principal_portion_derived, interest_portion_derived, outstanding_loan_balance_derived, is_reversed FROM loan_transaction WHERE office_id = ? AND loan_id = ? ORDER BY transaction_date;
-- the branch's end of day: the office's transactions of the business date (the teller's cash report)
-- weight: 400
SELECT loan_id, id, transaction_type_enum, amount, is_reversed FROM loan_transaction WHERE office_id = ? AND transaction_date = ?;
-- close of business, once a night: arrears aging, every installment overdue
-- weight: 1
SELECT loan_id, installment, duedate, principal_amount, principal_completed_derived FROM loan_repayment_schedule WHERE duedate < ? AND completed_derived = false;
