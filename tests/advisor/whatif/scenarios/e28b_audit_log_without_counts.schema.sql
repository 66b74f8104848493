CREATE TABLE audit_event (org_id CHAR(15) NOT NULL, created_at TIMESTAMP NOT NULL,
  event_id CHAR(36) NOT NULL, actor_id CHAR(15), action VARCHAR(64), target VARCHAR(256),
  actor_ip VARCHAR(45), detail VARCHAR(4000)
  CONSTRAINT pk PRIMARY KEY (org_id, created_at DESC, event_id)) MULTI_TENANT=true;
