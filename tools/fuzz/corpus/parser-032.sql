SELECT * FROM table WHERE userid='abc' AND 123<orderid<456 ORDER BY orderid DESC;
