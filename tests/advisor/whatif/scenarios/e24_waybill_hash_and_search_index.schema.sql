-- distribution: waybill_no monotonic
CREATE TABLE waybill (waybill_no VARCHAR(20) NOT NULL, receiver_phone VARCHAR(20), receiver_name VARCHAR(64),
  sender_phone VARCHAR(20), status VARCHAR(16), created BIGINT, PRIMARY KEY (waybill_no));
