-- rows: 30000000
-- distribution: transaction_pk monotonic
-- distinct: id_tag 2000000
CREATE TABLE charging_transaction (transaction_pk BIGINT NOT NULL, charge_box_id VARCHAR(64),
  connector_id INTEGER, id_tag VARCHAR(20), start_timestamp TIMESTAMP, start_value VARCHAR(32),
  stop_timestamp TIMESTAMP, stop_value VARCHAR(32), stop_reason VARCHAR(32),
  PRIMARY KEY (hash32(transaction_pk), transaction_pk));
CREATE INDEX idx_tx_id_tag ON charging_transaction (id_tag, transaction_pk) INCLUDE (charge_box_id, start_timestamp, start_value, stop_timestamp, stop_value);
-- rows: 3000000000
-- distribution: transaction_pk monotonic
-- distinct: measurand 6
-- distinct: phase 4
CREATE TABLE connector_meter_value (transaction_pk BIGINT NOT NULL, value_timestamp TIMESTAMP NOT NULL,
  measurand VARCHAR(64) NOT NULL, phase VARCHAR(8) NOT NULL, value_text VARCHAR(64), unit VARCHAR(16),
  reading_context VARCHAR(32),
  PRIMARY KEY (hash32(transaction_pk), transaction_pk, value_timestamp, measurand, phase));
