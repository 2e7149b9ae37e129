-- A dependent may have a plan of their own; NULL means the member's plan.
ALTER TABLE dependents ADD COLUMN plan_id integer REFERENCES plans(id);
