-- a pipeline is created: each of its jobs, status created (Ci::CreatePipelineService)
-- rate: 1500/s
-- weight: 1500
UPSERT INTO ci_build (build_id, project_id, pipeline_id, name, stage, stage_idx, status, ref, commit_sha, created_at, token_encrypted, build_by_pipeline_bucket) VALUES (?, ?, ?, ?, ?, ?, 'created', ?, ?, ?, ?, ?);
-- the job enqueued for the runners (status pending)
-- rate: 1500/s
-- weight: 1500
UPSERT INTO ci_build (build_id, status, queued_at) VALUES (?, 'pending', ?);
-- a runner picks it (POST /api/v4/jobs/request): status running
-- rate: 1500/s
-- weight: 1500
UPSERT INTO ci_build (build_id, status, runner_id, started_at) VALUES (?, 'running', ?, ?);
-- the runner reports the end (PUT /api/v4/jobs/:id): success, failed or canceled
-- rate: 1500/s
-- weight: 1500
UPSERT INTO ci_build (build_id, status, finished_at, failure_reason) VALUES (?, ?, ?, ?);
-- the job page (/-/jobs/:id) and the runner's job-token check
-- weight: 30000
SELECT project_id, pipeline_id, name, stage, status, runner_id, ref, commit_sha, created_at, started_at, finished_at, failure_reason, token_encrypted FROM ci_build WHERE build_id = ?;
-- the pipeline graph and the merge request widget (GET /projects/:id/pipelines/:pipeline_id/jobs)
-- weight: 20000
SELECT build_id, name, stage, stage_idx, status, started_at, finished_at FROM ci_build WHERE build_by_pipeline_bucket = ? AND pipeline_id = ?;
-- an admin, now and then: the jobs a runner ran (GET /runners/:id/jobs)
-- weight: 2
SELECT build_id, project_id, status, started_at FROM ci_build WHERE runner_id = ?;
-- incremental logging: the runner's PATCH /api/v4/jobs/:id/trace appends to the job's live chunk
-- rate: 12000/s
-- weight: 12000
UPSERT INTO ci_build_trace_chunk (build_id, chunk_index, data_store, raw_data, checksum, lock_version) VALUES (?, ?, ?, ?, ?, ?);
-- the live log in the browser: the chunks from the one last shown
-- weight: 25000
SELECT chunk_index, raw_data FROM ci_build_trace_chunk WHERE build_id = ? AND chunk_index >= ?;
-- the job ends: each chunk archived to object storage, then removed
-- rate: 1500/s
-- weight: 1500
DELETE FROM ci_build_trace_chunk WHERE build_id = ? AND chunk_index = ?;
-- applied: designs20.md E121, the first run's recommendation: ci_build hash-prefixed (hash32 of the
-- bound build_id: its statements as written), build_by_pipeline rebuilt led by
-- build_by_pipeline_bucket = hash(pipeline_id) % 16 (the insert writes it; the graph read binds
-- pipeline_id by =, so it computes its bucket: build_by_pipeline_bucket = ?), build_by_status
-- dropped; ci_build_trace_chunk hash-prefixed (every statement binds build_id: as written)
