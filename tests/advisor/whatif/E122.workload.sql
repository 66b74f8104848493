-- docker push: the manifest stored (PUT /v2/<name>/manifests/<reference>)
-- weight: 60
UPSERT INTO artifact (repository_name, digest, project_id, media_type, manifest_media_type, artifact_type, size, push_time, pull_time, extra_attrs, annotations) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and its tag moved to it
-- weight: 60
UPSERT INTO artifact_tag (repository_name, tag_name, artifact_digest, push_time) VALUES (?, ?, ?, ?);
-- docker pull, a tag: GET /v2/<name>/manifests/<tag> resolves it
-- weight: 8000
SELECT artifact_digest FROM artifact_tag WHERE repository_name = ? AND tag_name = ?;
-- ... then the manifest by its digest (GET /v2/<name>/manifests/<digest>)
-- weight: 8000
SELECT media_type, manifest_media_type, size, annotations FROM artifact WHERE repository_name = ? AND digest = ?;
-- the pull time, written back after the pull (Harbor's asynchronous artifact pull-time update)
-- weight: 2000
UPSERT INTO artifact (repository_name, digest, pull_time) VALUES (?, ?, ?);
-- GET /v2/<name>/tags/list?n=100&last=<tag>: a page of tags
-- weight: 300
SELECT tag_name, artifact_digest FROM artifact_tag WHERE repository_name = ? AND tag_name > ? ORDER BY tag_name LIMIT 100;
-- the tag retention job: every artifact of a repository, its rules (latest pushed or pulled N) applied by the job
-- weight: 20
SELECT digest, push_time, pull_time FROM artifact WHERE repository_name = ?;
-- every pull and push audited (Harbor's audit log)
-- rate: 8000/s
-- weight: 8000
UPSERT INTO audit_log (project_id, op_time, log_id, operation, resource_type, resource, username, client_ip, project_id_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the project's logs page and the compliance export: one project's operations of a day
-- weight: 30
SELECT op_time, operation, resource_type, resource, username FROM audit_log WHERE project_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND op_time >= ? AND op_time < ?;
-- security, once: who touched this image, in any project
-- weight: 1
SELECT project_id, op_time, operation, username FROM audit_log WHERE resource = ?;
-- applied: designs20.md E122, the first run's recommendation: artifact_by_pull_time dropped (no new
-- column); audit_log bucket spliced into project_id_key (the UPSERT writes it; the day read binds
-- neither log_id nor project_id_key's value, so it reads project_id_key IN (16 values)); the
-- security read by resource cannot compute project_id_key and stays as it is, refused (as today)
