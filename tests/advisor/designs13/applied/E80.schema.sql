-- rows: 6000000
-- distinct: variant_code 1500000
-- distinct: channel_code 4
CREATE TABLE channel_pricing (variant_code VARCHAR(255) NOT NULL, channel_code VARCHAR(255) NOT NULL,
  product_code VARCHAR(255), price INTEGER, original_price INTEGER, minimum_price INTEGER,
  lowest_price_before_discount INTEGER, updated_at TIMESTAMP,
  PRIMARY KEY (variant_code, channel_code));
CREATE INDEX channel_pricing_by_price ON channel_pricing (channel_code, price) INCLUDE (product_code, original_price);
-- rows: 2000000000
-- distinct: variant_code 1500000
-- distinct: channel_code 4
CREATE TABLE channel_pricing_log_entry (variant_code VARCHAR(255) NOT NULL, channel_code VARCHAR(255) NOT NULL,
  logged_at TIMESTAMP NOT NULL, price INTEGER, original_price INTEGER,
  PRIMARY KEY (variant_code, channel_code, logged_at DESC));
