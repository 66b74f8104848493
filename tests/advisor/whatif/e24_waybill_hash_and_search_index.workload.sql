-- track a parcel by its number
-- weight: 10000
SELECT status, receiver_name, created FROM waybill WHERE waybill_no_hash = ? AND waybill_no = ?;
-- the pickup station: a receiver's parcels by the last four digits of the phone
-- weight: 1500
SELECT waybill_no, status, receiver_name FROM waybill WHERE receiver_phone LIKE '%1234';
-- a scan at each hub writes the parcel's new status
-- weight: 8000
INSERT INTO waybill (waybill_no_hash, waybill_no, receiver_phone, receiver_name, sender_phone, status, created) VALUES (?, ?, ?, ?, ?, ?, ?);
-- E24 (tests/advisor/test_designs3.c, Tablestore) applied by test_whatif_applied (README.md):
-- hash_prefix waybill_no_hash. The advice's rewrite: the writer writes waybill_no_hash (the
-- INSERT); each read that binds waybill_no adds waybill_no_hash = the first 4 hex characters of
-- md5(waybill_no).
