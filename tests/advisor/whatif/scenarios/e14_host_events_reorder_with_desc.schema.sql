-- distinct: log_event 12
CREATE TABLE host_events (log_event VARCHAR(32) NOT NULL, event_ts BIGINT NOT NULL,
  hostname VARCHAR(64) NOT NULL, severity INTEGER, message VARCHAR(2000),
  PRIMARY KEY (log_event, event_ts, hostname));
