-- serve one page
-- weight: 10000
SELECT contents, crawl_ts FROM webtable WHERE rev_url = ?;
-- every page of one site (cnn.com and its hosts)
-- weight: 300
SELECT rev_url, title FROM webtable WHERE rev_url LIKE 'com.cnn.%';
-- a range of a domain's pages, for the indexer
-- weight: 300
SELECT rev_url, crawl_ts FROM webtable WHERE rev_url >= ? AND rev_url < ?;
-- the crawler stores what it fetched
-- weight: 20000
UPSERT INTO webtable (rev_url, crawl_ts, title, lang, contents) VALUES (?, ?, ?, ?, ?);
