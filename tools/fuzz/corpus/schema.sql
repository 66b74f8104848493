-- Key designs from the source documents (shared/seeds), as wide tables.

-- Lindorm: [userid][orderid], many orders per user.
CREATE TABLE orders (
    userid   VARCHAR(64) NOT NULL,
    orderid  BIGINT NOT NULL,
    amount   DECIMAL(12, 2),
    status   VARCHAR(16),
    PRIMARY KEY (userid, orderid)
);
CREATE INDEX idx_orders_status ON orders (status) INCLUDE (amount);

-- Lindorm logs/time series: [hostname][log-event][timestamp DESC]
CREATE TABLE metrics (
    hostname  VARCHAR(128),
    log_event VARCHAR(64),
    ts        BIGINT,
    value     DOUBLE,
    PRIMARY KEY (hostname, log_event, ts DESC)
);

-- Lindorm trades: one table per query dimension.
CREATE TABLE trades_by_seller (
    seller_id    BIGINT,
    `timestamp`  BIGINT,
    order_number BIGINT,
    buyer_id     BIGINT,
    price        DECIMAL(12, 2),
    PRIMARY KEY (seller_id, `timestamp`, order_number)
);
CREATE TABLE trades_by_buyer (
    buyer_id     BIGINT,
    `timestamp`  BIGINT,
    order_number BIGINT,
    seller_id    BIGINT,
    PRIMARY KEY (buyer_id, `timestamp`, order_number)
);
CREATE TABLE trades_by_order (
    order_number BIGINT PRIMARY KEY,
    seller_id    BIGINT,
    buyer_id     BIGINT
);

-- Lindorm hash prefix against a sequential key.
CREATE TABLE events (
    event_id BIGINT,
    kind     VARCHAR(32),
    payload  VARCHAR(1024),
    PRIMARY KEY (hash32(event_id), event_id)
);

-- Tablestore student-card spending: CardID is the partition key.
CREATE TABLE card_spend (
    card_id      VARCHAR(32),
    seller_id    VARCHAR(32),
    device_id    VARCHAR(32),
    order_number BIGINT,
    amount       BIGINT,
    PRIMARY KEY (card_id, seller_id, device_id, order_number)
);
