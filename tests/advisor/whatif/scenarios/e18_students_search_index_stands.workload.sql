-- a student's record
-- weight: 3000
SELECT * FROM student WHERE id = ?;
-- weight: 500
SELECT id, name FROM student WHERE city = ?;
-- weight: 300
SELECT id, name, city FROM student WHERE age < 12 AND city = ?;
-- weight: 200
SELECT id, age, city FROM student WHERE name = ?;
-- weight: 2000
INSERT INTO student (id, name, age, city, sex) VALUES (?, ?, ?, ?, ?);
