-- Claim/$submit: a provider submits a claim, queued for adjudication
-- weight: 30000
INSERT INTO claim (insurer_id_key, insurer_id, patient_id, created, claim_id, provider_id, claim_type, claim_use, priority, outcome, total_value, billable_start, billable_end) VALUES (?, ?, ?, ?, ?, ?, ?, 'claim', ?, 'queued', ?, ?, ?);
-- adjudication: the claim's outcome (complete, error or partial)
-- weight: 30000
UPDATE claim SET outcome = ? WHERE insurer_id_key = ? AND patient_id = ? AND created = ? AND claim_id = ?;
-- GET /Claim/[id] on the insurer's endpoint
-- weight: 30000
SELECT patient_id, created, provider_id, claim_type, outcome, total_value FROM claim WHERE insurer_id_key = ? AND claim_id = ?;
-- GET /Claim?patient=...&created=ge...: a member's claims since a date
-- weight: 20000
SELECT created, claim_id, provider_id, claim_type, outcome, total_value FROM claim WHERE insurer_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND patient_id = ? AND created >= ?;
-- GET /Claim?provider=...: a provider's claims still queued (its worklist)
-- weight: 6000
SELECT patient_id, created, claim_id, total_value FROM claim WHERE insurer_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND provider_id = ? AND outcome = 'queued';
-- a fraud analyst, ad hoc: the insurer's claims above an amount
-- weight: 1
SELECT patient_id, claim_id, provider_id FROM claim WHERE insurer_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND total_value > ?;
-- E66 applied to the letter of the advice's "reads to rewrite" (README.md): as E66.workload.sql,
-- but lines 9 and 15, which the advice lists too, rewritten as it says: line 9 binds claim_id, so
-- it binds insurer_id_key in place of insurer_id; line 15 binds no claim_id, so it is 16 scans
-- merged, insurer_id_key IN (16 values). Both leave the indexes the same recommendation creates,
-- (claim_id, insurer_id) and (provider_id, insurer_id, outcome), with insurer_id unbound.
