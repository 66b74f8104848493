SELECT * FROM table WHERE userid='abc' AND 123<orderid<456;
