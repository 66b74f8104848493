-- rows: 300000000
-- distinct: product_id 3000000
-- distinct: user_id 40000000
CREATE TABLE review (product_id CHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL,
  review_id CHAR(36) NOT NULL, user_id CHAR(36), rating TINYINT, title VARCHAR(200),
  body VARCHAR(8000), helpful_votes INTEGER
  CONSTRAINT pk PRIMARY KEY (product_id, created_at DESC, review_id));
