INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y');
