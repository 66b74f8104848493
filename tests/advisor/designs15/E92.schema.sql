-- rows: 40000000
-- distinct: imsi 40000000
-- distinct: msisdn 40000000
-- distinct: sim_status 5
CREATE TABLE sim_subscriber (iccid VARCHAR(22) NOT NULL, imsi VARCHAR(15), msisdn VARCHAR(15),
  sim_status VARCHAR(16), tariff_plan VARCHAR(32), ki_ref VARCHAR(64), activated_at TIMESTAMP,
  status_changed_at TIMESTAMP,
  PRIMARY KEY (iccid));
CREATE INDEX sim_subscriber_imsi ON sim_subscriber (imsi) INCLUDE (msisdn, sim_status, tariff_plan);
CREATE INDEX sim_subscriber_msisdn ON sim_subscriber (msisdn) INCLUDE (imsi, sim_status);
CREATE INDEX sim_subscriber_status ON sim_subscriber (sim_status, status_changed_at);
-- rows: 30000000000
-- distinct: msisdn 40000000
-- distribution: period_no monotonic
CREATE TABLE usage_rollup (period_no BIGINT NOT NULL, msisdn VARCHAR(15) NOT NULL,
  imsi VARCHAR(15), voice_seconds BIGINT, sms_count INTEGER, data_bytes_up BIGINT,
  data_bytes_down BIGINT, roaming_plmn VARCHAR(6), cdr_count INTEGER,
  PRIMARY KEY (period_no, msisdn));
