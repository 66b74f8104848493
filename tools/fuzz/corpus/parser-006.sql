CREATE TABLE t (key VARCHAR(8), value INT, timestamp BIGINT, status INT, name TEXT, `index` INT, PRIMARY KEY (key, timestamp));
