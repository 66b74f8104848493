CREATE INDEX idx ON t (a);
