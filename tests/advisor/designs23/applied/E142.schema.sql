-- rows: 600000000
-- distinct: account_id 100000
-- distinct: ticket_id 200000000
-- distinct: metric 5
-- distinct: stage 4
-- distribution: breach_at monotonic
-- range: breach_at 1/50000
CREATE TABLE ticket_sla (account_id BIGINT NOT NULL, ticket_id BIGINT NOT NULL,
  metric VARCHAR(32) NOT NULL, policy_id BIGINT, target_minutes INTEGER, stage VARCHAR(16),
  breach_at BIGINT, updated_at BIGINT
  CONSTRAINT pk PRIMARY KEY (account_id, ticket_id, metric));
CREATE INDEX sla_by_breach ON ticket_sla (breach_at) INCLUDE (stage) SALT_BUCKETS = 16;
-- rows: 30000000000
-- distinct: account_id 100000
-- distinct: ticket_id 4000000000
-- distinct: metric 5
-- distribution: account_id zipfian
-- distribution: event_id monotonic
-- distribution: event_time monotonic
-- range: event_time 1/20000
CREATE TABLE ticket_metric_event (account_id BIGINT NOT NULL, ticket_id BIGINT NOT NULL,
  event_id BIGINT NOT NULL, metric VARCHAR(32), instance_id INTEGER, event_type VARCHAR(16),
  event_time BIGINT, sla_target_minutes INTEGER, business_hours BOOLEAN
  CONSTRAINT pk PRIMARY KEY (account_id, ticket_id, event_id));
CREATE INDEX idx_ticket_metric_event_account_id_event_time ON ticket_metric_event (account_id, event_time) INCLUDE (metric, instance_id, event_type) SALT_BUCKETS = 16;
