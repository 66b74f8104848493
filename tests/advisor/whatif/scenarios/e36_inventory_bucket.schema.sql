-- rows: 120000000
-- distinct: location_id 6
CREATE TABLE inventory_level (location_id VARCHAR(32) NOT NULL,
  inventory_item_id VARCHAR(32) NOT NULL, available BIGINT, committed BIGINT, incoming BIGINT,
  updated_at BIGINT, PRIMARY KEY (location_id, inventory_item_id));
