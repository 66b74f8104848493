-- a game ends: the match stored once (its id is the platform's game id, EUW1_7123456789)
-- weight: 6000
UPSERT INTO lol_match (match_id, platform_id, game_creation, game_duration, queue_id, game_version, map_id, game_mode, end_of_game_result, teams_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and one row for each of its ten participants
-- weight: 60000
UPSERT INTO match_participant (puuid, game_creation, match_id, queue_id, champion_id, team_position, win, kills, deaths, assists, gold_earned, total_minions_killed, item_ids) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /lol/match/v5/matches/{matchId}
-- weight: 50000
SELECT platform_id, game_creation, game_duration, queue_id, game_version, map_id, game_mode, end_of_game_result, teams_json FROM lol_match WHERE match_id = ?;
-- GET /lol/match/v5/matches/by-puuid/{puuid}/ids?start=0&count=20: the newest first
-- weight: 40000
SELECT match_id, game_creation FROM match_participant WHERE puuid = ? ORDER BY game_creation DESC LIMIT 20;
-- ... with &queue=420: the player's ranked solo games only
-- weight: 10000
SELECT match_id, game_creation FROM match_participant WHERE puuid = ? AND queue_id = ? ORDER BY game_creation DESC LIMIT 20;
-- ... with &startTime=&endTime=: the player's games of a season split, and their lines
-- weight: 4000
SELECT match_id, game_creation, champion_id, win, kills, deaths, assists FROM match_participant WHERE puuid = ? AND game_creation >= ? AND game_creation < ?;
-- an analyst, once: every match of a patch
-- weight: 1
SELECT match_id, game_creation, queue_id FROM lol_match WHERE game_version = ?;
-- applied: designs19.md E115, the first run's recommendation: lol_match keyed (hash32(match_id), match_id); participant_by_champion dropped; match_participant's key declared game_creation DESC
