-- Phoenix DDL written from Phoenix's grammar (PhoenixSQL.g) and language
-- reference: every CREATE/ALTER/DROP form keyplan reads for --target phoenix.
-- Checked by tests/tools/test_corpus.py: no syntax or lexical error.

-- CREATE TABLE: column definitions, CONSTRAINT without a comma
CREATE TABLE IF NOT EXISTS shop.page_hits (
    site CHAR(3) NOT NULL,
    path VARCHAR NOT NULL,
    hit_time TIMESTAMP NOT NULL,
    agent.browser VARCHAR,
    agent.os VARCHAR(32),
    cnt.views BIGINT,
    cnt.clicks UNSIGNED_INT
    CONSTRAINT hits_pk PRIMARY KEY (site, path, hit_time DESC ROW_TIMESTAMP))
    SALT_BUCKETS = 8, IMMUTABLE_ROWS = true, COLUMN_ENCODED_BYTES = 0,
    IMMUTABLE_STORAGE_SCHEME = ONE_CELL_PER_COLUMN, agent.VERSIONS = 3, TTL = 604800,
    DISABLE_WAL = false, DATA_BLOCK_ENCODING = 'FAST_DIFF', UPDATE_CACHE_FREQUENCY = NEVER
    SPLIT ON ('g', 'n', 't');

-- a comma before CONSTRAINT, ASC written out
CREATE TABLE ledger (acct VARCHAR NOT NULL, seq BIGINT NOT NULL, amt DECIMAL(12, 2),
    memo VARCHAR(200), CONSTRAINT ledger_pk PRIMARY KEY (acct ASC, seq DESC));

-- inline key with DESC and ROW_TIMESTAMP; every Phoenix data type
CREATE IMMUTABLE TABLE readings (
    taken DATE NOT NULL PRIMARY KEY DESC ROW_TIMESTAMP,
    i1 INTEGER, i2 UNSIGNED_INT, i3 BIGINT, i4 UNSIGNED_LONG, i5 TINYINT, i6 UNSIGNED_TINYINT,
    i7 SMALLINT, i8 UNSIGNED_SMALLINT, f1 FLOAT, f2 UNSIGNED_FLOAT, f3 DOUBLE, f4 UNSIGNED_DOUBLE,
    d1 DECIMAL, d2 DECIMAL(20), b1 BOOLEAN, t1 TIME, t2 UNSIGNED_TIME, t3 UNSIGNED_DATE,
    t4 TIMESTAMP, t5 UNSIGNED_TIMESTAMP, s1 VARCHAR, s2 VARCHAR(10), s3 CHAR(4), y1 BINARY(16),
    y2 VARBINARY, j1 JSON, j2 BSON,
    a1 VARCHAR ARRAY, a2 INTEGER[], a3 CHAR(5) ARRAY[10], a4 DOUBLE[4], a5 BIGINT ARRAY);

-- NULL and DEFAULT, quoted names keep their case
CREATE TABLE "CaseKept" ("Id" BIGINT NOT NULL PRIMARY KEY, "v" VARCHAR NULL,
    n INTEGER DEFAULT 0, s VARCHAR DEFAULT 'none', since DATE DEFAULT TO_DATE('2020-01-01'),
    m BIGINT DEFAULT -1, r DOUBLE DEFAULT (1.5 * 2));

-- NOVERIFY: the HBase table is not checked
CREATE TABLE existing_hbase (k VARCHAR PRIMARY KEY, v VARCHAR) NOVERIFY;

-- bind parameters as split points and option values
CREATE TABLE staged (k VARCHAR PRIMARY KEY, v VARCHAR) MAX_FILESIZE = 2000000, VERSIONS = ? SPLIT ON (?, ?);

-- CREATE INDEX: global, covered, functional, DESC, options, SPLIT ON
CREATE INDEX hits_by_agent ON shop.page_hits (agent.browser, hit_time DESC) INCLUDE (cnt.views, cnt.clicks);
CREATE INDEX IF NOT EXISTS ledger_memo ON ledger (UPPER(memo)) ASYNC;
CREATE INDEX ledger_ratio ON ledger (amt / seq DESC, acct) SALT_BUCKETS = 4 SPLIT ON (1, 2);
CREATE INDEX ledger_concat ON ledger (SUBSTR(acct, 1, 3) || '-' || memo) DATA_BLOCK_ENCODING = 'NONE', VERSIONS = 1;
CREATE LOCAL INDEX hits_local ON shop.page_hits (cnt.views);
CREATE UNCOVERED INDEX ledger_unc ON ledger (memo);
CREATE INDEX ledger_big ON ledger (amt) INCLUDE (memo) WHERE amt > 1000;

-- CREATE VIEW: extra columns, WHERE, options; a view over a view
CREATE VIEW big_posts (note VARCHAR, flag BOOLEAN) AS SELECT * FROM ledger WHERE amt > 100;
CREATE VIEW IF NOT EXISTS big_posts_a AS SELECT * FROM big_posts WHERE acct = 'A' UPDATE_CACHE_FREQUENCY = 900000;
CREATE VIEW "hbase_map" (rk VARCHAR PRIMARY KEY, "cf"."q1" VARCHAR, "cf"."q2" UNSIGNED_LONG) DEFAULT_COLUMN_FAMILY = 'cf';
-- shapes keyplan cannot plan: recognised, queries against them are KP012
CREATE VIEW acct_totals AS SELECT acct, SUM(amt) FROM ledger GROUP BY acct;
CREATE VIEW joined_view AS SELECT l.acct FROM ledger l INNER JOIN readings r ON l.seq = r.i3;

-- ALTER TABLE / VIEW
ALTER TABLE ledger ADD IF NOT EXISTS extra.tag VARCHAR, extra.score INTEGER VERSIONS = 2;
ALTER TABLE ledger ADD branch VARCHAR CASCADE INDEX ALL;
ALTER TABLE ledger ADD region VARCHAR CASCADE INDEX ledger_memo, ledger_ratio;
ALTER VIEW big_posts ADD reviewed BOOLEAN;
ALTER TABLE ledger DROP COLUMN IF EXISTS extra.score, region;
ALTER VIEW big_posts DROP COLUMN reviewed;
ALTER TABLE ledger SET IMMUTABLE_ROWS = false, DISABLE_WAL = true, extra.TTL = 3600;
ALTER TABLE readings ADD serial VARCHAR NULL PRIMARY KEY;

-- ALTER INDEX states
ALTER INDEX ledger_memo ON ledger DISABLE;
ALTER INDEX IF EXISTS ledger_memo ON ledger REBUILD ASYNC;
ALTER INDEX ledger_ratio ON ledger UNUSABLE;
ALTER INDEX ledger_ratio ON ledger USABLE;
ALTER INDEX ledger_unc ON ledger REBUILD ALL;
ALTER INDEX ledger_unc ON ledger ACTIVE SET GUIDE_POSTS_WIDTH = 100;

-- queries through the DDL above
SELECT * FROM shop.page_hits WHERE site = 'abc' AND path = '/x' AND hit_time > TO_DATE('2024-01-01');
SELECT acct FROM ledger WHERE UPPER(memo) = 'RENT';
SELECT acct, memo FROM ledger WHERE amt / seq > 3;
SELECT * FROM big_posts_a WHERE seq < 100;
SELECT * FROM acct_totals;

-- DROP forms
DROP INDEX ledger_big ON ledger;
DROP INDEX IF EXISTS no_such_index ON ledger;
DROP VIEW IF EXISTS big_posts_a;
DROP VIEW joined_view CASCADE;
DROP TABLE IF EXISTS staged;
DROP TABLE IF EXISTS no_such_table CASCADE;
