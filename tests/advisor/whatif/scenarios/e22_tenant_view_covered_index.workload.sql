-- keyplan:tenant acme
-- an agent's "my open cases" list view, most recently changed first
-- weight: 3000
SELECT case_id, subject, priority FROM open_case WHERE owner_id = ? ORDER BY last_modified DESC LIMIT 25;
-- a case's detail page
-- weight: 5000
SELECT * FROM support_case WHERE case_id = ?;
-- weight: 2000
UPSERT INTO support_case (case_id, owner_id, status, priority, subject, description, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?);
