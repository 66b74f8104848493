CREATE TABLE support_case (org_id CHAR(15) NOT NULL, case_id CHAR(15) NOT NULL, owner_id CHAR(15),
  status VARCHAR(16), priority CHAR(2), subject VARCHAR(255), description VARCHAR(32000),
  last_modified TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (org_id, case_id)) MULTI_TENANT=true;
CREATE VIEW open_case AS SELECT * FROM support_case WHERE status = 'Open';
