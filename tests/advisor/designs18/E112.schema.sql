-- rows: 800000000
-- distinct: account_id 30000
-- distinct: incident_id 800000000
-- distinct: service_id 2000000
-- distinct: assigned_user_id 1500000
-- distinct: status 3
CREATE TABLE incident (account_id VARCHAR(16) NOT NULL, incident_number BIGINT NOT NULL,
  incident_id VARCHAR(16), service_id VARCHAR(16), escalation_policy_id VARCHAR(16),
  status VARCHAR(16), urgency VARCHAR(8), title VARCHAR(400), assigned_user_id VARCHAR(16),
  created_at TIMESTAMP, last_status_change_at TIMESTAMP, resolved_at TIMESTAMP,
  alert_count INTEGER
  CONSTRAINT pk PRIMARY KEY (account_id, incident_number));
CREATE INDEX incident_by_id ON incident (incident_id) INCLUDE (service_id, status, urgency, title, assigned_user_id, created_at);
CREATE INDEX incident_by_assignee ON incident (assigned_user_id, status);
-- rows: 4000000000
-- distinct: incident_id 800000000
-- distinct: account_id 30000
-- range: created_at 1/365
CREATE TABLE log_entry (incident_id VARCHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL,
  log_entry_id VARCHAR(16) NOT NULL, account_id VARCHAR(16), entry_type VARCHAR(40),
  agent_id VARCHAR(16), channel VARCHAR(40), summary VARCHAR(400)
  CONSTRAINT pk PRIMARY KEY (incident_id, created_at, log_entry_id));
-- rows: 3000000000
-- distinct: routing_key 600000
-- distinct: incident_id 800000000
CREATE TABLE alert (routing_key VARCHAR(32) NOT NULL, dedup_key VARCHAR(255) NOT NULL,
  incident_id VARCHAR(16), status VARCHAR(12), severity VARCHAR(8), summary VARCHAR(1024),
  source VARCHAR(255), created_at TIMESTAMP, resolved_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (routing_key, dedup_key));
CREATE INDEX alert_by_incident ON alert (incident_id) INCLUDE (status, severity, summary, created_at);
