-- Envelopes:create, sent at once (POST /restapi/v2.1/accounts/{accountId}/envelopes)
-- weight: 10000
INSERT INTO envelope (account_id, envelope_id, sender_user_id, email_subject, status, created_at, sent_at, status_changed_at, expires_at, document_count) VALUES (?, ?, ?, ?, 'sent', ?, ?, ?, ?, ?);
-- ... its recipients, in routing order
-- weight: 25000
INSERT INTO recipient (envelope_id, recipient_id, account_id, email, user_name, recipient_type, routing_order, recipient_status) VALUES (?, ?, ?, ?, ?, ?, ?, 'created');
-- a recipient opens the envelope (delivered) or signs it
-- weight: 40000
UPDATE recipient SET recipient_status = ?, delivered_at = ?, signed_at = ? WHERE envelope_id = ? AND recipient_id = ?;
-- the envelope's own status moves (delivered, completed, declined, voided)
-- weight: 25000
UPDATE envelope SET status = ?, status_changed_at = ?, completed_at = ? WHERE account_id = ? AND envelope_id = ?;
-- Envelopes:get
-- weight: 50000
SELECT sender_user_id, email_subject, status, created_at, sent_at, status_changed_at, completed_at, expires_at FROM envelope WHERE account_id = ? AND envelope_id = ?;
-- EnvelopeRecipients:list
-- weight: 45000
SELECT recipient_id, email, user_name, recipient_type, routing_order, recipient_status, signed_at FROM recipient WHERE envelope_id = ?;
-- Envelopes:listStatusChanges: an integration polls its account's changes since its last poll (from_date)
-- weight: 20000
SELECT envelope_id, status, status_changed_at FROM envelope WHERE account_id = ? AND status_changed_at >= ?;
-- the Sent folder: a sender's envelopes, newest first
-- weight: 8000
SELECT envelope_id, email_subject, status, created_at FROM envelope WHERE account_id = ? AND sender_user_id = ? ORDER BY created_at DESC LIMIT 40;
-- the signer's "Action required" list: envelopes waiting for my signature, in any account
-- weight: 6000
SELECT envelope_id, account_id, routing_order FROM recipient WHERE email = ? AND recipient_status = 'delivered';
-- support, once in a while: envelopes by words of their subject, every account
-- weight: 1
SELECT account_id, envelope_id, status FROM envelope WHERE email_subject LIKE '%lease%';
