-- a file shared with a user (share_type 0)
-- weight: 3000
UPSERT INTO oc_share (id, share_type, share_with, uid_owner, uid_initiator, item_type, item_source, file_source, file_target, permissions, stime, accepted) VALUES (NEXT VALUE FOR oc_share_id_seq, 0, ?, ?, ?, 'file', ?, ?, ?, ?, ?, 0);
-- a public link created (share_type 3, a random token)
-- weight: 2000
UPSERT INTO oc_share (id, share_type, uid_owner, uid_initiator, item_type, item_source, file_source, file_target, permissions, stime, token, share_password, expiration, hide_download) VALUES (NEXT VALUE FOR oc_share_id_seq, 3, ?, ?, 'file', ?, ?, ?, ?, ?, ?, ?, ?, 0);
-- the recipient accepts the share (it appears in their files under file_target)
-- weight: 2000
UPSERT INTO oc_share (id, accepted, file_target) VALUES (?, 1, ?);
-- the owner changes a share's permissions
-- weight: 500
UPSERT INTO oc_share (id, permissions) VALUES (?, ?);
-- a share removed
-- weight: 1000
DELETE FROM oc_share WHERE id = ?;
-- the OCS API: one share by id
-- weight: 5000
SELECT share_type, share_with, uid_owner, item_source, file_target, permissions, expiration FROM oc_share WHERE id = ?;
-- "Shared with you": the user's incoming user shares (getSharedWith)
-- weight: 30000
SELECT id, uid_owner, item_type, item_source, file_source, file_target, permissions, stime, accepted FROM oc_share WHERE share_with = ? AND share_type = 0;
-- a public link opened (/s/{token})
-- weight: 50000
SELECT id, uid_owner, item_type, item_source, file_source, permissions, expiration, share_password, hide_download FROM link_shares WHERE token = ?;
-- the sharing sidebar of a file: who has it
-- weight: 20000
SELECT id, share_type, share_with, permissions FROM oc_share WHERE file_source = ?;
-- "Shared by you": the user's outgoing shares of one type (getSharesBy)
-- weight: 5000
SELECT id, share_with, file_source, file_target, permissions, stime FROM oc_share WHERE uid_owner = ? AND share_type = ?;
