-- distribution: order_number monotonic
CREATE TABLE trades (order_number BIGINT NOT NULL, seller_id VARCHAR(32), buyer_id VARCHAR(32),
  trade_time BIGINT, amount BIGINT, status VARCHAR(16), PRIMARY KEY (order_number));
