CREATE TABLE telemetry (ts BIGINT NOT NULL, tenant_id VARCHAR(32) NOT NULL, device_id VARCHAR(32) NOT NULL, metric VARCHAR(32), val DOUBLE, PRIMARY KEY (ts, tenant_id, device_id));
