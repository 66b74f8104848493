-- a single post's permalink (WP_Query's name query var: post_name and post_type)
-- weight: 80000
SELECT id, post_title, post_content, post_date, post_author, post_status, comment_status, comment_count FROM wp_posts WHERE post_name = ? AND post_type = 'post';
-- get_post() by ID (menus, widgets, related posts, the REST API's /wp/v2/posts/{id})
-- weight: 30000
SELECT post_title, post_content, post_excerpt, post_date, post_author, post_status, post_name, post_type, post_parent FROM wp_posts WHERE id = ?;
-- the front page and the feed: the newest published posts
-- weight: 50000
SELECT id, post_title, post_excerpt, post_author, post_name, post_date FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' ORDER BY post_date DESC LIMIT 10;
-- a post's attachments (get_children(): post_parent and post_type 'attachment')
-- weight: 20000
SELECT id, guid, post_mime_type, menu_order FROM wp_posts WHERE post_parent = ? AND post_type = 'attachment';
-- a new post, draft or attachment (wp_insert_post: the ID from the sequence)
-- rate: 2/s
-- weight: 1500
UPSERT INTO wp_posts (id, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, post_name, post_modified, post_modified_gmt, post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES (NEXT VALUE FOR wp_posts_seq, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, 0, ?, ?, 0);
-- a post edited, or published (wp_update_post)
-- rate: 5/s
-- weight: 4000
UPSERT INTO wp_posts (id, post_content, post_title, post_excerpt, post_status, post_date, post_modified, post_modified_gmt) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- a comment approved: the post's count
-- rate: 3/s
-- weight: 2500
UPSERT INTO wp_posts (id, comment_count) VALUES (?, ?);
-- update_meta_cache(): every meta row of a post shown
-- weight: 80000
SELECT meta_id, meta_key, meta_value FROM wp_postmeta WHERE post_id = ?;
-- add_post_meta(): a new meta row
-- rate: 20/s
-- weight: 15000
UPSERT INTO wp_postmeta (meta_id, post_id, meta_key, meta_value) VALUES (NEXT VALUE FOR wp_postmeta_seq, ?, ?, ?);
-- update_post_meta() on a row the cache holds (_edit_lock, _edit_last, view counters)
-- rate: 10/s
-- weight: 8000
UPSERT INTO wp_postmeta (meta_id, meta_value) VALUES (?, ?);
