-- rows: 500000000
-- distinct: account_id 5000000
-- distribution: account_id uniform
CREATE TABLE ledger_entry (account_id CHAR(36) NOT NULL, posted_at BIGINT NOT NULL,
  entry_id CHAR(36) NOT NULL, txn_id CHAR(36) NOT NULL, direction CHAR(1), amount DECIMAL(18,2),
  currency CHAR(3), balance_after DECIMAL(18,2), description VARCHAR(256),
  PRIMARY KEY (account_id, posted_at, entry_id));
