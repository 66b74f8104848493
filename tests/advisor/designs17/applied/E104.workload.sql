-- a contact opened: its record (GET /rest/people/{id})
-- weight: 40000
SELECT first_name, last_name, email, phone, job_title, city, company_id FROM person WHERE workspace_id = ? AND person_id = ?;
-- the email and calendar sync: the contact an address belongs to
-- weight: 30000
SELECT person_id, first_name, last_name, company_id FROM person WHERE workspace_id = ? AND email = ?;
-- a contact created (the form, the sync, an import)
-- weight: 8000
UPSERT INTO person (workspace_id, person_id, first_name, last_name, email, phone, job_title, city, company_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- a contact edited, or enriched: its job title and city
-- weight: 6000
UPSERT INTO person (workspace_id, person_id, job_title, city, updated_at) VALUES (?, ?, ?, ?, ?);
-- support, now and then: a person by email in any workspace
-- weight: 2
SELECT workspace_id, person_id FROM person WHERE email = ?;
-- every change, email and meeting logged on the contact's timeline
-- weight: 50000
UPSERT INTO timeline_activity (workspace_id, person_id, happens_at, activity_id, name, company_id, opportunity_id, workspace_member_id, linked_record_id, properties) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the person page's timeline tab, newest first
-- weight: 25000
SELECT happens_at, activity_id, name, workspace_member_id, linked_record_id, properties FROM timeline_activity WHERE workspace_id = ? AND person_id = ? ORDER BY happens_at DESC LIMIT 50;
-- the company page's timeline tab: the activity of all its people, newest first
-- weight: 6000
SELECT person_id, happens_at, activity_id, name, properties FROM timeline_activity WHERE workspace_id = ? AND company_id = ? ORDER BY happens_at DESC LIMIT 50;
-- an import (POST /crm/v3/imports): each spreadsheet row staged as it is read
-- weight: 12000
UPSERT INTO import_row (import_no, row_no, workspace_id, raw_line, row_state) VALUES (?, ?, ?, ?, 'PENDING');
-- ... each row's outcome
-- weight: 12000
UPSERT INTO import_row (import_no, row_no, row_state, error_message, person_id) VALUES (?, ?, ?, ?, ?);
-- the import's error report, a page (GET /crm/v3/imports/{importId}/errors)
-- weight: 800
SELECT row_no, raw_line, error_message FROM import_row WHERE import_no = ? AND row_state = 'FAILED' LIMIT 100;
