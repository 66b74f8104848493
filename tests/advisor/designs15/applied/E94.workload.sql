-- createOrReplaceInventoryItem (PUT /inventory_item/{sku})
-- weight: 8000
UPSERT INTO inventory_item (seller_id, sku, title, condition_code, available_quantity, merchant_location_key, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?);
-- getInventoryItem
-- weight: 10000
SELECT title, condition_code, available_quantity, merchant_location_key FROM inventory_item WHERE seller_id = ? AND sku = ?;
-- getInventoryItems: the seller's items, one page
-- weight: 2000
SELECT sku, title, available_quantity FROM inventory_item WHERE seller_id = ? LIMIT 100;
-- bulkUpdatePriceQuantity: the item's quantity ...
-- weight: 30000
UPSERT INTO inventory_item (seller_id, sku, available_quantity, updated_at) VALUES (?, ?, ?, ?);
-- ... and its offer's price and quantity
-- weight: 30000
UPSERT INTO offer ("OFFER_ID_hash", offer_id, price, available_quantity, updated_at) VALUES (?, ?, ?, ?, ?);
-- a location disabled: which items ship from it (support, by hand)
-- weight: 2
SELECT seller_id, sku FROM inventory_item WHERE merchant_location_key = ?;
-- createOffer and bulkCreateOffer: eBay generates the offer id
-- weight: 15000
UPSERT INTO offer ("OFFER_ID_hash", offer_id, seller_id, sku, marketplace_id, listing_format, price, currency, available_quantity, category_id, offer_status, updated_at) VALUES (?, NEXT VALUE FOR offer_id_seq, ?, ?, 'EBAY_US', 'FIXED_PRICE', ?, 'USD', ?, ?, 'UNPUBLISHED', ?);
-- publishOffer: the listing's id, from eBay's item numbers
-- weight: 5000
UPSERT INTO offer ("OFFER_ID_hash", offer_id, listing_id, offer_status, updated_at) VALUES (?, ?, ?, 'PUBLISHED', ?);
-- getOffer (GET /offer/{offerId})
-- weight: 20000
SELECT seller_id, sku, marketplace_id, listing_format, price, available_quantity, listing_id, offer_status FROM offer WHERE "OFFER_ID_hash" = ? AND offer_id = ?;
-- getOffers (GET /offer?sku=): the SKU's offers
-- weight: 25000
SELECT offer_id, marketplace_id, listing_format, price, available_quantity, offer_status, listing_id FROM offer WHERE seller_id = ? AND sku = ?;
-- the seller's published offers (Seller Hub's active listings), one page
-- weight: 3000
SELECT sku, offer_id, price, available_quantity FROM offer WHERE seller_id = ? AND offer_status = 'PUBLISHED' LIMIT 200;
-- the buyer's item page and checkout: the offer behind a listing
-- weight: 100000
SELECT seller_id, sku, price, currency, available_quantity, offer_status FROM offer WHERE listing_id = ?;
