-- a wave is released: its move lines written, numbered by the sequence, grouped in batches
-- weight: 50000
UPSERT INTO pick_line (line_id, warehouse_id, picking_id, batch_id, product_id, location_id, location_seq, quantity, state) VALUES (NEXT VALUE FOR pick_line_seq, ?, ?, ?, ?, ?, ?, ?, 'assigned');
-- the picker's handheld: the open lines of the batch, in walking order
-- weight: 30000
SELECT line_id, product_id, location_id, quantity FROM open_pick WHERE batch_id = ? ORDER BY location_seq;
-- a scanned line label: the line by its id
-- weight: 20000
SELECT picking_id, batch_id, product_id, location_id, quantity, state FROM pick_line WHERE line_id = ?;
-- the picker confirms the line
-- weight: 50000
UPSERT INTO pick_line (line_id, state, picker_id, picked_at) VALUES (?, 'done', ?, ?);
