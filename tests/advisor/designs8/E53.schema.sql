-- rows: 210000
-- distinct: currency 31
CREATE TABLE ecb_rate (currency VARCHAR(3) NOT NULL, rate_date BIGINT NOT NULL, rate DOUBLE,
  PRIMARY KEY (currency, rate_date));
