-- Server settings kept with the data (a generated signing secret, so it survives restarts).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
