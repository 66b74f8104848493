-- rows: 150000000
-- distinct: postal_code 40000
-- distinct: standard_status 9
-- distinct: list_agent_key 1500000
-- distribution: modification_timestamp monotonic
-- distribution: status_change_timestamp monotonic
CREATE TABLE property (listing_key VARCHAR(64) NOT NULL, listing_id VARCHAR(32),
  originating_system_name VARCHAR(64), standard_status VARCHAR(32), mls_status VARCHAR(64),
  property_type VARCHAR(32), list_price BIGINT, bedrooms_total INTEGER,
  bathrooms_total_integer INTEGER, living_area BIGINT, unparsed_address VARCHAR(255),
  city VARCHAR(64), state_or_province VARCHAR(2), postal_code VARCHAR(10), latitude DOUBLE,
  longitude DOUBLE, list_agent_key VARCHAR(64), list_office_key VARCHAR(64),
  public_remarks VARCHAR(4000), photos_count INTEGER, on_market_date DATE, close_date DATE,
  close_price BIGINT, modification_timestamp BIGINT, price_change_timestamp BIGINT,
  status_change_timestamp BIGINT
  CONSTRAINT pk PRIMARY KEY (listing_key));
CREATE INDEX property_by_modification ON property (modification_timestamp);
CREATE INDEX idx_property_postal_code_standard_status_list_price ON property (postal_code, standard_status, list_price) INCLUDE (bedrooms_total, bathrooms_total_integer, unparsed_address, photos_count);
CREATE INDEX property_by_agent ON property (list_agent_key) INCLUDE (standard_status, list_price, unparsed_address);
-- rows: 3000000000
-- distinct: resource_record_key 150000000
-- distinct: field_name 40
CREATE TABLE property_history (resource_record_key VARCHAR(64) NOT NULL,
  modification_timestamp BIGINT NOT NULL, field_name VARCHAR(64) NOT NULL,
  history_transactional_key VARCHAR(64), previous_value VARCHAR(255), new_value VARCHAR(255),
  change_type VARCHAR(32), changed_by_member_key VARCHAR(64)
  CONSTRAINT pk PRIMARY KEY (resource_record_key, modification_timestamp, field_name));
