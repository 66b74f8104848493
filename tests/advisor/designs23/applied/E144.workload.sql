-- each block change of a page, kept for the page history (30 days to unlimited by plan)
-- rate: 8000/s
-- weight: 80000
INSERT INTO block_history (space_id, page_id, edited_time, block_id, operation, edited_by, block_type, properties_before, properties_after, version_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- "Page history": a page's changes, newest first
-- weight: 3000
SELECT edited_time, block_id, operation, edited_by FROM block_history WHERE space_id = ? AND page_id = ? ORDER BY edited_time DESC LIMIT 100;
-- ... one version of the page: the changes up to a point
-- weight: 1000
SELECT block_id, operation, properties_after FROM block_history WHERE space_id = ? AND page_id = ? AND edited_time <= ? ORDER BY edited_time DESC LIMIT 1000;
-- restore one block: its own changes, newest first, wherever its page is
-- weight: 500
SELECT page_id, edited_time, operation, properties_before, properties_after FROM block_history WHERE space_id = ? AND block_id = ? ORDER BY edited_time DESC LIMIT 20;
-- POST /v1/comments: a comment in a discussion
-- weight: 2000
INSERT INTO page_comment (space_id, discussion_id, comment_id, parent_page_id, rich_text, created_by, created_time, last_edited_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- a comment edited
-- weight: 200
UPDATE page_comment SET rich_text = ?, last_edited_time = ? WHERE space_id = ? AND discussion_id = ? AND comment_id = ?;
-- GET /v1/comments?block_id=: a discussion's comments
-- weight: 5000
SELECT comment_id, rich_text, created_by, created_time FROM page_comment WHERE space_id = ? AND discussion_id = ?;
