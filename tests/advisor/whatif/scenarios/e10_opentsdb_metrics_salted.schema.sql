-- distinct: metric 40
CREATE TABLE tsdb (metric VARCHAR(64) NOT NULL, base_hour BIGINT NOT NULL, tags VARCHAR(256) NOT NULL, val DOUBLE CONSTRAINT pk PRIMARY KEY (metric, base_hour, tags));
