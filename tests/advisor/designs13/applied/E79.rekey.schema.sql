-- rows: 20000000
-- distinct: username 5000000
-- distinct: ip_address 8000000
CREATE TABLE axes_attempt (username VARCHAR(150) NOT NULL, ip_address VARCHAR(45) NOT NULL,
  ua_hash VARCHAR(32) NOT NULL, user_agent VARCHAR(255), path_info VARCHAR(255),
  failures_since_start INTEGER, attempt_time TIMESTAMP,
  PRIMARY KEY (username, ip_address, ua_hash));
CREATE INDEX axes_attempt_ip ON axes_attempt (ip_address);
-- rows: 900000000
-- distinct: username 5000000
CREATE TABLE axes_access_log (entry_no BIGINT NOT NULL, username VARCHAR(150) NOT NULL,
  ip_address VARCHAR(45), user_agent VARCHAR(255), session_hash VARCHAR(64),
  attempt_time TIMESTAMP NOT NULL, logout_time TIMESTAMP,
  PRIMARY KEY (username, attempt_time DESC, entry_no));
