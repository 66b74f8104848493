-- weight: 100000
SELECT long_url FROM urls WHERE short_code = ?;
-- weight: 100
UPSERT INTO urls (short_code, long_url, owner) VALUES (?, ?, ?);
