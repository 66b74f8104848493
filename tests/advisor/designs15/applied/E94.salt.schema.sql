-- E94 with today's recommendation applied (test_designs15): OFFER salted (SALT_BUCKETS = 16, the
-- designer's required form; Phoenix computes the salt, the workload is unchanged), the listing
-- index added, OFFER_BY_PRICE dropped.
-- rows: 1500000000
-- distinct: seller_id 20000000
CREATE TABLE inventory_item (seller_id BIGINT NOT NULL, sku VARCHAR(50) NOT NULL, title VARCHAR(80),
  condition_code VARCHAR(32), available_quantity INTEGER, merchant_location_key VARCHAR(36),
  updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (seller_id, sku));
-- rows: 1600000000
-- distinct: seller_id 20000000
-- distinct: listing_id 1600000000
-- distinct: category_id 20000
-- distribution: listing_id monotonic
CREATE TABLE offer (offer_id BIGINT NOT NULL, seller_id BIGINT, sku VARCHAR(50),
  marketplace_id VARCHAR(16), listing_format VARCHAR(16), price DECIMAL(12,2), currency VARCHAR(3),
  available_quantity INTEGER, category_id VARCHAR(16), listing_id BIGINT, offer_status VARCHAR(16),
  updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (offer_id)) SALT_BUCKETS = 16;
CREATE INDEX offer_by_sku ON offer (seller_id, sku) INCLUDE (marketplace_id, listing_format, price, available_quantity, offer_status, listing_id);
CREATE INDEX idx_offer_listing_id ON offer (listing_id) INCLUDE (seller_id, sku, price, currency, available_quantity, offer_status) SALT_BUCKETS = 16;
CREATE SEQUENCE offer_id_seq;
