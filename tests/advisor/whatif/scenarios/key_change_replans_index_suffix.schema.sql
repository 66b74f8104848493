-- rows: 30000000
-- distribution: id monotonic
-- distinct: tag 2000000
CREATE TABLE tx (id BIGINT NOT NULL, tag VARCHAR(20), started TIMESTAMP, amount BIGINT, PRIMARY KEY (id));
CREATE INDEX idx_tx_tag ON tx (tag) INCLUDE (started, amount);
