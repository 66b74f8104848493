UPDATE t SET a = 1, b = b + 1 WHERE c = 2;
