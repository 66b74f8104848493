-- rows: 20000000000
-- distinct: symbol 2000
-- distribution: symbol zipfian
-- distribution: order_id monotonic
-- distinct: account_id 50000000
CREATE TABLE spot_order (symbol VARCHAR(20) NOT NULL, order_id BIGINT NOT NULL, account_id BIGINT NOT NULL, client_order_id VARCHAR(36), side VARCHAR(4), order_type VARCHAR(24), time_in_force VARCHAR(4), price DECIMAL(24, 8), orig_qty DECIMAL(24, 8), executed_qty DECIMAL(24, 8), cum_quote_qty DECIMAL(24, 8), status VARCHAR(20), order_time BIGINT, update_time BIGINT, PRIMARY KEY (account_id, symbol, order_id));
-- rows: 400000000
-- distinct: account_id 50000000
CREATE TABLE account_balance (account_id BIGINT NOT NULL, asset VARCHAR(16) NOT NULL,
  free DECIMAL(36,8), locked DECIMAL(36,8), update_time BIGINT,
  PRIMARY KEY (account_id, asset));
