-- the indexer: one block every 12 seconds (ethereum-etl export_blocks_and_transactions)
-- rate: 5/min
-- weight: 50
UPSERT INTO block_header (block_number, block_hash, parent_hash, block_timestamp, miner, gas_used, gas_limit, base_fee_per_gas, transaction_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... its ERC-20 Transfer logs (extract_token_transfers), about 180 a block
-- rate: 15/s
-- weight: 9000
UPSERT INTO token_transfer (transaction_hash, log_index, token_address, from_address, to_address, amount, block_number, block_timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- a reorg: the orphaned block's transfers removed (a block or two a day)
-- rate: 1/min
-- weight: 2
DELETE FROM token_transfer WHERE transaction_hash = ? AND log_index = ?;
-- the explorer's block page, by number
-- weight: 20000
SELECT block_hash, parent_hash, block_timestamp, miner, gas_used, transaction_count FROM block_header WHERE block_number = ?;
-- ... by hash (links from transactions, eth_getBlockByHash)
-- weight: 8000
SELECT block_number, block_timestamp, miner, transaction_count FROM block_header WHERE block_hash = ?;
-- the home page: the latest blocks
-- weight: 6000
SELECT block_number, block_hash, block_timestamp, miner, transaction_count FROM block_header WHERE block_number > ? ORDER BY block_number DESC LIMIT 10;
-- the transaction page: its token transfers
-- weight: 12000
SELECT log_index, token_address, from_address, to_address, amount FROM token_transfer WHERE transaction_hash = ?;
-- the address page (Etherscan account tokentx, sort=desc): transfers sent, newest first
-- weight: 15000
SELECT transaction_hash, log_index, token_address, to_address, amount, block_number, block_timestamp FROM token_transfer WHERE from_address = ? ORDER BY block_number DESC LIMIT 100;
-- ... and received
-- weight: 15000
SELECT transaction_hash, log_index, token_address, from_address, amount, block_number, block_timestamp FROM token_transfer WHERE to_address = ? ORDER BY block_number DESC LIMIT 100;
-- the token page: its latest transfers (Etherscan tokentx by contractaddress)
-- weight: 10000
SELECT transaction_hash, log_index, from_address, to_address, amount, block_number FROM token_transfer WHERE token_address = ? ORDER BY block_number DESC LIMIT 50;
