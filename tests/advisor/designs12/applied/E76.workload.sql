-- available to promise: every order line checks the product's stock in the shipping facility
-- weight: 30000
SELECT inventory_item_id, location_seq_id, available_to_promise_total FROM inventory_item WHERE facility_id = ? AND product_id = ?;
-- reservation and issuance: each order line reserves, then picks, from one item
-- weight: 40000
UPSERT INTO inventory_item (facility_id, product_id, inventory_item_id, quantity_on_hand_total, available_to_promise_total) VALUES (?, ?, ?, ?, ?);
-- FEFO: the item whose lot expires first, for the picker
-- weight: 10000
SELECT inventory_item_id, location_seq_id, lot_id, expire_date FROM inventory_item WHERE facility_id = ? AND product_id = ? ORDER BY expire_date LIMIT 1;
-- receiving: a new inventory item from the shipment receipt
-- weight: 2000
UPSERT INTO inventory_item (facility_id, product_id, inventory_item_id, location_seq_id, lot_id, status_id, quantity_on_hand_total, available_to_promise_total, datetime_received, expire_date) VALUES (?, ?, ?, ?, ?, 'INV_AVAILABLE', ?, ?, ?, ?);
-- cycle count: the stock of one bin
-- weight: 2000
SELECT product_id, inventory_item_id, quantity_on_hand_total FROM inventory_item WHERE facility_id = ? AND location_seq_id = ?;
-- putaway and replenishment move an item to another bin
-- weight: 1000
UPSERT INTO inventory_item (facility_id, product_id, inventory_item_id, location_seq_id) VALUES (?, ?, ?, ?);
-- quality control puts an item on hold or releases it
-- weight: 500
UPSERT INTO inventory_item (facility_id, product_id, inventory_item_id, status_id) VALUES (?, ?, ?, ?);
-- the quality dashboard of a facility: its items on hold, polled
-- weight: 3000
SELECT product_id, inventory_item_id, lot_id, location_seq_id, quantity_on_hand_total FROM inv_item_on_hold WHERE facility_id = ?;
