-- weight: 3000
SELECT id2, time FROM assoc WHERE id1 = ? AND atype = ? ORDER BY time DESC LIMIT 50;
-- weight: 1000
SELECT * FROM assoc WHERE id1 = ? AND atype = ? AND id2 = ?;
