CREATE TABLE t (p1 INT, p2 INT, PRIMARY KEY (hash64(p1, p2), p1, p2));
