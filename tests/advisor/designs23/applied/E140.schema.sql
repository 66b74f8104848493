-- rows: 4000000000
-- distinct: account_id 100000
-- distinct: assignee_id 2000000
-- distinct: requester_id 900000000
-- distinct: status 6
-- distribution: account_id zipfian
-- distribution: ticket_id monotonic
-- distribution: updated_at monotonic
CREATE TABLE ticket (account_id BIGINT NOT NULL, ticket_id BIGINT NOT NULL,
  external_id VARCHAR(255), subject VARCHAR(255), description VARCHAR(65535),
  status VARCHAR(8), priority VARCHAR(8), requester_id BIGINT, assignee_id BIGINT,
  group_id BIGINT, organization_id BIGINT, created_at BIGINT, updated_at BIGINT,
  PRIMARY KEY (account_id, ticket_id));
CREATE INDEX ticket_by_updated ON ticket (account_id, updated_at) INCLUDE (status);
-- rows: 40000000000
-- distinct: account_id 100000
-- distinct: ticket_id 4000000000
-- distribution: account_id zipfian
-- distribution: audit_id monotonic
CREATE TABLE ticket_audit (account_id BIGINT NOT NULL, ticket_id BIGINT NOT NULL,
  audit_id BIGINT NOT NULL, author_id BIGINT, created_at BIGINT, via_channel VARCHAR(32),
  events VARCHAR(65535),
  PRIMARY KEY (account_id, ticket_id, audit_id));
