-- a scan report imported: each finding looked up by its deduplication hash within the product
-- weight: 80000
SELECT severity, finding_id, active FROM finding WHERE hash_code = ? AND product_id = ?;
-- ... a finding not seen before is created
-- weight: 60000
INSERT INTO finding (severity_key, severity, product_id, finding_id, test_id, title, hash_code, active, verified, is_duplicate, cwe, component_name, file_path, line, finding_date, sla_expiration_date, last_status_update) VALUES (?, ?, ?, ?, ?, ?, ?, true, false, false, ?, ?, ?, ?, ?, ?, ?);
-- ... a finding seen again is touched
-- weight: 20000
UPDATE finding SET test_id = ?, last_status_update = ? WHERE severity_key = ? AND product_id = ? AND finding_id = ?;
-- ... a finding the reimport no longer sees is closed (close_old_findings)
-- weight: 15000
UPDATE finding SET active = false, mitigated = ?, last_status_update = ? WHERE severity_key = ? AND product_id = ? AND finding_id = ?;
-- the product's dashboard, one severity at a time
-- weight: 10000
SELECT finding_id, title, component_name, sla_expiration_date FROM finding WHERE product_id = ? AND severity_key = ? AND active = true LIMIT 100;
-- the product's open findings, every severity (the product page, the metrics)
-- weight: 5000
SELECT severity, finding_id, title, sla_expiration_date FROM finding WHERE product_id = ? AND active = true;
-- a finding opened
-- weight: 8000
SELECT title, hash_code, active, verified, cwe, component_name, file_path, line, finding_date, mitigated FROM finding WHERE severity_key = ? AND product_id = ? AND finding_id = ?;
-- the security team's hourly list: critical findings past their SLA, every product
-- weight: 24
SELECT product_id, finding_id, title, sla_expiration_date FROM finding WHERE severity_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND active = true AND sla_expiration_date < ? LIMIT 100;
-- E83 applied by test_whatif_applied (README.md): salt_buckets [bucket + severity] as
-- severity_key, bucket = product_id % 16. The advice's rewrite: the writer fills severity_key
-- (the INSERT); a read or write that binds product_id by = binds severity_key = bucket +
-- severity in place of severity; any other read is 16 scans merged: severity_key IN (16
-- values). A read that does not bind severity is unchanged.
