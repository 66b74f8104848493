-- the collectors: every flow record the routers export, as it is decoded
-- rate: 400000/s
-- weight: 400000
UPSERT INTO flow_record (exporter_id_key, flow_record_key, exporter_id, flow_start, src_addr, dst_addr, src_port, dst_port, protocol, flow_end, octets, packets, input_if, output_if, tcp_flags, src_as, dst_as) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the NOC's dashboard: one router's flows of the last five minutes (top talkers, per interface)
-- weight: 2000
SELECT src_addr, dst_addr, dst_port, protocol, octets, packets, input_if, output_if FROM flow_record WHERE exporter_id_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND flow_start >= ? AND flow_start < ?;
-- the abuse desk, now and then: one address's flows of a day, whichever router saw them
-- weight: 3
SELECT exporter_id, flow_start, dst_addr, dst_port, protocol, octets FROM flow_record WHERE src_addr = ? AND flow_start >= ? AND flow_start < ?;
-- RADIUS Accounting-Request, Acct-Status-Type Start
-- rate: 3000/s
-- weight: 3000
UPSERT INTO radius_session (framed_ip, session_start, acct_session_id, username, nas_ip) VALUES (?, ?, ?, ?, ?);
-- ... and Stop, with the session's counters
-- rate: 3000/s
-- weight: 3000
UPSERT INTO radius_session (framed_ip, session_start, acct_session_id, session_stop, input_octets, output_octets, terminate_cause) VALUES (?, ?, ?, ?, ?, ?, ?);
-- the abuse desk: who held this address at that moment (the last session started before it)
-- weight: 800
SELECT username, session_start, session_stop, nas_ip FROM radius_session WHERE framed_ip = ? AND session_start <= ? ORDER BY session_start DESC LIMIT 1;
-- support, once in a while: a subscriber's sessions
-- weight: 2
SELECT framed_ip, session_start, session_stop FROM radius_session WHERE username = ?;
-- E116 applied by test_whatif_applied (README.md): flow_record salt_buckets [bucket + exporter_id]
-- as exporter_id_key, the bucket hash(src_addr) % 16, its key columns no statement binds folded
-- into flow_record_key ([bucket + exporter_id][flow_start][src_addr][dst_addr + src_port +
-- dst_port + protocol], four parts). The advice's rewrite: the collectors' UPSERT fills
-- exporter_id_key and flow_record_key (no read binds it); a read that binds src_addr and exporter_id by = binds exporter_id_key =
-- bucket + exporter_id; the NOC's window (exporter_id, no src_addr) is 16 scans merged, one a
-- bucket: exporter_id_key IN (16 values); the abuse desk's read binds src_addr alone, so it cannot
-- compute exporter_id_key and stays as it is, refused (as it is today); radius_session stands.
