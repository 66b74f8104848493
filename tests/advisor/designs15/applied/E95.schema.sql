-- rows: 2500000000
-- distinct: listing_id 7000000
CREATE TABLE listing_calendar (listing_id BIGINT NOT NULL, night_date BIGINT NOT NULL,
  available BIGINT, price BIGINT, adjusted_price BIGINT, minimum_nights BIGINT,
  maximum_nights BIGINT, updated_at BIGINT,
  PRIMARY KEY (listing_id, night_date));
-- rows: 600000000
-- distinct: listing_id 7000000
-- distinct: reviewer_id 150000000
CREATE TABLE review (listing_id BIGINT NOT NULL, review_id BIGINT NOT NULL AUTO_INCREMENT,
  reviewer_id BIGINT, reviewer_name VARCHAR(255), review_date BIGINT, rating BIGINT,
  comments VARCHAR(4000), host_response VARCHAR(2000), review_by_date_bucket BIGINT,
  PRIMARY KEY (listing_id, review_id));
CREATE INDEX review_by_date ON review (review_by_date_bucket, review_date);
CREATE INDEX idx_review_reviewer_id_review_date ON review (reviewer_id, review_date) INCLUDE (rating, comments);
