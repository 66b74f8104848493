-- weight: 8000
SELECT status, dest_zip, created_at FROM shipment WHERE shipment_id = ?;
-- weight: 300
SELECT shipment_id FROM shipment WHERE carrier_id = ? AND status = ? LIMIT 100;
-- weight: 200
SELECT shipment_id, created_at FROM shipment WHERE dest_zip = ? ORDER BY created_at DESC LIMIT 20;
-- weight: 6000
UPSERT INTO shipment (shipment_id, carrier_id, status, dest_zip, created_at, weight_kg) VALUES (?, ?, ?, ?, ?, ?);
