-- rows: 1000000000
-- distribution: ycsb_key monotonic
CREATE TABLE usertable (ycsb_key VARCHAR(64) NOT NULL, field0 VARCHAR(100), field1 VARCHAR(100),
  field2 VARCHAR(100), field3 VARCHAR(100), field4 VARCHAR(100), field5 VARCHAR(100),
  field6 VARCHAR(100), field7 VARCHAR(100), field8 VARCHAR(100), field9 VARCHAR(100),
  PRIMARY KEY (hash32(ycsb_key), ycsb_key));
