-- before a match: the player's record in that game
-- weight: 30000
SELECT top_score, wins, losses FROM game_scores WHERE user_id = ? AND game_title = ?;
-- after each match: the player's wins and losses
-- weight: 30000
UPDATE game_scores SET wins = ?, losses = ? WHERE user_id = ? AND game_title = ?;
-- a new personal best (about one match in ten)
-- weight: 3000
UPDATE game_scores SET top_score = ?, top_score_at = ? WHERE user_id = ? AND game_title = ?;
-- a player starts a game for the first time
-- weight: 500
INSERT INTO game_scores (user_id, game_title, top_score, top_score_at, wins, losses) VALUES (?, ?, 0, 0, 0, 0);
-- the player's profile: every game they play
-- weight: 5000
SELECT game_title, top_score, wins, losses FROM game_scores WHERE user_id = ?;
-- the game's leaderboard: its ten best players
-- weight: 6000
SELECT user_id, top_score, top_score_at FROM game_scores WHERE game_title = ? ORDER BY top_score DESC LIMIT 10;
