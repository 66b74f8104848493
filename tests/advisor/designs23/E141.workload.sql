-- loadPageChunk: each block of the page, by its id
-- weight: 200000
SELECT block_type, properties, content, parent_id, parent_table, alive, last_edited_time, version_no FROM block WHERE space_id = ? AND id = ?;
-- submitTransaction: a block's text or properties edited (most writes are updates of existing blocks)
-- weight: 50000
UPSERT INTO block (space_id, id, properties, last_edited_by, last_edited_time, version_no) VALUES (?, ?, ?, ?, ?, ?);
-- submitTransaction: a new block, and its id appended to its parent's content
-- weight: 10000
UPSERT INTO block (space_id, id, block_type, properties, content, parent_id, parent_table, alive, created_by, created_time, last_edited_by, last_edited_time, version_no) VALUES (?, ?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, ?);
-- weight: 10000
UPSERT INTO block (space_id, id, content, last_edited_time, version_no) VALUES (?, ?, ?, ?, ?);
-- a block dragged under another parent
-- weight: 1000
UPSERT INTO block (space_id, id, parent_id, parent_table, last_edited_time, version_no) VALUES (?, ?, ?, ?, ?, ?);
-- a block moved to the trash
-- weight: 1000
UPSERT INTO block (space_id, id, alive, last_edited_time, version_no) VALUES (?, ?, FALSE, ?, ?);
-- the sidebar: a page's child blocks, to list its sub-pages
-- weight: 20000
SELECT id, block_type, alive FROM block WHERE space_id = ? AND parent_id = ?;
-- a page's header (title, icon) through the view of pages
-- weight: 5000
SELECT properties, created_by, last_edited_time FROM page_block WHERE space_id = ? AND id = ?;
