-- rows: 3000000
-- distinct: borrowernumber 900000
-- distinct: branchcode 12
CREATE TABLE issues (itemnumber BIGINT NOT NULL, borrowernumber BIGINT NOT NULL, branchcode VARCHAR(10),
  issuedate TIMESTAMP, date_due TIMESTAMP, lastreneweddate TIMESTAMP, renewals_count INTEGER,
  auto_renew BOOLEAN, onsite_checkout BOOLEAN, note VARCHAR(255),
  PRIMARY KEY (itemnumber));
CREATE INDEX issuesborridx ON issues (borrowernumber) INCLUDE (date_due, renewals_count);
-- rows: 800000
-- distinct: biblionumber 300000
-- distinct: borrowernumber 400000
-- distribution: reserve_id monotonic
CREATE TABLE reserves (reserve_id BIGINT NOT NULL, borrowernumber BIGINT NOT NULL, biblionumber BIGINT NOT NULL,
  itemnumber BIGINT, branchcode VARCHAR(10), reservedate TIMESTAMP, priority INTEGER, found VARCHAR(1),
  waitingdate TIMESTAMP, expirationdate TIMESTAMP, suspend BOOLEAN,
  PRIMARY KEY (hash32(reserve_id), reserve_id));
CREATE INDEX reserves_borrowernumber ON reserves (borrowernumber) INCLUDE (biblionumber, priority, found, waitingdate);
CREATE INDEX idx_reserves_biblionumber ON reserves (biblionumber) INCLUDE (borrowernumber, itemnumber, branchcode, priority, found, suspend);
