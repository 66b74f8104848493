-- rows: 60000000000
-- distinct: experiment_id 2000
-- distribution: experiment_id zipfian
-- distribution: viewed_at monotonic
-- range: viewed_at 1/90
-- distinct: anonymous_id 900000000
CREATE TABLE experiment_exposure (experiment_id VARCHAR(64) NOT NULL, viewed_at BIGINT NOT NULL,
  anonymous_id VARCHAR(64) NOT NULL, variation_id INTEGER, user_id VARCHAR(64),
  hash_attribute VARCHAR(32), url VARCHAR(2000), user_agent VARCHAR(512)
  CONSTRAINT pk PRIMARY KEY (experiment_id, viewed_at, anonymous_id)) SALT_BUCKETS = 16;
CREATE INDEX exposure_by_anonymous ON experiment_exposure (anonymous_id) INCLUDE (variation_id);
-- rows: 1800000000
-- distinct: attribute_name 3
-- distinct: attribute_value 900000000
CREATE TABLE sticky_bucket (attribute_name VARCHAR(32) NOT NULL,
  attribute_value VARCHAR(128) NOT NULL, assignments VARCHAR(8000), updated_at BIGINT
  CONSTRAINT pk PRIMARY KEY (attribute_name, attribute_value));
