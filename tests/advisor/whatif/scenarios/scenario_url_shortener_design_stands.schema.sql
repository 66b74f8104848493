CREATE TABLE urls (short_code VARCHAR(8) NOT NULL, long_url VARCHAR(2048), owner VARCHAR(32), PRIMARY KEY (short_code));
