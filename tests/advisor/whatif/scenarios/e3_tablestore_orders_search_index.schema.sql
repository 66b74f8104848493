CREATE TABLE orders (order_id VARCHAR(64) NOT NULL, buyer_id VARCHAR(64), seller_id VARCHAR(64), status VARCHAR(16), product VARCHAR(128), amount BIGINT, created BIGINT, PRIMARY KEY (order_id));
