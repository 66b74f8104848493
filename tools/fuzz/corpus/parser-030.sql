SELECT * FROM table WHERE userid='abc' AND orderid=123;
