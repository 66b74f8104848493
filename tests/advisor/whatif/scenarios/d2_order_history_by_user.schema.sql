CREATE TABLE orders (order_id VARCHAR(32) NOT NULL, user_id VARCHAR(32), status VARCHAR(16), created_at BIGINT, amount DECIMAL(12,2), PRIMARY KEY (order_id));
