-- the recorder's statistics compile, every five minutes: one row a statistic (8 million every 300 s)
-- rate: 26700/s
-- weight: 26700
UPSERT INTO statistics_short_term (metadata_id, start_ts, created_ts, mean, min, max, last_reset_ts, state, sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and at the top of every hour the hourly row of each statistic (8 million an hour, 2,220 a second on average)
-- rate: 2220/s
-- weight: 2220
UPSERT INTO statistics (start_ts, metadata_id, created_ts, mean, min, max, last_reset_ts, state, sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- a statistic's id resolved to its metadata id (the recorder's statistics_meta cache misses)
-- weight: 3000
SELECT metadata_id, source, unit_of_measurement, has_mean, has_sum, name FROM statistics_meta WHERE statistic_id = ?;
-- recorder/statistic_during_period (the energy dashboard, the statistics graph card): one statistic, a week of hours
-- weight: 20000
SELECT start_ts, mean, min, max, state, sum FROM statistics WHERE metadata_id = ? AND start_ts >= ? AND start_ts < ?;
-- get_last_statistics: the newest hourly row of a statistic (the compile's sum carried forward, the energy card)
-- weight: 10000
SELECT start_ts, state, sum FROM statistics WHERE metadata_id = ? ORDER BY start_ts DESC LIMIT 1;
-- the graphs' last 24 hours: the five-minute rows of one statistic
-- weight: 15000
SELECT start_ts, mean, min, max, state, sum FROM statistics_short_term WHERE metadata_id = ? AND start_ts >= ? AND start_ts < ?;
