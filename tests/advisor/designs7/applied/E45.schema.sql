-- rows: 200000000
-- distinct: email 200000000
-- distribution: last_login latest
CREATE TABLE auth_user (id BIGINT NOT NULL, username VARCHAR(150), email VARCHAR(254),
  password VARCHAR(128), first_name VARCHAR(150), last_name VARCHAR(150),
  is_active BOOLEAN, is_staff BOOLEAN, date_joined TIMESTAMP, last_login TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (id)) SALT_BUCKETS = 16;
CREATE INDEX auth_user_last_login ON auth_user (last_login) INCLUDE (is_active);
CREATE INDEX idx_AUTH_USER_EMAIL ON AUTH_USER (EMAIL) INCLUDE (PASSWORD, IS_ACTIVE);
CREATE INDEX idx_AUTH_USER_IS_ACTIVE_LAST_LOGIN ON AUTH_USER (IS_ACTIVE, LAST_LOGIN) INCLUDE (EMAIL);
