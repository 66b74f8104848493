INSERT INTO `sequence` (`name`) VALUES 
('users'), ('photos'), ('albums'), ('comments');;
