-- keyplan:tenant acme
-- a build is created (the API's POST .../pipelines/{pipeline}/builds, or the code host's webhook)
-- weight: 10000
UPSERT INTO builds (pipeline_slug, build_number, state, branch, commit_sha, message, creator_id, created_at, scheduled_at) VALUES (?, ?, 'scheduled', ?, ?, ?, ?, ?, ?);
-- an agent starts it
-- weight: 10000
UPSERT INTO builds (pipeline_slug, build_number, state, started_at) VALUES (?, ?, 'running', ?);
-- it finishes (passed, failed, canceled)
-- weight: 10000
UPSERT INTO builds (pipeline_slug, build_number, state, finished_at) VALUES (?, ?, ?, ?);
-- GET .../pipelines/{pipeline}/builds: the pipeline page, newest first
-- weight: 20000
SELECT build_number, state, branch, commit_sha, message, created_at, finished_at FROM builds WHERE pipeline_slug = ? ORDER BY build_number DESC LIMIT 30;
-- GET .../pipelines/{pipeline}/builds/{number}
-- weight: 30000
SELECT state, branch, commit_sha, message, creator_id, created_at, started_at, finished_at FROM builds WHERE pipeline_slug = ? AND build_number = ?;
-- the pipeline page filtered by branch
-- weight: 5000
SELECT build_number, state, commit_sha, created_at FROM builds WHERE pipeline_slug = ? AND branch = ? ORDER BY build_number DESC LIMIT 10;
-- GET /v2/organizations/{org}/builds?state=running: the organization's running builds, polled by its dashboard
-- weight: 3000
SELECT pipeline_slug, build_number, branch, started_at FROM running_builds;
-- GET /v2/organizations/{org}/builds?commit=...: the code host asks for a commit's builds
-- weight: 2000
SELECT pipeline_slug, build_number, state FROM builds WHERE commit_sha = ?;
