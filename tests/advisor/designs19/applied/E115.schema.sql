-- applied: designs19.md E115, the first run's recommendation: lol_match hash_prefix [hash32(match_id)][match_id]; match_participant drop_index participant_by_champion and desc_key [puuid][game_creation DESC][match_id]
-- rows: 4000000000
-- distribution: match_id monotonic
CREATE TABLE lol_match (match_id VARCHAR(32) NOT NULL, platform_id VARCHAR(8), game_creation BIGINT,
  game_duration INTEGER, queue_id INTEGER, game_version VARCHAR(32), map_id INTEGER,
  game_mode VARCHAR(32), end_of_game_result VARCHAR(32), teams_json VARCHAR(8000),
  PRIMARY KEY (hash32(match_id), match_id));
-- rows: 40000000000
-- distinct: puuid 150000000
-- distinct: champion_id 170
-- distinct: queue_id 40
CREATE TABLE match_participant (puuid VARCHAR(78) NOT NULL, game_creation BIGINT NOT NULL,
  match_id VARCHAR(32) NOT NULL, queue_id INTEGER, champion_id INTEGER, team_position VARCHAR(16),
  win BOOLEAN, kills INTEGER, deaths INTEGER, assists INTEGER, gold_earned INTEGER,
  total_minions_killed INTEGER, item_ids VARCHAR(64),
  PRIMARY KEY (puuid, game_creation DESC, match_id));
