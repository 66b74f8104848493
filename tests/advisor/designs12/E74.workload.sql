-- the inventory page of one game (GetPlayerItems)
-- weight: 40000
SELECT asset_id, def_index, quality, tradable FROM inventory_item WHERE steam_id = ? AND app_id = ?;
-- one item's details (the trade window checks each item offered)
-- weight: 5000
SELECT def_index, quality, tradable FROM inventory_item WHERE steam_id = ? AND app_id = ? AND asset_id = ?;
-- an item is granted (a drop at the end of a match, a purchase), or received in a trade under a new asset id
-- weight: 13000
UPSERT INTO inventory_item (steam_id, app_id, asset_id, def_index, quality, tradable, acquired_at) VALUES (?, ?, ?, ?, ?, ?, ?);
-- a traded item leaves its old owner
-- weight: 3000
DELETE FROM inventory_item WHERE steam_id = ? AND app_id = ? AND asset_id = ?;
-- ad hoc: who holds an item definition of a quality
-- weight: 2
SELECT steam_id, asset_id FROM inventory_item WHERE def_index = ? AND quality = ?;
-- a trade offer is sent (state 2, Active)
-- weight: 5000
UPSERT INTO trade_offer (trade_offer_id, sender_id, recipient_id, state, message, items_to_give, items_to_receive, time_created, time_updated, expiration_time) VALUES (?, ?, ?, 2, ?, ?, ?, ?, ?, ?);
-- accepted, declined, countered, canceled or expired
-- weight: 4500
UPSERT INTO trade_offer (trade_offer_id, state, time_updated) VALUES (?, ?, ?);
-- GetTradeOffer
-- weight: 15000
SELECT sender_id, recipient_id, state, message, items_to_give, items_to_receive, time_created, expiration_time FROM trade_offer WHERE trade_offer_id = ?;
-- GetTradeOffers get_received_offers, active_only: the offers waiting for me
-- weight: 20000
SELECT trade_offer_id, sender_id, time_created, expiration_time FROM trade_offer WHERE recipient_id = ? AND state = 2;
-- GetTradeOffers get_sent_offers: the offers I sent, newest first
-- weight: 6000
SELECT trade_offer_id, recipient_id, state, time_created FROM trade_offer WHERE sender_id = ? ORDER BY time_created DESC LIMIT 50;
