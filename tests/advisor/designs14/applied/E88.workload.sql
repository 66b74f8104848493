-- the grader report: one grade item's grades in the course, item by item
-- weight: 20000
SELECT userid, rawgrade, finalgrade, hidden, locked, overridden, feedback FROM grade_grades WHERE itemid = ?;
-- the user report and the mobile app's grades (gradereport_user_get_grade_items): a student's grades
-- weight: 40000
SELECT itemid, finalgrade, hidden, feedback, timemodified FROM grade_grades WHERE userid = ?;
-- a grade given or changed by a teacher (usermodified the grader)
-- weight: 30000
UPSERT INTO grade_grades (itemid, userid, rawgrade, rawgrademax, rawgrademin, finalgrade, usermodified, timemodified) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- a grade row created when a student first submits (grade_grade::insert)
-- weight: 15000
UPSERT INTO grade_grades (itemid, userid, rawgrademax, rawgrademin, hidden, locked, locktime, overridden, timecreated, timemodified) VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?, ?);
-- the cron's lock of grades whose lock time has passed (grade_grade::check_locktime_all), hourly
-- weight: 24
SELECT itemid, userid FROM grade_grades WHERE locked = 0 AND locktime > 0 AND locktime < ?;
-- the dashboard on every login: my active courses (enrol_get_all_users_courses)
-- weight: 50000
SELECT enrolid, timestart, timeend FROM active_enrolments WHERE userid = ?;
-- the participants page of a course's enrolment instance
-- weight: 10000
SELECT userid, status, timestart, timeend FROM user_enrolments WHERE enrolid = ?;
-- a user enrolled
-- weight: 5000
UPSERT INTO user_enrolments (enrolid, userid, status, timestart, timeend, modifierid, timecreated, timemodified) VALUES (?, ?, 0, ?, ?, ?, ?, ?);
-- an enrolment suspended or reactivated
-- weight: 500
UPSERT INTO user_enrolments (enrolid, userid, status, modifierid, timemodified) VALUES (?, ?, ?, ?, ?);
-- a user unenrolled
-- weight: 500
DELETE FROM user_enrolments WHERE enrolid = ? AND userid = ?;
