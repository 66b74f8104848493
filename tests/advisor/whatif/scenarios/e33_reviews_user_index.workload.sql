-- the product page: the newest reviews
-- weight: 10000
SELECT review_id, user_id, rating, title, body, helpful_votes, created_at FROM review WHERE product_id = ? ORDER BY created_at DESC LIMIT 10;
-- the product page filtered by a star rating
-- weight: 800
SELECT review_id, user_id, rating, title, body, helpful_votes, created_at FROM review WHERE product_id = ? AND rating = ? ORDER BY created_at DESC LIMIT 10;
-- the reviewer's profile: their reviews, newest first
-- weight: 1500
SELECT product_id, review_id, rating, title, created_at FROM review WHERE user_id = ? ORDER BY created_at DESC LIMIT 20;
-- before the review form opens: has this user reviewed this product already?
-- weight: 1000
SELECT review_id FROM review WHERE product_id = ? AND user_id = ?;
-- a new review
-- weight: 300
UPSERT INTO review (product_id, created_at, review_id, user_id, rating, title, body, helpful_votes) VALUES (?, ?, ?, ?, ?, ?, ?, 0);
-- a "helpful" vote
-- weight: 2000
UPSERT INTO review (product_id, created_at, review_id, helpful_votes) VALUES (?, ?, ?, ?);
