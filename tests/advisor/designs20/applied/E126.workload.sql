-- a push or a pull request triggers a workflow: the run (its index the repository's next number)
-- rate: 40/s
-- weight: 40
INSERT INTO action_run (repo_id, run_index, owner_id, workflow_id, title, trigger_user_id, ref, commit_sha, event, status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 5, ?, ?);
-- ... the run's status moves (running, then its result)
-- rate: 80/s
-- weight: 80
UPDATE action_run SET status = ?, started = ?, stopped = ?, updated = ? WHERE repo_id = ? AND run_index = ?;
-- ... its jobs, waiting (status 5)
-- rate: 160/s
-- weight: 160
INSERT INTO action_run_job (repo_id, run_index, job_no, name, attempt, runs_on, status, created, updated) VALUES (?, ?, ?, ?, 1, ?, 5, ?, ?);
-- ... a job taken by a runner (running, its task), then done
-- rate: 320/s
-- weight: 320
UPDATE action_run_job SET status = ?, task_id = ?, started = ?, stopped = ?, updated = ? WHERE repo_id = ? AND run_index = ? AND job_no = ?;
-- the runners' FetchTask poll: the waiting jobs, oldest first
-- weight: 20000
SELECT repo_id, run_index, job_no FROM action_run_job WHERE status = 5 ORDER BY updated LIMIT 10;
-- ... a candidate's labels, matched against the runner's
-- weight: 20000
SELECT name, attempt, runs_on, status FROM action_run_job WHERE repo_id = ? AND run_index = ? AND job_no = ?;
-- a run's page: its jobs
-- weight: 15000
SELECT job_no, name, status, started, stopped FROM action_run_job WHERE repo_id = ? AND run_index = ?;
-- the run itself (/{owner}/{repo}/actions/runs/{index})
-- weight: 15000
SELECT workflow_id, title, ref, commit_sha, event, status, started, stopped FROM action_run WHERE repo_id = ? AND run_index = ?;
-- the repository's Actions tab: the latest runs
-- weight: 8000
SELECT run_index, workflow_id, title, status, created FROM action_run WHERE repo_id = ? ORDER BY run_index DESC LIMIT 30;
-- the commit status on every pull request page and commit list: the runs of a commit
-- weight: 30000
SELECT run_index, workflow_id, status FROM action_run WHERE repo_id = ? AND commit_sha = ?;
