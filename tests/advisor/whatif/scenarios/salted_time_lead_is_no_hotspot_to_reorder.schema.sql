CREATE TABLE m (created_date DATE NOT NULL, metric_id CHAR(15) NOT NULL, metric_value BIGINT CONSTRAINT pk PRIMARY KEY (created_date, metric_id)) SALT_BUCKETS = 8;
