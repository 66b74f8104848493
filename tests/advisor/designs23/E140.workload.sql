-- POST /api/v2/tickets: a ticket created (the account's next ticket id)
-- rate: 50/s
-- weight: 5000
UPSERT INTO ticket (account_id, ticket_id, subject, description, status, priority, requester_id, group_id, organization_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'new', ?, ?, ?, ?, ?, ?);
-- PUT /api/v2/tickets/{id}: assignee, status or priority changed
-- rate: 600/s
-- weight: 60000
UPSERT INTO ticket (account_id, ticket_id, status, priority, assignee_id, updated_at) VALUES (?, ?, ?, ?, ?, ?);
-- each change's audit (the ticket's events)
-- rate: 650/s
-- weight: 65000
UPSERT INTO ticket_audit (account_id, ticket_id, audit_id, author_id, created_at, via_channel, events) VALUES (?, ?, ?, ?, ?, ?, ?);
-- GET /api/v2/tickets/{id}
-- weight: 30000
SELECT subject, description, status, priority, requester_id, assignee_id, group_id, organization_id, created_at, updated_at FROM ticket WHERE account_id = ? AND ticket_id = ?;
-- the agent's "Your unsolved tickets" view, most recently updated first
-- weight: 20000
SELECT ticket_id, subject, status, priority, updated_at FROM ticket WHERE account_id = ? AND assignee_id = ? AND status IN ('new', 'open', 'pending') ORDER BY updated_at DESC LIMIT 30;
-- GET /api/v2/incremental/tickets/cursor?start_time=: the tickets changed since the cursor
-- weight: 4000
SELECT ticket_id, updated_at, status FROM ticket WHERE account_id = ? AND updated_at >= ? ORDER BY updated_at LIMIT 1000;
-- GET /api/v2/tickets/{ticket_id}/audits
-- weight: 6000
SELECT audit_id, author_id, created_at, via_channel, events FROM ticket_audit WHERE account_id = ? AND ticket_id = ? ORDER BY audit_id LIMIT 100;
-- support, once: a requester's tickets in every account
-- weight: 1
SELECT account_id, ticket_id, status FROM ticket WHERE requester_id = ?;
