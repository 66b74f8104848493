-- StartTransaction: the central system assigns the next transaction id
-- weight: 5000
UPSERT INTO charging_transaction (transaction_pk, charge_box_id, connector_id, id_tag, start_timestamp, start_value) VALUES (?, ?, ?, ?, ?, ?);
-- StopTransaction closes it
-- weight: 5000
UPSERT INTO charging_transaction (transaction_pk, stop_timestamp, stop_value, stop_reason) VALUES (?, ?, ?, ?);
-- every MeterValues.req names its transaction: the server looks it up
-- weight: 20000
SELECT charge_box_id, connector_id, id_tag, start_timestamp FROM charging_transaction WHERE transaction_pk = ?;
-- the driver's app: my charging sessions, newest first
-- weight: 3000
SELECT transaction_pk, charge_box_id, start_timestamp, start_value, stop_timestamp, stop_value FROM charging_transaction WHERE id_tag = ? ORDER BY transaction_pk DESC LIMIT 20;
-- MeterValues.req: one row per sampled value (energy, power, current per phase, SoC), every 60 s per session
-- weight: 100000
UPSERT INTO connector_meter_value (transaction_pk, value_timestamp, measurand, phase, value_text, unit, reading_context) VALUES (?, ?, ?, ?, ?, ?, ?);
-- the session page: its whole charging curve, in time order
-- weight: 8000
SELECT value_timestamp, measurand, phase, value_text, unit FROM connector_meter_value WHERE transaction_pk = ? ORDER BY value_timestamp;
-- the driver's app while charging: the readings since the last refresh
-- weight: 20000
SELECT value_timestamp, measurand, phase, value_text FROM connector_meter_value WHERE transaction_pk = ? AND value_timestamp >= ?;
-- ad hoc: sessions that reached a full battery
-- weight: 1
SELECT transaction_pk, value_timestamp FROM connector_meter_value WHERE measurand = 'SoC' AND value_text = '100';
