CREATE TABLE videos (videoid CHAR(36) NOT NULL, userid CHAR(36), name VARCHAR(200),
  description VARCHAR(4000), location VARCHAR(512), location_type INTEGER,
  preview_image_location VARCHAR(512), tags VARCHAR(1000), added_date TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (videoid));
