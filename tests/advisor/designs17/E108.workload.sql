-- a candidate applies, or is added by a recruiter (POST /v1/candidates, POST /v1/applications)
-- weight: 8000
INSERT INTO application (org_id, job_id, current_stage_id, application_id, candidate_id, status, source_id, applied_at, last_activity_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?);
-- the job's pipeline board: one stage's applications
-- weight: 30000
SELECT application_id, candidate_id, status, applied_at, last_activity_at FROM application WHERE org_id = ? AND job_id = ? AND current_stage_id = ?;
-- an application opened (GET /v1/applications/{id})
-- weight: 20000
SELECT job_id, current_stage_id, candidate_id, status, source_id, applied_at, last_activity_at, rejected_at FROM application WHERE org_id = ? AND application_id = ?;
-- the candidate's page: all their applications in the organization
-- weight: 5000
SELECT job_id, current_stage_id, application_id, status, applied_at FROM application WHERE org_id = ? AND candidate_id = ?;
-- POST /v1/applications/{id}/move: the stage is a key column, so the row is written anew ...
-- weight: 15000
DELETE FROM application WHERE org_id = ? AND job_id = ? AND current_stage_id = ? AND application_id = ?;
-- ... under its new stage
-- weight: 15000
INSERT INTO application (org_id, job_id, current_stage_id, application_id, candidate_id, status, source_id, applied_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- an email, note or scorecard logged: its last activity
-- weight: 30000
UPDATE application SET last_activity_at = ? WHERE org_id = ? AND job_id = ? AND current_stage_id = ? AND application_id = ?;
-- rejected (POST /v1/applications/{id}/reject)
-- weight: 4000
UPDATE application SET status = 'rejected', rejected_at = ?, rejection_reason_id = ?, last_activity_at = ? WHERE org_id = ? AND job_id = ? AND current_stage_id = ? AND application_id = ?;
-- the HRIS and reporting sync, each hour (GET /v1/applications?last_activity_after=)
-- weight: 1500
SELECT job_id, current_stage_id, application_id, candidate_id, status, last_activity_at FROM application WHERE org_id = ? AND last_activity_at >= ?;
-- an analyst, once: applications rejected for one reason, every organization
-- weight: 1
SELECT org_id, application_id FROM application WHERE rejection_reason_id = ?;
