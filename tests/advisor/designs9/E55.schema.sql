-- rows: 5000000000
-- distinct: account_id 2000000
-- distinct: type 12
CREATE TABLE notifications (account_id BIGINT NOT NULL, id BIGINT NOT NULL,
  activity_id BIGINT NOT NULL, activity_type VARCHAR(32) NOT NULL, from_account_id BIGINT NOT NULL,
  type VARCHAR(32), created_at TIMESTAMP, updated_at TIMESTAMP,
  PRIMARY KEY (account_id, id DESC));
CREATE INDEX notifications_activity ON notifications (activity_id, activity_type);
CREATE INDEX notifications_from_account ON notifications (from_account_id);
-- rows: 4000000
-- distinct: user_id 2000000
CREATE TABLE markers (user_id BIGINT NOT NULL, timeline VARCHAR(16) NOT NULL,
  last_read_id BIGINT, lock_version INTEGER, updated_at TIMESTAMP,
  PRIMARY KEY (user_id, timeline));
