CREATE TABLE emp (emp_id BIGINT NOT NULL, first_name VARCHAR(64), last_name VARCHAR(64),
  dept_id VARCHAR(16), status CHAR(1), email VARCHAR(128), hired DATE
  CONSTRAINT pk PRIMARY KEY (emp_id));
CREATE VIEW active_emp AS SELECT * FROM emp WHERE status = 'A';
