-- a host's status page: its latest events of one kind
-- weight: 6000
SELECT event_ts, severity, message FROM host_events WHERE hostname = ? AND log_event = ? ORDER BY event_ts DESC LIMIT 50;
-- a host's events of one kind over a day
-- weight: 1500
SELECT event_ts, severity FROM host_events WHERE hostname = ? AND log_event = ? AND event_ts >= ? AND event_ts < ?;
-- weight: 30000
UPSERT INTO host_events (log_event, event_ts, hostname, severity, message) VALUES (?, ?, ?, ?, ?);
