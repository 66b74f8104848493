-- The schema the embedded-SQL fixtures are linted against.
CREATE TABLE orders (
    userid   VARCHAR(64) NOT NULL,
    orderid  BIGINT NOT NULL,
    amount   DECIMAL(12, 2),
    status   VARCHAR(16),
    PRIMARY KEY (userid, orderid)
);
