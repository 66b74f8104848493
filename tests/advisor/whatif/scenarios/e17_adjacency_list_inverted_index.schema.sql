-- distribution: invoice_id uniform
CREATE TABLE invoice_bill (invoice_id VARCHAR(64) NOT NULL, bill_id VARCHAR(64) NOT NULL,
  bill_amount BIGINT, bill_status VARCHAR(16), created BIGINT, PRIMARY KEY (invoice_id, bill_id));
