-- rows: 5000000
-- distinct: facility_id 12
-- distinct: product_id 200000
-- distinct: location_seq_id 60000
-- distinct: status_id 6
CREATE TABLE inventory_item (facility_id VARCHAR(20) NOT NULL, product_id VARCHAR(20) NOT NULL,
  inventory_item_id VARCHAR(20) NOT NULL, location_seq_id VARCHAR(20), lot_id VARCHAR(20),
  status_id VARCHAR(20), quantity_on_hand_total DECIMAL(18,6), available_to_promise_total DECIMAL(18,6),
  datetime_received TIMESTAMP, expire_date TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (facility_id, product_id, inventory_item_id));
CREATE INDEX inv_item_location ON inventory_item (facility_id, location_seq_id) INCLUDE (quantity_on_hand_total);
CREATE INDEX idx_INVENTORY_ITEM_FACILITY_ID_STATUS_ID ON INVENTORY_ITEM (FACILITY_ID, STATUS_ID) INCLUDE (LOCATION_SEQ_ID, LOT_ID, QUANTITY_ON_HAND_TOTAL);
CREATE VIEW inv_item_on_hold AS SELECT * FROM inventory_item WHERE status_id = 'INV_ON_HOLD';
