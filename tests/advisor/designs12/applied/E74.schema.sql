-- rows: 2000000000
-- distinct: steam_id 100000000
-- distinct: app_id 20
CREATE TABLE inventory_item (steam_id BIGINT NOT NULL, app_id INTEGER NOT NULL, asset_id BIGINT NOT NULL,
  def_index INTEGER, quality INTEGER, tradable BOOLEAN, acquired_at TIMESTAMP,
  PRIMARY KEY (steam_id, app_id, asset_id));
-- rows: 500000000
-- distribution: trade_offer_id monotonic
-- distinct: sender_id 50000000
-- distinct: recipient_id 50000000
-- distinct: state 11
CREATE TABLE trade_offer (trade_offer_id BIGINT NOT NULL, sender_id BIGINT, recipient_id BIGINT,
  state INTEGER, message VARCHAR(128), items_to_give VARCHAR(4000), items_to_receive VARCHAR(4000),
  time_created TIMESTAMP, time_updated TIMESTAMP, expiration_time TIMESTAMP,
  PRIMARY KEY (hash32(trade_offer_id), trade_offer_id));
CREATE INDEX idx_offer_recipient ON trade_offer (recipient_id, state) INCLUDE (sender_id, time_created, expiration_time);
CREATE INDEX idx_trade_offer_sender_id_time_created_desc ON trade_offer (sender_id, time_created DESC) INCLUDE (recipient_id, state);
