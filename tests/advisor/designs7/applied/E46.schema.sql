-- rows: 5000000000
-- distinct: domain_code 1500
-- distribution: domain_code zipfian
-- distinct: hour 17520
CREATE TABLE pageviews (domain_code VARCHAR(32) NOT NULL, page_title VARCHAR(255) NOT NULL,
  hour INTEGER NOT NULL, view_count BIGINT, response_bytes BIGINT
  CONSTRAINT pk PRIMARY KEY (domain_code, page_title, hour));
CREATE INDEX idx_PAGEVIEWS_DOMAIN_CODE_HOUR_VIEW_COUNT ON PAGEVIEWS (DOMAIN_CODE, HOUR, VIEW_COUNT);
