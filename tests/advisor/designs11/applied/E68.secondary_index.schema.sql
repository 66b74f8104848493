-- rows: 20000
-- distinct: project 25
CREATE TABLE features (name VARCHAR(255) NOT NULL, project VARCHAR(255), type VARCHAR(255),
  description VARCHAR(1000), stale BOOLEAN, impression_data BOOLEAN, archived_at TIMESTAMP,
  created_at TIMESTAMP, last_seen_at TIMESTAMP,
  PRIMARY KEY (name));
CREATE INDEX idx_features_project ON features (project) INCLUDE (type, stale, impression_data, archived_at);
-- rows: 9000000
-- distinct: feature_name 20000
-- distinct: app_name 40
-- distinct: environment 3
CREATE TABLE client_metrics_env (feature_name VARCHAR(255) NOT NULL, app_name VARCHAR(255) NOT NULL,
  environment VARCHAR(100) NOT NULL, metric_hour TIMESTAMP NOT NULL,
  yes_count INTEGER, no_count INTEGER,
  PRIMARY KEY (feature_name, app_name, environment, metric_hour));
-- rows: 9000000
CREATE TABLE client_metrics_env_by_app_name_metric_hour (feature_name VARCHAR(255) NOT NULL, app_name VARCHAR(255) NOT NULL, environment VARCHAR(100) NOT NULL, metric_hour TIMESTAMP NOT NULL, yes_count INTEGER, no_count INTEGER, client_metrics_env_key VARCHAR(357) NOT NULL, app_name_key VARCHAR(258) NOT NULL, PRIMARY KEY (app_name_key, metric_hour, client_metrics_env_key));
