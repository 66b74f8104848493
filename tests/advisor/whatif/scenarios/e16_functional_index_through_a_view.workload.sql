-- the people search box, over current employees
-- weight: 3000
SELECT emp_id, email FROM active_emp WHERE UPPER(first_name || ' ' || last_name) = ?;
-- a profile page
-- weight: 5000
SELECT * FROM emp WHERE emp_id = ?;
-- weight: 500
UPSERT INTO emp (emp_id, first_name, last_name, dept_id, status, email, hired) VALUES (?, ?, ?, ?, ?, ?, ?);
