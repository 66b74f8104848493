CREATE TABLE webtable (rev_url VARCHAR(2048) NOT NULL, crawl_ts BIGINT, title VARCHAR(512),
  lang CHAR(2), contents VARCHAR CONSTRAINT pk PRIMARY KEY (rev_url));
