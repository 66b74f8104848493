-- distinct: city 40
-- distinct: age 20
CREATE TABLE student (id VARCHAR(64) NOT NULL, name VARCHAR(64), age BIGINT, city VARCHAR(32),
  sex VARCHAR(8), PRIMARY KEY (id));
CREATE INDEX student_index USING SEARCH ON student (name, age, city);
