-- the audit webhook of each cluster: a request's ResponseComplete event (write verbs only)
-- rate: 20000/s
-- weight: 20000
UPSERT INTO audit_event (cluster_id, request_ts, audit_id, stage, verb, username, user_groups, source_ip, user_agent, object_resource, object_namespace, object_name, object_api_group, response_code, stage_ts) VALUES (?, ?, ?, 'ResponseComplete', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the console's audit page: a window of one cluster's requests, newest first
-- weight: 2000
SELECT request_ts, audit_id, verb, username, object_resource, object_namespace, object_name, response_code FROM audit_event WHERE cluster_id = ? AND request_ts >= ? AND request_ts < ? ORDER BY request_ts DESC LIMIT 100;
-- the security team's detector, every minute: the deletes of the last ten seconds across the fleet
-- weight: 1
SELECT request_ts, object_resource, object_namespace, object_name, username FROM audit_event WHERE verb = 'delete' AND request_ts >= ? AND request_ts < ?;
-- each kubelet renews its node's Lease every 10 seconds (coordination.k8s.io/v1)
-- rate: 200000/s
-- weight: 200000
UPSERT INTO node_lease (cluster_id, lease_namespace, lease_name, holder_identity, lease_duration_seconds, renew_time, resource_version) VALUES (?, 'kube-node-lease', ?, ?, 40, ?, ?);
-- the node lifecycle controller's relist of a cluster's node leases
-- weight: 4000
SELECT lease_name, holder_identity, renew_time FROM node_lease WHERE cluster_id = ? AND lease_namespace = 'kube-node-lease';
-- the fleet monitor: a cluster's nodes whose lease has not been renewed for 40 seconds
-- weight: 500
SELECT lease_name, holder_identity, renew_time FROM node_lease WHERE cluster_id = ? AND lease_namespace = 'kube-node-lease' AND renew_time < ?;
