CREATE TABLE usage_hourly (instance_id VARCHAR(64) NOT NULL, stat_hour BIGINT NOT NULL, metric VARCHAR(32) NOT NULL, amount BIGINT, PRIMARY KEY (instance_id, stat_hour, metric));
