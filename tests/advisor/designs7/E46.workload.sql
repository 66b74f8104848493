-- the hourly file is loaded: one row per (domain, page) seen that hour
-- weight: 100000
UPSERT INTO pageviews (domain_code, page_title, hour, view_count, response_bytes) VALUES (?, ?, ?, ?, ?);
-- a page's views over a period (the pageviews tool's chart)
-- weight: 5000
SELECT hour, view_count FROM pageviews WHERE domain_code = ? AND page_title = ? AND hour >= ? AND hour <= ?;
-- the top pages of a project in one hour
-- weight: 500
SELECT page_title, view_count FROM pageviews WHERE domain_code = ? AND hour = ? ORDER BY view_count DESC LIMIT 100;
