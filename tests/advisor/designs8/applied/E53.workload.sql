-- the daily publication: one reference rate per currency, around 16:00 CET
-- weight: 31
INSERT INTO ecb_rate (currency, rate_date, rate) VALUES (?, ?, ?);
-- a price shown in another currency: the latest rate
-- weight: 100000
SELECT rate_date, rate FROM ecb_rate WHERE currency = ? ORDER BY rate_date DESC LIMIT 1;
-- an invoice converted at the rate of its date, or the last one published before it
-- weight: 50000
SELECT rate_date, rate FROM ecb_rate WHERE currency = ? AND rate_date <= ? ORDER BY rate_date DESC LIMIT 1;
-- a currency's chart over a period
-- weight: 2000
SELECT rate_date, rate FROM ecb_rate WHERE currency = ? AND rate_date >= ? AND rate_date <= ?;
-- the rates page: one day's rates of the ten currencies it shows
-- weight: 5000
SELECT currency, rate FROM ecb_rate WHERE currency IN ('USD', 'JPY', 'GBP', 'CHF', 'CNY', 'AUD', 'CAD', 'HKD', 'SEK', 'NOK') AND rate_date = ?;
