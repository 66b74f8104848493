CREATE TABLE t (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));
