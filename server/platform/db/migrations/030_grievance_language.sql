-- A grievance's language (issue 42): the page's it was filed on. Its receipt, acknowledgement and
-- resolution mails are written in it (California's vital documents). NULL is the site's default.
ALTER TABLE grievances ADD COLUMN language text;
