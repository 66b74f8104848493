-- rows: 10000000000
-- distinct: company_id 40000
-- distinct: partner_id 200000000
CREATE TABLE account_move_line (company_id CHAR(12) NOT NULL, move_id BIGINT NOT NULL,
  line_id INTEGER NOT NULL, account_id BIGINT, partner_id BIGINT, journal_id BIGINT,
  move_date DATE, label VARCHAR(256), debit DECIMAL(18,2), credit DECIMAL(18,2),
  amount_residual DECIMAL(18,2), reconciled BOOLEAN, parent_state VARCHAR(8)
  CONSTRAINT pk PRIMARY KEY (company_id, move_id, line_id)) MULTI_TENANT=true;
CREATE VIEW posted_line AS SELECT * FROM account_move_line WHERE parent_state = 'posted';
