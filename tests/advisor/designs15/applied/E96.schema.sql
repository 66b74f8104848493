-- rows: 4000000000
-- distinct: utility_id 12
-- distinct: meter_id 3000000
-- distinct: dma_code 2400
-- distinct: alarm_state 2
CREATE TABLE meter_alarm (utility_id VARCHAR(16) NOT NULL, meter_id VARCHAR(20) NOT NULL,
  raised_at BIGINT NOT NULL, info_code BIGINT NOT NULL, dma_code VARCHAR(16), alarm_state BIGINT,
  cleared_at BIGINT, acknowledged_by VARCHAR(64), volume_litres BIGINT, utility_id_key VARCHAR(19) NOT NULL,
  PRIMARY KEY (utility_id_key, meter_id, raised_at, info_code));
CREATE INDEX idx_meter_alarm_dma_code_utility_id_alarm_state ON meter_alarm (dma_code, utility_id, alarm_state) INCLUDE (volume_litres);
