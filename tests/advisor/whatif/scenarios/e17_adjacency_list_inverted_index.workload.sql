-- an invoice and its bills
-- weight: 4000
SELECT bill_id, bill_amount, bill_status FROM invoice_bill WHERE invoice_id = ?;
-- every invoice a bill rolls up to
-- weight: 1500
SELECT invoice_id, bill_amount FROM invoice_bill WHERE bill_id = ?;
-- one bill of one invoice
-- weight: 300
SELECT bill_status FROM invoice_bill WHERE invoice_id = ? AND bill_id = ?;
-- weight: 3000
INSERT INTO invoice_bill (invoice_id, bill_id, bill_amount, bill_status, created) VALUES (?, ?, ?, ?, ?);
