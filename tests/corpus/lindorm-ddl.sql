-- Lindorm wide-table DDL written from Lindorm's SQL reference (CREATE TABLE,
-- CREATE INDEX with KV / SEARCH / COLUMNAR, ALTER, DROP). Checked by
-- tests/tools/test_corpus.py: no syntax or lexical error.

CREATE TABLE IF NOT EXISTS device_log (
    dev_id VARCHAR NOT NULL, ts BIGINT NOT NULL, temp DOUBLE, city VARCHAR, note VARCHAR,
    PRIMARY KEY (dev_id, ts DESC))
    WITH (TTL = '2592000', COMPRESSION = 'ZSTD', CONSISTENCY = 'strong', MUTABILITY = 'MUTABLE_LATEST');

CREATE TABLE orders_h (uid VARCHAR, oid BIGINT, amount DECIMAL(10, 2), PRIMARY KEY (hash32(uid), uid, oid))
    WITH ('DYNAMIC_COLUMNS' = 'true');

CREATE TABLE metrics_p (host VARCHAR, ts BIGINT, v DOUBLE, PRIMARY KEY (host, ts))
    PARTITION BY HASH (host(8)) PARTITIONS 16 WITH (TTL = '86400');

CREATE TABLE zordered (p VARCHAR, x INT, y INT, PRIMARY KEY (p)) ZORDER BY (x, y);

-- inline secondary indexes
CREATE TABLE users_i (uid VARCHAR, name VARCHAR, age INT, PRIMARY KEY (uid),
    INDEX by_name USING KV (name) INCLUDE (age) WITH (COMPRESSION = 'ZSTD'),
    KEY by_age (age));

-- secondary (KV), search and columnar indexes
CREATE INDEX log_city ON device_log (city DESC, ts) INCLUDE (temp) ASYNC;
CREATE INDEX IF NOT EXISTS log_note USING KV ON device_log (note) SYNC WITH (COMPRESSION = 'SNAPPY');
CREATE INDEX log_search USING SEARCH ON device_log (city, temp, note(type=text, analyzer=ik))
    PARTITION BY ENUMERABLE (city) WITH (numShards = 8, SOURCE_SETTINGS = '{"enabled": false}');
CREATE INDEX log_columnar USING COLUMNAR ON device_log (*)
    PARTITION BY ENUMERABLE (dev_id, bucket(64, ts))
    WITH (`lindorm_columnar.user.index.database` = 'col_db', `lindorm_columnar.user.index.table` = 'log_col');
CREATE INDEX metrics_search USING SEARCH ON metrics_p (v) PARTITION BY RANGE TIME (ts) PARTITIONS 4;
CREATE INDEX USING KV ON metrics_p (v);

-- ALTER
ALTER TABLE device_log ADD COLUMN humidity DOUBLE;
ALTER TABLE device_log ADD COLUMN (pressure DOUBLE, wind DOUBLE);
ALTER TABLE device_log DROP COLUMN wind;
ALTER TABLE device_log SET 'TTL' = '604800';
ALTER TABLE device_log SET (COMPRESSION = 'LZ4');
ALTER INDEX log_note ON device_log DISABLED;
ALTER INDEX log_note ON device_log ACTIVE;
ALTER INDEX log_search ON device_log WITH (numShards = 16);

-- queries through them
SELECT * FROM device_log WHERE dev_id = 'd1' AND ts > 1000;
SELECT * FROM device_log WHERE city = 'hz' AND note = 'overheat';
SELECT /*+ _l_force_index_('log_city') */ dev_id, temp FROM device_log WHERE city = 'sh';
SELECT * FROM orders_h WHERE uid = 'u1' AND oid = 3;

-- recognised, skipped
SHOW TABLES;
SHOW INDEX FROM device_log;
DESCRIBE device_log;
USE analytics;
TRUNCATE TABLE zordered;
CREATE DATABASE analytics;
DROP DATABASE analytics;

DROP INDEX log_note ON device_log;
DROP TABLE IF EXISTS zordered;
