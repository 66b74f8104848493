CREATE TABLE available_rooms (hotel_id VARCHAR(16) NOT NULL, stay_date BIGINT NOT NULL, room_number INTEGER NOT NULL, is_available BOOLEAN, PRIMARY KEY (hotel_id, stay_date, room_number));
