-- rows: 20000000000
-- distinct: campaign_id 100
-- distribution: campaign_id zipfian
-- distinct: ad_id 1000
-- distinct: user_id 100000000
CREATE TABLE ad_event (campaign_id VARCHAR(36) NOT NULL, event_time BIGINT NOT NULL,
  ad_id VARCHAR(36) NOT NULL, user_id VARCHAR(36) NOT NULL, page_id VARCHAR(36),
  ad_type VARCHAR(16), event_type VARCHAR(16), ip_address VARCHAR(45), campaign_id_key VARCHAR(39) NOT NULL,
  PRIMARY KEY (campaign_id_key, event_time, ad_id, user_id));
CREATE INDEX idx_ad_event_user_id_ad_id_event_time ON ad_event (user_id, ad_id, event_time);
