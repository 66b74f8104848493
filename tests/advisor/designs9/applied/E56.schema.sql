-- rows: 400000000
-- distribution: entity_id latest
-- distinct: store_id 3
-- distinct: customer_id 30000000
CREATE TABLE quote (bucket INT NOT NULL, entity_id BIGINT NOT NULL, store_id INTEGER, created_at TIMESTAMP,
  updated_at TIMESTAMP, is_active BOOLEAN, items_count INTEGER, items_qty DOUBLE,
  grand_total DOUBLE, customer_id BIGINT, customer_email VARCHAR(255),
  reserved_order_id VARCHAR(64), coupon_code VARCHAR(255),
  PRIMARY KEY (bucket, entity_id));
CREATE INDEX quote_customer_id_store_id_is_active ON quote (customer_id, store_id, is_active);
CREATE INDEX quote_store_id_updated_at ON quote (store_id, updated_at);
-- rows: 50000000
CREATE TABLE salesrule_coupon (code VARCHAR(255) NOT NULL, rule_id INTEGER, usage_limit INTEGER,
  usage_per_customer INTEGER, times_used INTEGER, expiration_date TIMESTAMP,
  created_at TIMESTAMP, type INTEGER,
  PRIMARY KEY (code));
