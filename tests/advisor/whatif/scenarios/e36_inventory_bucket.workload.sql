-- checkout: the stock of an item at the location the order is routed to
-- weight: 20000
SELECT available, committed FROM inventory_level WHERE location_id = ? AND inventory_item_id = ?;
-- the product page: the item's stock at every location (the six ids are known)
-- weight: 5000
SELECT location_id, available FROM inventory_level WHERE location_id IN (?, ?, ?, ?, ?, ?) AND inventory_item_id = ?;
-- every order, cancellation, receipt and transfer adjusts a level
-- weight: 15000
UPDATE inventory_level SET available = ?, committed = ?, incoming = ?, updated_at = ? WHERE location_id = ? AND inventory_item_id = ?;
-- replenishment: the items of one location running low
-- weight: 20
SELECT inventory_item_id, available, incoming FROM inventory_level WHERE location_id = ? AND available < ?;
