-- the head-end system: an alarm raised by a meter's telegram (leak, burst, tamper, dry, reverse flow)
-- weight: 10000
INSERT INTO meter_alarm (utility_id_key, utility_id, meter_id, raised_at, info_code, dma_code, alarm_state, volume_litres) VALUES (?, ?, ?, ?, ?, ?, 1, ?);
-- ... cleared by a later telegram, or acknowledged by the control room
-- weight: 8000
UPDATE meter_alarm SET alarm_state = 0, cleared_at = ?, acknowledged_by = ? WHERE utility_id_key = ? AND meter_id = ? AND raised_at = ? AND info_code = ?;
-- the field app and the customer portal: a meter's alarms since a date, newest first
-- weight: 20000
SELECT raised_at, info_code, alarm_state, cleared_at, volume_litres FROM meter_alarm WHERE utility_id_key = ? AND meter_id = ? AND raised_at >= ? ORDER BY raised_at DESC LIMIT 50;
-- the control room's leak map: the open alarms of one district metered area
-- weight: 3000
SELECT meter_id, raised_at, info_code, volume_litres FROM meter_alarm WHERE utility_id = ? AND dma_code = ? AND alarm_state = 1;
-- the utility's daily report: the alarms raised yesterday
-- weight: 12
SELECT meter_id, raised_at, info_code, dma_code, alarm_state FROM meter_alarm WHERE utility_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND raised_at >= ? AND raised_at < ?;
-- meter_alarm: salt_buckets, utility_id_key (bucket of meter_id, then utility_id): the insert writes it, the clearing and the meter's alarms bind utility_id_key = ? in place of utility_id = ?, the daily report reads the 16 values (utility_id_key IN 16); the DMA map stays as it is, served by the index of the same recommendation; designs15.md
