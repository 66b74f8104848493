-- the manager sets the week's lineup: each player's slot (QB, RB, WR, TE, FLEX, BN, IR)
-- weight: 30000
UPSERT INTO roster_player (league_id, roster_id, player_id, slot) VALUES (?, ?, ?, ?);
-- a waiver claim or free-agent add processed
-- weight: 3000
UPSERT INTO roster_player (league_id, roster_id, player_id, slot, acquired_at, acquired_by) VALUES (?, ?, ?, 'BN', ?, 'waiver');
-- ... and the player it drops
-- weight: 3000
DELETE FROM roster_player WHERE league_id = ? AND roster_id = ? AND player_id = ?;
-- GET /league/{id}/rosters: the team page
-- weight: 80000
SELECT player_id, slot, acquired_at FROM roster_player WHERE league_id = ? AND roster_id = ?;
-- live scoring: a stat correction or a scoring play fans out to every roster holding the player
-- weight: 20000
SELECT league_id, roster_id, slot FROM roster_player WHERE player_id = ?;
-- the player card in a league: who rosters him here
-- weight: 5000
SELECT roster_id, slot FROM roster_player WHERE league_id = ? AND player_id = ?;
-- live scoring writes each affected roster's week total
-- weight: 50000
UPSERT INTO matchup (league_id, week, roster_id, points, starters_points) VALUES (?, ?, ?, ?, ?);
-- the schedule made at the draft: the season's matchups
-- weight: 500
UPSERT INTO matchup (league_id, week, roster_id, matchup_id, points, starters) VALUES (?, ?, ?, ?, 0, ?);
-- GET /league/{id}/matchups/{week}: the scoreboard, polled during games
-- weight: 60000
SELECT roster_id, matchup_id, points, custom_points, starters, starters_points FROM matchup WHERE league_id = ? AND week = ?;
-- the playoff bracket, through the view
-- weight: 2000
SELECT week, roster_id, matchup_id, points FROM playoff_matchup WHERE league_id = ?;
-- the weekly "highest scores on Sleeper" editorial list, once an hour on game days
-- weight: 20
SELECT league_id, roster_id, points FROM matchup WHERE week = ? ORDER BY points DESC LIMIT 100;
