-- mediaItems.get
-- weight: 60000
SELECT filename, mime_type, creation_time, width, height, description FROM media_item WHERE user_id = ? AND media_item_id = ?;
-- mediaItems.list: the library, newest first, one page
-- weight: 50000
SELECT media_item_id, filename, mime_type, creation_time FROM media_item WHERE user_id = ? ORDER BY creation_time DESC LIMIT 100;
-- mediaItems.search with a date filter: one day or trip
-- weight: 10000
SELECT media_item_id, filename, creation_time FROM media_item WHERE user_id = ? AND creation_time >= ? AND creation_time < ?;
-- mediaItems.batchCreate: one uploaded item (media_item_id a random id from the service)
-- weight: 20000
INSERT INTO media_item (user_id, media_item_id, filename, mime_type, creation_time, width, height, camera_make, camera_model, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- mediaItems.patch: the description edited
-- weight: 2000
UPDATE media_item SET description = ? WHERE user_id = ? AND media_item_id = ?;
-- mediaItems.search with albumId: one album, one page
-- weight: 30000
SELECT album_position, media_item_id FROM album_item WHERE user_id = ? AND album_id = ? LIMIT 100;
-- albums.batchAddMediaItems: one item appended to an album
-- weight: 8000
INSERT INTO album_item (user_id, album_id, album_position, media_item_id, added_time) VALUES (?, ?, ?, ?, ?);
-- albums.batchRemoveMediaItems: one item removed
-- weight: 1000
DELETE FROM album_item WHERE user_id = ? AND album_id = ? AND album_position = ? AND media_item_id = ?;
-- an analyst's one-off: items of one camera make, every user
-- weight: 1
SELECT user_id, media_item_id, camera_model FROM media_item WHERE camera_make = 'Leica';
