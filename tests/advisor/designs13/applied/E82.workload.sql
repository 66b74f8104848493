-- keyplan:tenant merchant42
-- a subscription created (POST /1.0/kb/subscriptions)
-- weight: 3000
UPSERT INTO subscriptions (account_id, subscription_id, bundle_id, category, plan_name, state, start_date, charged_through_date, billing_cycle_day, updated_date) VALUES (?, ?, ?, 'BASE', ?, 'ACTIVE', ?, ?, ?, ?);
-- ... and its CREATE event
-- weight: 3000
UPSERT INTO subscription_events (subscription_id, effective_date, event_id, event_type, user_type, plan_name, phase_name, price_list_name, is_active, created_date) VALUES (?, ?, ?, 'API_USER', 'CREATE', ?, ?, ?, TRUE, ?);
-- the renewal run: the active subscriptions whose paid period ends by the date, each invoiced
-- weight: 1440
SELECT account_id, subscription_id, plan_name, billing_cycle_day, charged_through_date FROM active_subscriptions WHERE charged_through_date <= ?;
-- ... each renewal invoiced moves the subscription's charged-through date a period on
-- weight: 20000
UPSERT INTO subscriptions (account_id, subscription_id, charged_through_date, updated_date) VALUES (?, ?, ?, ?);
-- a trial ends: the PHASE event (the catalog's next phase)
-- weight: 2000
UPSERT INTO subscription_events (subscription_id, effective_date, event_id, event_type, plan_name, phase_name, price_list_name, is_active, created_date) VALUES (?, ?, ?, 'PHASE', ?, ?, ?, TRUE, ?);
-- a cancellation
-- weight: 1000
UPSERT INTO subscriptions (account_id, subscription_id, state, cancelled_date, updated_date) VALUES (?, ?, 'CANCELLED', ?, ?);
-- ... and its CANCEL event
-- weight: 1000
UPSERT INTO subscription_events (subscription_id, effective_date, event_id, event_type, user_type, plan_name, phase_name, price_list_name, is_active, created_date) VALUES (?, ?, ?, 'API_USER', 'CANCEL', ?, ?, ?, TRUE, ?);
-- GET /1.0/kb/accounts/{accountId}/bundles: the account page's subscriptions
-- weight: 30000
SELECT subscription_id, bundle_id, plan_name, state, charged_through_date FROM subscriptions WHERE account_id = ?;
-- GET /1.0/kb/bundles/{bundleId}: a bundle's subscriptions
-- weight: 4000
SELECT account_id, subscription_id, plan_name, state, charged_through_date FROM subscriptions WHERE bundle_id = ?;
-- GET /1.0/kb/subscriptions/{subscriptionId}/events: the subscription's timeline
-- weight: 15000
SELECT effective_date, event_type, plan_name, phase_name FROM subscription_events WHERE subscription_id = ? ORDER BY effective_date;
-- a pending change cancelled: its future event made inactive
-- weight: 500
UPSERT INTO subscription_events (subscription_id, effective_date, event_id, is_active) VALUES (?, ?, ?, FALSE);
-- the subscription's active events, in order (the entitlement and billing state is rebuilt from them)
-- weight: 12000
SELECT effective_date, event_type, user_type, plan_name, phase_name FROM subscription_events WHERE subscription_id = ? AND is_active = TRUE ORDER BY effective_date;
-- the entitlement check: the subscription's latest event
-- weight: 10000
SELECT effective_date, event_type, plan_name, is_active FROM subscription_events WHERE subscription_id = ? ORDER BY effective_date DESC LIMIT 1;
