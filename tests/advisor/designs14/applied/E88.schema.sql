-- rows: 900000000
-- distinct: itemid 40000000
-- distinct: userid 5000000
-- distinct: usermodified 60000
-- distinct: rawscaleid 200
-- distinct: locked 2
CREATE TABLE grade_grades (itemid BIGINT NOT NULL, userid BIGINT NOT NULL, rawgrade DECIMAL(10,5),
  rawgrademax DECIMAL(10,5), rawgrademin DECIMAL(10,5), rawscaleid BIGINT, usermodified BIGINT,
  finalgrade DECIMAL(10,5), hidden BIGINT, locked BIGINT, locktime BIGINT, overridden BIGINT,
  feedback VARCHAR(4000), timecreated BIGINT, timemodified BIGINT
  CONSTRAINT pk PRIMARY KEY (itemid, userid));
CREATE INDEX grade_grades_userid ON grade_grades (userid) INCLUDE (finalgrade, hidden, feedback, timemodified);
CREATE INDEX grade_grades_locked ON grade_grades (locked, locktime);
-- rows: 60000000
-- distinct: enrolid 400000
-- distinct: userid 5000000
-- distinct: status 2
CREATE TABLE user_enrolments (enrolid BIGINT NOT NULL, userid BIGINT NOT NULL, status BIGINT,
  timestart BIGINT, timeend BIGINT, modifierid BIGINT, timecreated BIGINT, timemodified BIGINT
  CONSTRAINT pk PRIMARY KEY (enrolid, userid));
CREATE INDEX idx_USER_ENROLMENTS_USERID_STATUS ON USER_ENROLMENTS (USERID, STATUS) INCLUDE (TIMESTART, TIMEEND);
CREATE VIEW active_enrolments AS SELECT * FROM user_enrolments WHERE status = 0;
