-- the recorder: every state change of every entity of every home (about 0.1 a second a home)
-- rate: 20000/s
-- weight: 20000
INSERT INTO states (home_id, last_updated_ts, metadata_id, state, attributes_id, last_changed_ts, last_reported_ts, context_id, origin_idx) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the events it keeps (call_service, automation_triggered, script_started, ...)
-- rate: 5000/s
-- weight: 5000
INSERT INTO events (home_id, event_type, time_fired_ts, event_id, event_data, origin_idx, context_id, context_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- history/history_during_period: one entity's states over the graph's window (the history panel, the more-info dialog)
-- weight: 20000
SELECT last_updated_ts, last_changed_ts, state, attributes_id FROM states WHERE home_id = ? AND metadata_id = ? AND last_updated_ts >= ? AND last_updated_ts < ?;
-- ... the entity's state when the window opens: its last state before the start
-- weight: 20000
SELECT last_updated_ts, last_changed_ts, state, attributes_id FROM states WHERE home_id = ? AND metadata_id = ? AND last_updated_ts < ? ORDER BY last_updated_ts DESC LIMIT 1;
-- the logbook panel: the home's state changes of a window, every entity
-- weight: 2000
SELECT last_updated_ts, metadata_id, state, context_id FROM states WHERE home_id = ? AND last_updated_ts >= ? AND last_updated_ts < ?;
-- automation traces and the logbook's automation entries: one event type of a home in a window
-- weight: 3000
SELECT time_fired_ts, event_id, event_data, context_id, context_user_id FROM events WHERE home_id = ? AND event_type = ? AND time_fired_ts >= ? AND time_fired_ts < ?;
-- the logbook's event entries: every event of the home in the window
-- weight: 300
SELECT event_type, time_fired_ts, event_data, context_id FROM events WHERE home_id = ? AND time_fired_ts >= ? AND time_fired_ts < ?;
