-- GET /api/client/features: every SDK instance polls its project's toggles
-- weight: 20000
SELECT name, type, stale, impression_data FROM features WHERE project = ? AND archived_at IS NULL;
-- the admin UI opens a toggle
-- weight: 5000
SELECT project, type, description, stale, impression_data, archived_at, created_at, last_seen_at FROM features WHERE name = ?;
-- a toggle is created
-- weight: 50
UPSERT INTO features (name, project, type, description, stale, impression_data, created_at) VALUES (?, ?, ?, ?, FALSE, FALSE, ?);
-- a toggle is archived
-- weight: 20
UPSERT INTO features (name, archived_at) VALUES (?, ?);
-- the metrics ingest marks the toggles it saw as seen
-- weight: 20000
UPSERT INTO features (name, last_seen_at) VALUES (?, ?);
-- POST /api/client/metrics: each SDK's yes/no counts, added into the hour's row
-- weight: 100000
UPSERT INTO client_metrics_env (feature_name, app_name, environment, metric_hour, yes_count, no_count) VALUES (?, ?, ?, ?, ?, ?);
-- the toggle's metrics page: the last 48 hours (getMetricsForFeatureToggle)
-- weight: 3000
SELECT app_name, environment, metric_hour, yes_count, no_count FROM client_metrics_env WHERE feature_name = ? AND metric_hour >= ?;
-- the application's page: the toggles it evaluated in the last 48 hours (getSeenTogglesForApp)
-- weight: 1000
SELECT feature_name, environment, yes_count, no_count FROM client_metrics_env WHERE app_name = ? AND metric_hour >= ?;
