-- every ticket update re-evaluates its SLA metrics: the stage and the time it will breach
-- (first_reply_time, next_reply_time, periodic_update_time, pausable_update_time, requester_wait_time)
-- rate: 1500/s
-- weight: 150000
UPSERT INTO ticket_sla (account_id, ticket_id, metric, policy_id, target_minutes, stage, breach_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- the breach scanner, every ten seconds: the active metrics due in the next window, all accounts
-- weight: 100
SELECT account_id, ticket_id, metric FROM ticket_sla WHERE breach_at >= ? AND breach_at < ? AND stage = 'active';
-- the ticket's SLA badge in the agent's view
-- weight: 20000
SELECT metric, stage, breach_at FROM ticket_sla WHERE account_id = ? AND ticket_id = ?;
-- each metric event (activate, pause, fulfill, apply_sla, breach, update_status, measure)
-- rate: 3000/s
-- weight: 300000
UPSERT INTO ticket_metric_event (account_id, ticket_id, event_id, metric, instance_id, event_type, event_time, sla_target_minutes, business_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the SLA computation of one ticket reads its events
-- weight: 8000
SELECT event_id, metric, instance_id, event_type, event_time FROM ticket_metric_event WHERE account_id = ? AND ticket_id = ?;
-- GET /api/v2/incremental/ticket_metric_events?start_time=: an account's events since the cursor, in time order
-- weight: 3000
SELECT ticket_id, event_id, metric, instance_id, event_type, event_time FROM ticket_metric_event WHERE account_id = ? AND event_time >= ? ORDER BY event_time LIMIT 1000;
