-- rows: 200000000000
-- distinct: campaign_id 40000000
-- distinct: subscriber_hash 4000000000
-- distinct: list_id 20000000
-- distribution: campaign_id zipfian
-- distribution: list_id zipfian
-- distribution: subscriber_hash uniform
CREATE TABLE campaign_recipient (campaign_id VARCHAR(10) NOT NULL, subscriber_hash VARCHAR(32) NOT NULL,
  list_id VARCHAR(10), email_address VARCHAR(320), status VARCHAR(10), open_count BIGINT,
  click_count BIGINT, last_open BIGINT, last_click BIGINT, bounce_type VARCHAR(8),
  PRIMARY KEY (subscriber_hash, campaign_id));
-- rows: 200000000000
-- distinct: bucket 16
-- distribution: bucket uniform
-- distinct: campaign_id 40000000
-- distinct: subscriber_hash 4000000000
-- distribution: subscriber_hash uniform
CREATE TABLE campaign_recipient_by_campaign_id_subscriber_hash (bucket BIGINT NOT NULL, campaign_id VARCHAR(10) NOT NULL, subscriber_hash VARCHAR(32) NOT NULL, list_id VARCHAR(10), email_address VARCHAR(320), status VARCHAR(10), open_count BIGINT, click_count BIGINT, last_open BIGINT, last_click BIGINT, bounce_type VARCHAR(8), PRIMARY KEY (bucket, campaign_id, subscriber_hash));
-- rows: 6000000000
-- distinct: list_id 20000000
-- distinct: subscriber_hash 4000000000
-- distinct: status 4
-- distribution: status 'subscribed' 85%
CREATE TABLE list_member (list_id VARCHAR(10) NOT NULL, subscriber_hash VARCHAR(32) NOT NULL,
  email_address VARCHAR(320), status VARCHAR(16), merge_fields VARCHAR(4000),
  member_rating BIGINT, timestamp_opt BIGINT, last_changed BIGINT,
  PRIMARY KEY (list_id, subscriber_hash));
