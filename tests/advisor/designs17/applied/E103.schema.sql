-- rows: 240000000
-- distinct: loan_id 10000000
CREATE TABLE loan_repayment_schedule (loan_id BIGINT NOT NULL, installment INTEGER NOT NULL,
  fromdate DATE, duedate DATE, principal_amount DECIMAL(19,6), interest_amount DECIMAL(19,6),
  fee_charges_amount DECIMAL(19,6), penalty_charges_amount DECIMAL(19,6),
  principal_completed_derived DECIMAL(19,6), interest_completed_derived DECIMAL(19,6),
  completed_derived BOOLEAN NOT NULL, obligations_met_on_date DATE, lastmodified_date TIMESTAMP,
  PRIMARY KEY (loan_id, completed_derived, installment));
-- rows: 3000000000
-- distinct: office_id 40
-- distinct: loan_id 10000000
CREATE TABLE loan_transaction (office_id BIGINT NOT NULL, transaction_date DATE NOT NULL,
  loan_id BIGINT NOT NULL, id BIGINT NOT NULL, transaction_type_enum INTEGER, amount DECIMAL(19,6),
  principal_portion_derived DECIMAL(19,6), interest_portion_derived DECIMAL(19,6),
  outstanding_loan_balance_derived DECIMAL(19,6), is_reversed BOOLEAN, external_id VARCHAR(100),
  created_date TIMESTAMP,
  PRIMARY KEY (loan_id, office_id, transaction_date, id));
-- rows: 3000000000
-- distinct: office_id 40
-- distinct: loan_id 10000000
CREATE TABLE loan_transaction_by_office_id_transaction_date_loan_id_id (office_id BIGINT NOT NULL, transaction_date DATE NOT NULL, loan_id BIGINT NOT NULL, id BIGINT NOT NULL, transaction_type_enum INTEGER, amount DECIMAL(19, 6), principal_portion_derived DECIMAL(19, 6), interest_portion_derived DECIMAL(19, 6), outstanding_loan_balance_derived DECIMAL(19, 6), is_reversed BOOLEAN, external_id VARCHAR(100), created_date TIMESTAMP, loan_transaction_key VARCHAR(42) NOT NULL, office_id_key VARCHAR(23) NOT NULL, PRIMARY KEY (office_id_key, transaction_date, loan_transaction_key));
