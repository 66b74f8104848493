-- rows: 20000000000
-- distinct: tenant_id 200000
-- distinct: mailbox_id 40000000
-- distinct: ical_uid 4000000000
-- distinct: series_master_id 200000000
CREATE TABLE calendar_item (tenant_id VARCHAR(36) NOT NULL, mailbox_id VARCHAR(36) NOT NULL,
  start_time TIMESTAMP NOT NULL, item_id VARCHAR(64) NOT NULL, end_time TIMESTAMP,
  ical_uid VARCHAR(200), series_master_id VARCHAR(64), subject VARCHAR(255),
  organizer VARCHAR(320), location VARCHAR(255), show_as VARCHAR(16), response VARCHAR(24),
  is_cancelled BOOLEAN, mailbox_kind CHAR(1), last_modified TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (tenant_id, mailbox_id, start_time, item_id)) MULTI_TENANT=true;
CREATE INDEX calendar_item_series ON calendar_item (series_master_id);
CREATE INDEX idx_CALENDAR_ITEM_TENANT_ID_ICAL_UID ON CALENDAR_ITEM (TENANT_ID, ICAL_UID);
CREATE INDEX idx_CALENDAR_ITEM_TENANT_ID_MAILBOX_KIND_START_TIME ON CALENDAR_ITEM (TENANT_ID, MAILBOX_KIND, START_TIME) INCLUDE (END_TIME, SHOW_AS);
CREATE VIEW room_item AS SELECT * FROM calendar_item WHERE mailbox_kind = 'R';
