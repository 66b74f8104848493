-- rows: 150000
CREATE TABLE crates (name VARCHAR(64) NOT NULL, id BIGINT NOT NULL, description VARCHAR(1000),
  homepage VARCHAR(255), repository VARCHAR(255), max_upload_size INTEGER,
  created_at TIMESTAMP, updated_at TIMESTAMP,
  PRIMARY KEY (name));
-- rows: 36000000
-- distinct: version_id 1500000
CREATE TABLE version_downloads (version_id BIGINT NOT NULL, dl_date DATE NOT NULL,
  downloads INTEGER, counted INTEGER, index_version_downloads_date_bucket INT,
  PRIMARY KEY (version_id, dl_date));
CREATE INDEX index_version_downloads_date ON version_downloads (index_version_downloads_date_bucket, dl_date);
