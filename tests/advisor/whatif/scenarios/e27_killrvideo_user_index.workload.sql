-- the video page
-- weight: 20000
SELECT userid, name, description, location, location_type, preview_image_location, tags, added_date FROM videos WHERE videoid = ?;
-- a user's videos on their profile, newest first
-- weight: 3000
SELECT videoid, name, preview_image_location, added_date FROM videos WHERE userid = ? ORDER BY added_date DESC LIMIT 12;
-- the home page: the site's latest videos
-- weight: 1000
SELECT videoid, userid, name, preview_image_location, added_date FROM videos ORDER BY added_date DESC LIMIT 24;
-- an upload
-- weight: 200
UPSERT INTO videos (videoid, userid, name, description, location, location_type, preview_image_location, tags, added_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- an edit of a video's name, description and tags
-- weight: 100
UPSERT INTO videos (videoid, name, description, tags) VALUES (?, ?, ?, ?);
