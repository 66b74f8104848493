-- the expectation applied: designs20.md E125, required fix 1 as the designer wrote it (execution_report re-keyed led by the order within four key columns, [order_id][trade_date][session_id][exec_id], the first run's alternative #2) and required fix 2 (order_by_symbol dropped); the workload is applied/E125.workload.sql

-- rows: 25000000000
-- distinct: trade_date 2500
-- distribution: trade_date monotonic
-- distinct: session_id 40
-- distinct: order_id 6000000000
CREATE TABLE execution_report (trade_date VARCHAR(10) NOT NULL, session_id VARCHAR(32) NOT NULL,
  order_id VARCHAR(40) NOT NULL, exec_id VARCHAR(40) NOT NULL, cl_ord_id VARCHAR(64),
  exec_type VARCHAR(1), ord_status VARCHAR(1), symbol VARCHAR(16), side VARCHAR(1),
  last_qty DOUBLE, last_px DOUBLE, cum_qty DOUBLE, leaves_qty DOUBLE, avg_px DOUBLE,
  last_mkt VARCHAR(8), transact_time BIGINT, sending_time BIGINT,
  PRIMARY KEY (order_id, trade_date, session_id, exec_id));
-- rows: 6000000000
-- distinct: account_id 5000000
-- distinct: cl_ord_id 6000000000
-- distinct: symbol 9000
-- distribution: symbol zipfian
-- distribution: updated_at monotonic
CREATE TABLE order_state (account_id VARCHAR(36) NOT NULL, order_id VARCHAR(40) NOT NULL,
  cl_ord_id VARCHAR(64), symbol VARCHAR(16), side VARCHAR(1), ord_type VARCHAR(1),
  order_qty DOUBLE, price DOUBLE, ord_status VARCHAR(1), cum_qty DOUBLE, leaves_qty DOUBLE,
  avg_px DOUBLE, created_at BIGINT, updated_at BIGINT,
  PRIMARY KEY (account_id, order_id));
CREATE INDEX order_by_cl_ord_id ON order_state (cl_ord_id) INCLUDE (ord_status, leaves_qty);
