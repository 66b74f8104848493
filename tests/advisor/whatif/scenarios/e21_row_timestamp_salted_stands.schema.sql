CREATE TABLE destination_metrics_table (created_date DATE NOT NULL, metric_id CHAR(15) NOT NULL,
  metric_value BIGINT
  CONSTRAINT pk PRIMARY KEY (created_date ROW_TIMESTAMP, metric_id)) SALT_BUCKETS = 8;
