-- distribution: delivery_id monotonic
CREATE TABLE webhook_delivery (delivery_id CHAR(26) NOT NULL, endpoint_id VARCHAR(32),
  event_type VARCHAR(64), status VARCHAR(16), attempts INTEGER, response_code INTEGER,
  payload VARCHAR(16000), PRIMARY KEY (delivery_id));
