-- the OPAC's detail page and the staff client's item status: is this item out, and until when
-- weight: 50000
SELECT borrowernumber, date_due FROM issues WHERE itemnumber = ?;
-- the patron's account: my checkouts (issuesborridx)
-- weight: 30000
SELECT itemnumber, date_due, renewals_count FROM issues WHERE borrowernumber = ?;
-- a checkout (C4::Circulation::AddIssue)
-- weight: 20000
UPSERT INTO issues (itemnumber, borrowernumber, branchcode, issuedate, date_due, renewals_count, auto_renew, onsite_checkout) VALUES (?, ?, ?, ?, ?, 0, false, false);
-- a renewal (AddRenewal): a new due date
-- weight: 8000
UPSERT INTO issues (itemnumber, date_due, lastreneweddate, renewals_count) VALUES (?, ?, ?, ?);
-- a return (AddReturn): the loan leaves issues (moved to old_issues)
-- weight: 20000
DELETE FROM issues WHERE itemnumber = ?;
-- ... and every return looks for a hold on the title (CheckReserves; the few holds sorted by priority in the application)
-- weight: 20000
SELECT reserve_id, borrowernumber, itemnumber, branchcode, priority, found, suspend FROM reserves WHERE biblionumber = ?;
-- a hold placed (AddReserve): reserve_id from Koha's counter
-- weight: 3000
UPSERT INTO reserves (reserve_id, borrowernumber, biblionumber, branchcode, reservedate, priority, suspend) VALUES (?, ?, ?, ?, ?, ?, false);
-- the patron's holds
-- weight: 10000
SELECT reserve_id, biblionumber, priority, found, waitingdate FROM reserves WHERE borrowernumber = ?;
-- a hold filled or cancelled: the queue renumbered (_FixPriority), one row a hold
-- weight: 6000
UPSERT INTO reserves (reserve_id, priority) VALUES (?, ?);
-- ... and the hold itself removed (moved to old_reserves)
-- weight: 3000
DELETE FROM reserves WHERE reserve_id = ?;
