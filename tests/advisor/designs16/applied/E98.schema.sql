-- rows: 21000000
CREATE TABLE block_header (block_number BIGINT NOT NULL, block_hash VARCHAR(66),
  parent_hash VARCHAR(66), block_timestamp BIGINT, miner VARCHAR(42), gas_used BIGINT, gas_limit BIGINT,
  base_fee_per_gas BIGINT, transaction_count INTEGER,
  PRIMARY KEY (block_number DESC));
CREATE INDEX block_header_hash ON block_header (block_hash);
-- rows: 3000000000
-- distinct: transaction_hash 1200000000
-- distinct: from_address 300000000
-- distinct: to_address 350000000
-- distinct: token_address 1500000
-- distribution: token_address zipfian
CREATE TABLE token_transfer (transaction_hash VARCHAR(66) NOT NULL, log_index INTEGER NOT NULL,
  token_address VARCHAR(42), from_address VARCHAR(42), to_address VARCHAR(42),
  amount VARCHAR(78), block_number BIGINT, block_timestamp BIGINT,
  PRIMARY KEY (transaction_hash, log_index));
CREATE INDEX token_transfer_from ON token_transfer (from_address);
CREATE INDEX token_transfer_to ON token_transfer (to_address);
CREATE INDEX idx_token_transfer_token_address_block_number_desc ON token_transfer (token_address, block_number DESC) INCLUDE (from_address, to_address, amount);
