-- workload D, read latest: 95% reads, chosen by the "latest" distribution (the newest records)
-- weight: 95000
SELECT field0, field1, field2, field3, field4, field5, field6, field7, field8, field9 FROM usertable WHERE ycsb_key = ?;
-- 5% inserts, insertorder=ordered: "user" followed by the next record number
-- weight: 5000
UPSERT INTO usertable (ycsb_key, field0, field1, field2, field3, field4, field5, field6, field7, field8, field9) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
