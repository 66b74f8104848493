-- checkout: the stock of an item at the location the order is routed to
-- weight: 20000
SELECT available, committed FROM inventory_level WHERE bucket = ? AND location_id = ? AND inventory_item_id = ?;
-- the product page: the item's stock at every location (the six ids are known)
-- weight: 5000
SELECT location_id, available FROM inventory_level WHERE bucket = ? AND location_id IN (?, ?, ?, ?, ?, ?) AND inventory_item_id = ?;
-- every order, cancellation, receipt and transfer adjusts a level
-- weight: 15000
UPDATE inventory_level SET available = ?, committed = ?, incoming = ?, updated_at = ? WHERE bucket = ? AND location_id = ? AND inventory_item_id = ?;
-- replenishment: the items of one location running low
-- weight: 20
SELECT inventory_item_id, available, incoming FROM inventory_level WHERE bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND location_id = ? AND available < ?;
-- E36 (tests/advisor/test_designs5.c, Tablestore) applied by test_whatif_applied (README.md):
-- salt_buckets [bucket][location_id][inventory_item_id]. The advice's rewrite: a statement that
-- binds inventory_item_id by = adds bucket = hash(inventory_item_id) % 16 (both reads and the
-- UPDATE; the workload has no insert); any other read is 16 scans merged: bucket IN (0 to 15).
