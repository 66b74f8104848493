CREATE TABLE tsdb (metric_uid VARCHAR(3) NOT NULL, base_hour BIGINT NOT NULL, tags VARCHAR(64) NOT NULL, v DOUBLE, PRIMARY KEY (metric_uid, base_hour, tags));
