-- the product page: the variant's price in the shop's channel
-- weight: 100000
SELECT price, original_price, lowest_price_before_discount FROM channel_pricing WHERE variant_code = ? AND channel_code = ?;
-- the admin's variant form: its prices in every channel
-- weight: 500
SELECT channel_code, price, original_price, minimum_price FROM channel_pricing WHERE variant_code = ?;
-- the channel's listing by price, cheapest first, one page
-- weight: 20000
SELECT variant_code, product_code, price, original_price FROM channel_pricing WHERE channel_code = ? AND price >= ? AND price <= ? ORDER BY price LIMIT 24;
-- a price change (admin, import, repricer)
-- weight: 10000
UPSERT INTO channel_pricing (variant_code, channel_code, price, original_price, updated_at) VALUES (?, ?, ?, ?, ?);
-- ... logged (ChannelPricingLogEntry, written on every change of price or original price)
-- weight: 10000
UPSERT INTO channel_pricing_log_entry (variant_code, channel_code, logged_at, price, original_price) VALUES (?, ?, ?, ?, ?);
-- ... the lowest price of the last 30 days before the change (Omnibus, ProductLowestPriceBeforeDiscountProcessor)
-- weight: 10000
SELECT logged_at, price FROM channel_pricing_log_entry WHERE variant_code = ? AND channel_code = ? AND logged_at >= ?;
-- ... the latest entry (findLatestOneByChannelPricing)
-- weight: 10000
SELECT logged_at, price, original_price FROM channel_pricing_log_entry WHERE variant_code = ? AND channel_code = ? ORDER BY logged_at DESC LIMIT 1;
-- ... and the result stored on the pricing
-- weight: 10000
UPSERT INTO channel_pricing (variant_code, channel_code, lowest_price_before_discount) VALUES (?, ?, ?);
-- ad hoc: every logged price under a threshold (a pricing error hunt)
-- weight: 1
SELECT variant_code, channel_code, logged_at, price FROM channel_pricing_log_entry WHERE price < ?;
