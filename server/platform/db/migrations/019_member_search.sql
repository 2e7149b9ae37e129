-- Member services find a member by a name's start, an email, phone digits or a member number
-- (issue 29, docs/adr/0026), over a large book: each form is a range scan of its own btree index
-- (server/services/staff-members.ts; bench/member-search.ts). text_pattern_ops orders by bytes, so
-- a prefix is a range (~>=~, ~<~) whatever the collation, even in a prepared statement's generic
-- plan; no trigram extension (PGlite would need to load one). A member number is the tenant's
-- prefix and the account's id (members.memberNumber): the primary key finds it.
CREATE INDEX users_search_name ON users (group_key, lower(last_name || ' ' || first_name) text_pattern_ops);
CREATE INDEX users_search_email ON users (group_key, lower(email) text_pattern_ops);
CREATE INDEX users_search_phone ON users (group_key, regexp_replace(phone, '\D', '', 'g') text_pattern_ops);
-- A member's record lists the mails sent to them (the outbox keeps every mail, by recipient).
CREATE INDEX outbox_recipient ON outbox (group_key, lower(recipient), id);
-- A refund asked by member services carries the request's idempotency key: the same request again
-- answers the refund made, and never refunds twice.
ALTER TABLE refunds ADD COLUMN request_key text;
CREATE UNIQUE INDEX refunds_request_key ON refunds (group_key, request_key) WHERE request_key IS NOT NULL;
