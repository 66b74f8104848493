-- distribution: order_no monotonic
CREATE TABLE cust_order (order_no BIGINT NOT NULL, customer_no VARCHAR(16) NOT NULL,
  sales_date BIGINT, ship_city VARCHAR(64), total DECIMAL(12,2), line_items VARCHAR(8000),
  PRIMARY KEY (order_no, customer_no));
