-- a visitor's first add to cart creates the quote (entity_id: the next AUTO_INCREMENT value)
-- weight: 20000
UPSERT INTO quote (quote_store_id_updated_at_bucket, entity_id, store_id, created_at, updated_at, is_active, items_count, items_qty, grand_total, customer_id, customer_email) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- every cart change saves the quote's totals; updated_at is set on every save
-- weight: 150000
UPSERT INTO quote (entity_id, updated_at, items_count, items_qty, grand_total) VALUES (?, ?, ?, ?, ?);
-- every page with the mini-cart loads the quote by its id (from the session)
-- weight: 300000
SELECT store_id, is_active, items_count, items_qty, grand_total, customer_id, coupon_code FROM quote WHERE entity_id = ?;
-- a customer logs in: their active cart in this store
-- weight: 30000
SELECT entity_id, items_count, grand_total FROM quote WHERE customer_id = ? AND store_id = ? AND is_active = TRUE;
-- the order is placed: the quote is closed
-- weight: 5000
UPSERT INTO quote (entity_id, is_active, reserved_order_id, updated_at) VALUES (?, FALSE, ?, ?);
-- the sales_clean_quotes cron, daily per store: quotes older than the lifetime
-- weight: 3
SELECT entity_id FROM quote WHERE quote_store_id_updated_at_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND store_id = ? AND updated_at <= ?;
-- a coupon code applied to the cart
-- weight: 30000
SELECT rule_id, usage_limit, usage_per_customer, times_used, expiration_date FROM salesrule_coupon WHERE code = ?;
-- the order placed with it counts a use
-- weight: 3000
UPSERT INTO salesrule_coupon (code, times_used) VALUES (?, ?);
-- "Manage Coupon Codes" generates a campaign's codes: the prefix, then 8 random characters
-- weight: 2000
UPSERT INTO salesrule_coupon (code, rule_id, usage_limit, usage_per_customer, times_used, expiration_date, created_at, type) VALUES ('SUMMER26-K7Q2M9XA', 1207, 1, 1, 0, ?, ?, 1);
-- weight: 2000
UPSERT INTO salesrule_coupon (code, rule_id, usage_limit, usage_per_customer, times_used, expiration_date, created_at, type) VALUES ('SUMMER26-3BWZ8TLC', 1207, 1, 1, 0, ?, ?, 1);
-- weight: 2000
UPSERT INTO salesrule_coupon (code, rule_id, usage_limit, usage_per_customer, times_used, expiration_date, created_at, type) VALUES ('SUMMER26-RX4N0PDE', 1207, 1, 1, 0, ?, ?, 1);
-- weight: 2000
UPSERT INTO salesrule_coupon (code, rule_id, usage_limit, usage_per_customer, times_used, expiration_date, created_at, type) VALUES ('SUMMER26-9HF6VJ2Q', 1207, 1, 1, 0, ?, ?, 1);
-- weight: 2000
UPSERT INTO salesrule_coupon (code, rule_id, usage_limit, usage_per_customer, times_used, expiration_date, created_at, type) VALUES ('SUMMER26-D5YGC71M', 1207, 1, 1, 0, ?, ?, 1);
-- E56 applied by test_whatif_applied (README.md): hash_prefix hash32(entity_id) (Lindorm
-- computes it: no statement changes) and rebuild_index quote_store_id_updated_at led by
-- quote_store_id_updated_at_bucket. The advice's rewrite: the writer fills the bucket on every
-- insert (the UPSERT of the whole row); a read through the index is 16 reads, one a bucket,
-- merged: quote_store_id_updated_at_bucket IN (0 to 15).
