-- distribution: cell_number uniform
-- distinct: base_station_number 5000
CREATE TABLE call_record (cell_number BIGINT NOT NULL, start_time BIGINT NOT NULL, called_number BIGINT,
  duration BIGINT, base_station_number BIGINT, PRIMARY KEY (cell_number, start_time));
