-- an edit saves a new revision
-- weight: 3000
UPSERT INTO revision (rev_id, rev_page, rev_actor, rev_timestamp, rev_comment_id, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1) VALUES (NEXT VALUE FOR rev_seq, ?, ?, ?, ?, ?, 0, ?, ?, ?);
-- a revision by its id: oldid= and diff= links, the parent of a diff
-- weight: 20000
SELECT rev_page, rev_actor, rev_timestamp, rev_comment_id, rev_len, rev_parent_id, rev_sha1 FROM revision WHERE rev_id = ?;
-- the page history: its 50 newest revisions
-- weight: 4000
SELECT rev_id, rev_actor, rev_timestamp, rev_comment_id, rev_minor_edit, rev_len FROM revision WHERE rev_page = ? ORDER BY rev_timestamp DESC LIMIT 50;
-- before a save: the page's latest revision (edit conflict check)
-- weight: 3000
SELECT rev_id, rev_timestamp FROM revision WHERE rev_page = ? ORDER BY rev_timestamp DESC LIMIT 1;
-- a user's contributions: their 50 newest edits
-- weight: 1500
SELECT rev_id, rev_page, rev_timestamp, rev_comment_id, rev_len FROM revision WHERE rev_actor = ? ORDER BY rev_timestamp DESC LIMIT 50;
-- an administrator hides a revision
-- weight: 5
UPSERT INTO revision (rev_id, rev_deleted) VALUES (?, ?);
-- the dump job: the revisions saved in a time window
-- weight: 2
SELECT rev_id, rev_page FROM revision WHERE rev_timestamp >= ? AND rev_timestamp < ?;
