-- rows: 3000000000
-- distribution: rrn monotonic
-- distinct: card_id 50000000
-- distinct: merchant_id 8000000
CREATE TABLE card_auth (rrn VARCHAR(12) NOT NULL, card_id VARCHAR(32), merchant_id VARCHAR(15),
  mcc VARCHAR(4), amount BIGINT, currency VARCHAR(3), status VARCHAR(10), created BIGINT,
  approval_code VARCHAR(6), PRIMARY KEY (hash32(rrn), rrn));
CREATE INDEX idx_auth_card ON card_auth (card_id, created) INCLUDE (amount, status, merchant_id);
