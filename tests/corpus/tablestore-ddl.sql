-- Tablestore SQL mapping tables written from Tablestore's SQL reference: a
-- mapping table declares its columns and primary key over a data table.
-- Checked by tests/tools/test_corpus.py: no syntax or lexical error.

CREATE TABLE trip_map (
    trip_id BIGINT(20), driver VARCHAR(1024), fare DOUBLE, notes MEDIUMTEXT, raw MEDIUMBLOB, paid BOOL,
    PRIMARY KEY (trip_id)) ENGINE = 'tablestore', ENGINE_ATTRIBUTE = '{"consistency": "eventual"}';
CREATE TABLE IF NOT EXISTS `order_map` (`uid` VARCHAR(64), `oid` BIGINT, `total` DOUBLE, `memo` TEXT,
    PRIMARY KEY (`uid`, `oid`)) ENGINE = 'tablestore';
SELECT * FROM order_map WHERE uid = 'a' AND oid = 1;
SELECT * FROM trip_map WHERE trip_id BETWEEN 1 AND 10;
SHOW TABLES;
DESCRIBE trip_map;
DESC order_map;
DROP MAPPING TABLE trip_map;
DROP MAPPING TABLE IF EXISTS order_map;
