-- applied: designs19.md E116, the first run's recommendation: flow_record reorder_key [src_addr][flow_start][exporter_id][dst_addr][src_port][dst_port][protocol] and the index table keyed [bucket + exporter_id][flow_start][flow_record_key], which the NOC's read reads as 16 values of exporter_id_key
-- rows: 30000000000
-- distinct: exporter_id 60
-- distribution: flow_start monotonic
-- range: flow_start 1/25920
CREATE TABLE flow_record (exporter_id BIGINT NOT NULL, flow_start BIGINT NOT NULL, src_addr VARCHAR(39) NOT NULL, dst_addr VARCHAR(39) NOT NULL, src_port INTEGER NOT NULL, dst_port INTEGER NOT NULL, protocol INTEGER NOT NULL, flow_end BIGINT, octets BIGINT, packets BIGINT, input_if INTEGER, output_if INTEGER, tcp_flags INTEGER, src_as BIGINT, dst_as BIGINT, PRIMARY KEY (src_addr, flow_start, exporter_id, dst_addr, src_port, dst_port, protocol));
-- rows: 30000000000
-- distinct: exporter_id 60
-- distribution: flow_start monotonic
-- range: flow_start 1/25920
CREATE TABLE flow_record_by_exporter_id_flow_start_src_addr_dst_addr_src_port_dst_port_protocol (exporter_id BIGINT NOT NULL, flow_start BIGINT NOT NULL, src_addr VARCHAR(39) NOT NULL, dst_addr VARCHAR(39) NOT NULL, src_port INTEGER NOT NULL, dst_port INTEGER NOT NULL, protocol INTEGER NOT NULL, flow_end BIGINT, octets BIGINT, packets BIGINT, input_if INTEGER, output_if INTEGER, tcp_flags INTEGER, src_as BIGINT, dst_as BIGINT, flow_record_key VARCHAR(143) NOT NULL, exporter_id_key VARCHAR(23) NOT NULL, PRIMARY KEY (exporter_id_key, flow_start, flow_record_key));
-- rows: 2000000000
-- distinct: framed_ip 8000000
-- distinct: username 5000000
CREATE TABLE radius_session (framed_ip VARCHAR(39) NOT NULL, session_start BIGINT NOT NULL,
  acct_session_id VARCHAR(64) NOT NULL, username VARCHAR(128), nas_ip VARCHAR(39),
  session_stop BIGINT, input_octets BIGINT, output_octets BIGINT, terminate_cause VARCHAR(32),
  PRIMARY KEY (framed_ip, session_start, acct_session_id));
