-- applied: designs19.md E118, the first run's recommendation: two secondary indexes on MM_TICKET
-- rows: 30000000
-- distinct: queue_id 6
-- distinct: region 8
-- distinct: ticket_id 30000000
-- distribution: enqueued_at monotonic
CREATE TABLE mm_ticket (queue_id INTEGER NOT NULL, region VARCHAR(16) NOT NULL,
  enqueued_at BIGINT NOT NULL, ticket_id VARCHAR(36) NOT NULL, player_id BIGINT,
  party_size INTEGER, mmr INTEGER, status VARCHAR(24), match_id VARCHAR(36)
  CONSTRAINT pk PRIMARY KEY (queue_id, region, enqueued_at, ticket_id));
CREATE INDEX idx_MM_TICKET_TICKET_ID ON MM_TICKET (TICKET_ID) INCLUDE (STATUS, MATCH_ID);
CREATE INDEX idx_MM_TICKET_REGION_STATUS_QUEUE_ID_ENQUEUED_AT ON MM_TICKET (REGION, STATUS, QUEUE_ID, ENQUEUED_AT) INCLUDE (PLAYER_ID, PARTY_SIZE, MMR);
CREATE VIEW ranked_solo_ticket AS SELECT * FROM mm_ticket WHERE queue_id = 420;
-- rows: 12000000000
-- distinct: player_id 80000000
-- distinct: store_order_id 900000000
CREATE TABLE currency_txn (player_id BIGINT NOT NULL, currency_code VARCHAR(2) NOT NULL,
  txn_time BIGINT NOT NULL, txn_id VARCHAR(36) NOT NULL, amount BIGINT, balance_after BIGINT,
  reason VARCHAR(32), item_id VARCHAR(64), store_order_id VARCHAR(64)
  CONSTRAINT pk PRIMARY KEY (player_id, currency_code, txn_time DESC, txn_id));
CREATE INDEX txn_by_store_order ON currency_txn (store_order_id) INCLUDE (amount);
-- rows: 160000000
-- distinct: player_id 80000000
CREATE TABLE wallet (player_id BIGINT NOT NULL, currency_code VARCHAR(2) NOT NULL,
  balance BIGINT, updated_at BIGINT
  CONSTRAINT pk PRIMARY KEY (player_id, currency_code));
