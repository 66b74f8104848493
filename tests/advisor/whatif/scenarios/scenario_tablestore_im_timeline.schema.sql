CREATE TABLE im_timeline (timeline_id VARCHAR(64) NOT NULL, sequence_id BIGINT NOT NULL AUTO_INCREMENT, content VARCHAR(1024), PRIMARY KEY (timeline_id, sequence_id));
