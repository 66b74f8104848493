-- weight: 5000
SELECT top_score, wins, losses FROM game_scores WHERE user_id = ? AND game_title = ?;
-- weight: 1000
SELECT user_id, top_score FROM game_scores WHERE game_title = ? ORDER BY top_score DESC LIMIT 10;
-- weight: 200
SELECT game_title, top_score FROM game_scores WHERE user_id = ?;
-- weight: 3000
UPSERT INTO game_scores (user_id, game_title, top_score, top_score_time, wins, losses) VALUES (?, ?, ?, ?, ?, ?);
