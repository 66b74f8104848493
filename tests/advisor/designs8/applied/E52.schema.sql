CREATE SEQUENCE pick_line_seq;
-- rows: 2000000000
-- distinct: warehouse_id 12
-- distinct: batch_id 40000000
CREATE TABLE pick_line (line_id BIGINT NOT NULL, warehouse_id INTEGER, picking_id BIGINT,
  batch_id BIGINT, product_id BIGINT, location_id BIGINT, location_seq INTEGER,
  quantity DECIMAL(12,3), state VARCHAR(12), picker_id INTEGER, picked_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (line_id)) SALT_BUCKETS = 16;
CREATE INDEX idx_pick_state ON pick_line (state, warehouse_id) INCLUDE (batch_id, picker_id);
CREATE VIEW open_pick AS SELECT * FROM pick_line WHERE state = 'assigned';
CREATE INDEX idx_PICK_LINE_BATCH_ID_STATE_LOCATION_SEQ ON PICK_LINE (BATCH_ID, STATE, LOCATION_SEQ) INCLUDE (PRODUCT_ID, LOCATION_ID, QUANTITY);
DROP INDEX IDX_PICK_STATE ON PICK_LINE;
