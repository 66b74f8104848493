-- rows: 500000000
-- distinct: company_id 40000
-- distinct: employee_id 30000000
-- distinct: approver_id 3000000
-- distinct: approval_status 13
CREATE TABLE expense_report (company_id VARCHAR(32) NOT NULL, report_id VARCHAR(32) NOT NULL,
  employee_id BIGINT, approver_id BIGINT, report_name VARCHAR(100), approval_status VARCHAR(8),
  payment_status VARCHAR(8), currency VARCHAR(3), total DECIMAL(18,2), submit_date TIMESTAMP,
  last_modified TIMESTAMP, policy_id BIGINT
  CONSTRAINT pk PRIMARY KEY (company_id, report_id)) MULTI_TENANT=true;
CREATE INDEX report_by_employee ON expense_report (employee_id, submit_date) INCLUDE (report_name, approval_status, payment_status, total);
CREATE INDEX report_by_status ON expense_report (approval_status, last_modified);
CREATE VIEW pending_approval AS SELECT * FROM expense_report WHERE approval_status = 'A_PEND';
-- rows: 6000000000
-- distinct: company_id 40000
-- distinct: report_id 500000000
CREATE TABLE expense_entry (company_id VARCHAR(32) NOT NULL, report_id VARCHAR(32) NOT NULL,
  entry_id VARCHAR(32) NOT NULL, expense_type VARCHAR(16), transaction_date DATE, vendor VARCHAR(100),
  amount DECIMAL(18,2), currency VARCHAR(3), receipt_image_id VARCHAR(64), is_personal BOOLEAN
  CONSTRAINT pk PRIMARY KEY (company_id, report_id, entry_id)) MULTI_TENANT=true;
