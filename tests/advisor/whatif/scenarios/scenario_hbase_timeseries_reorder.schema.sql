CREATE TABLE access_log (ts BIGINT NOT NULL, host VARCHAR(64) NOT NULL, url VARCHAR(256), status INT, PRIMARY KEY (ts, host));
