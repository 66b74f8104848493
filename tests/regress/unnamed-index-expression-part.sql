-- fuzz_schema (CI, 2026-11-26): an unnamed CREATE INDEX whose first part is an
-- expression (a bind parameter) has no column name; the generated index name
-- formatted %.*s of a NULL string (UBSan: null pointer passed to memcpy).
CREATE TABLE m (k VARCHAR PRIMARY KEY, v INT);
CREATE INDEX USING KV ON m (:v);
CREATE INDEX ON m (lower(v), k);
SELECT * FROM m WHERE k = 1;
