-- rows: 2000000000
-- distinct: account_id 5000000
-- distinct: client_order_id 2000000000
-- distinct: status 9
-- distinct: asset_class 2
-- distribution: created_at monotonic
CREATE TABLE brokerage_order (account_id VARCHAR(36) NOT NULL, order_id VARCHAR(36) NOT NULL,
  client_order_id VARCHAR(128), symbol VARCHAR(16), asset_class VARCHAR(16), side VARCHAR(4),
  order_type VARCHAR(16), time_in_force VARCHAR(4), qty DECIMAL(18,9), limit_price DECIMAL(18,4),
  stop_price DECIMAL(18,4), status VARCHAR(24), filled_qty DECIMAL(18,9),
  filled_avg_price DECIMAL(18,4), created_at BIGINT, updated_at BIGINT, filled_at BIGINT,
  canceled_at BIGINT
  CONSTRAINT pk PRIMARY KEY (account_id, order_id));
CREATE INDEX order_by_client_id ON brokerage_order (account_id, client_order_id) INCLUDE (symbol, side, qty, status, filled_qty, filled_avg_price);
CREATE INDEX idx_brokerage_order_account_id_status_asset_class_covered ON brokerage_order (account_id, status, asset_class) INCLUDE (client_order_id, symbol, side, qty, limit_price, filled_qty);
CREATE VIEW crypto_order AS SELECT * FROM brokerage_order WHERE asset_class = 'crypto';
-- rows: 40000000
-- distinct: account_id 5000000
CREATE TABLE account_position (account_id VARCHAR(36) NOT NULL, symbol VARCHAR(16) NOT NULL,
  asset_class VARCHAR(16), qty DECIMAL(18,9), avg_entry_price DECIMAL(18,4),
  cost_basis DECIMAL(18,4), updated_at BIGINT
  CONSTRAINT pk PRIMARY KEY (account_id, symbol));
-- rows: 6000000000
-- distribution: activity_id monotonic
-- distinct: account_id 5000000
-- distinct: activity_type 12
CREATE TABLE account_activity (activity_id VARCHAR(64) NOT NULL, account_id VARCHAR(36) NOT NULL,
  activity_type VARCHAR(8), transaction_time BIGINT, symbol VARCHAR(16), side VARCHAR(4),
  qty DECIMAL(18,9), price DECIMAL(18,4), cum_qty DECIMAL(18,9), leaves_qty DECIMAL(18,9),
  order_id VARCHAR(36), order_status VARCHAR(24), net_amount DECIMAL(18,4)
  CONSTRAINT pk PRIMARY KEY (account_id, activity_id));
