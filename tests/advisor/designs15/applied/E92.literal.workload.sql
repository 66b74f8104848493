-- attach and authentication: the subscriber of an IMSI (the HSS front end)
-- weight: 50000
SELECT iccid, msisdn, sim_status, tariff_plan FROM sim_subscriber WHERE imsi = ?;
-- SMS routing and number portability: the subscriber of an MSISDN
-- weight: 20000
SELECT iccid, imsi, sim_status FROM sim_subscriber WHERE msisdn = ?;
-- customer care: the SIM card by its ICCID
-- weight: 500
SELECT imsi, msisdn, sim_status, tariff_plan, activated_at, status_changed_at FROM sim_subscriber WHERE iccid = ?;
-- a SIM activated
-- rate: 3/s
-- weight: 1000
UPSERT INTO sim_subscriber (iccid, imsi, msisdn, sim_status, tariff_plan, ki_ref, activated_at, status_changed_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?);
-- a SIM suspended, barred or reactivated
-- rate: 2/s
-- weight: 5000
UPSERT INTO sim_subscriber (iccid, sim_status, status_changed_at) VALUES (?, ?, ?);
-- the nightly run: SIMs suspended for more than 90 days, to be terminated
-- weight: 1
SELECT iccid, msisdn FROM sim_subscriber WHERE sim_status = 'SUSPENDED' AND status_changed_at < ?;
-- mediation: each subscriber's hour of CDRs rolled up (the hour just closed)
-- rate: 11000/s
-- weight: 40000
UPSERT INTO usage_rollup (bucket, period_no, msisdn, imsi, voice_seconds, sms_count, data_bytes_up, data_bytes_down, roaming_plmn, cdr_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the self-care app: my usage since the start of the billing cycle
-- weight: 25000
SELECT period_no, voice_seconds, sms_count, data_bytes_up, data_bytes_down FROM usage_rollup WHERE bucket = ? AND msisdn = ? AND period_no >= ?;
-- fair use and fraud: the heavy users of the hour just closed
-- weight: 24
SELECT msisdn, data_bytes_down, roaming_plmn FROM usage_rollup WHERE bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND period_no = ? AND data_bytes_down > ?;
