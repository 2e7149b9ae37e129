-- A session signed in with both factors (the staff console's sign-in): staff access needs one. A
-- content manager's session from the site's sign-in has the password only, whatever roles it holds.
ALTER TABLE sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
