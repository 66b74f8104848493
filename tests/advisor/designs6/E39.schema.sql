-- rows: 3000000
-- distinct: c_w_id 100
-- distinct: c_last 1000
CREATE TABLE customer (c_w_id INTEGER NOT NULL, c_d_id TINYINT NOT NULL, c_id INTEGER NOT NULL,
  c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_credit CHAR(2),
  c_discount DECIMAL(4,4), c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),
  c_payment_cnt INTEGER, c_delivery_cnt INTEGER, c_data VARCHAR(500)
  CONSTRAINT pk PRIMARY KEY (c_w_id, c_d_id, c_id)) SALT_BUCKETS = 16;
-- rows: 900000
-- distinct: no_w_id 100
CREATE TABLE new_order (no_w_id INTEGER NOT NULL, no_d_id TINYINT NOT NULL,
  no_o_id INTEGER NOT NULL
  CONSTRAINT pk PRIMARY KEY (no_w_id, no_d_id, no_o_id)) SALT_BUCKETS = 16;
