-- login form: the user by email (ModelBackend with an email USERNAME_FIELD)
-- weight: 20000
SELECT id, password, is_active FROM auth_user WHERE email = ?;
-- update_last_login on every successful login
-- weight: 20000
UPSERT INTO auth_user (id, last_login) VALUES (?, NOW());
-- the session loads the user on each request
-- weight: 60000
SELECT username, email, first_name, last_name, is_active, is_staff FROM auth_user WHERE id = ?;
-- the nightly report of dormant accounts
-- weight: 1
SELECT id, email FROM auth_user WHERE last_login < ? AND is_active = TRUE;
