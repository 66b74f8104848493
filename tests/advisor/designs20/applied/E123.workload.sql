-- the SDK's trackingCallback: an experiment_viewed event, one a visitor an experiment a page view
-- rate: 20000/s
-- weight: 20000
UPSERT INTO experiment_exposure (experiment_id, viewed_at, anonymous_id, variation_id, user_id, hash_attribute, url, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- the results' analysis (hourly, each running experiment): its exposures of the window
-- weight: 40
SELECT variation_id, anonymous_id, user_id, viewed_at FROM experiment_exposure WHERE experiment_id = ? AND viewed_at >= ? AND viewed_at < ?;
-- support and the visual editor's debugger: which experiments this visitor saw, and in which variation
-- weight: 300
SELECT experiment_id, variation_id, viewed_at FROM experiment_exposure WHERE anonymous_id = ?;
-- sticky bucketing: getAssignments(attributeName, attributeValue) before an experiment is evaluated
-- weight: 60000
SELECT assignments, updated_at FROM sticky_bucket WHERE attribute_name = ? AND attribute_value = ?;
-- ... and saveAssignments when a visitor is first bucketed in an experiment
-- rate: 3000/s
-- weight: 3000
UPSERT INTO sticky_bucket (attribute_name, attribute_value, assignments, updated_at) VALUES (?, ?, ?, ?);
