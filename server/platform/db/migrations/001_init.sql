-- Every row belongs to a tenant (group_key); every query filters by it.

CREATE TABLE tenants (
  group_key text PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('member', 'editor')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  address_line text,
  city text,
  state text,
  zip text,
  date_of_birth date,
  balance_cents integer NOT NULL DEFAULT 0,
  email_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_key, email)
);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  group_key text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  group_key text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE TABLE plans (
  id integer NOT NULL,
  group_key text NOT NULL REFERENCES tenants(group_key),
  name text NOT NULL,
  description text NOT NULL,
  monthly_price_cents integer NOT NULL,
  annual_price_cents integer NOT NULL,
  enrollment_fee_cents integer NOT NULL DEFAULT 0,
  max_dependents integer NOT NULL DEFAULT 5,
  fee_schedule jsonb NOT NULL,
  PRIMARY KEY (id)
);
CREATE INDEX plans_tenant ON plans (group_key);

CREATE TABLE offices (
  id integer PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  name text NOT NULL,
  address_line text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  phone text NOT NULL,
  hours jsonb NOT NULL,
  accepting_new_patients boolean NOT NULL DEFAULT true
);
CREATE INDEX offices_tenant ON offices (group_key);

CREATE TABLE office_plans (
  office_id integer NOT NULL REFERENCES offices(id),
  plan_id integer NOT NULL REFERENCES plans(id),
  PRIMARY KEY (office_id, plan_id)
);

CREATE TABLE providers (
  id integer PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  office_id integer NOT NULL REFERENCES offices(id),
  name text NOT NULL,
  specialty text NOT NULL,
  languages text[] NOT NULL,
  accepting_new_patients boolean NOT NULL,
  accessibility text[] NOT NULL
);
CREATE INDEX providers_tenant ON providers (group_key);

CREATE TABLE coupons (
  code text NOT NULL,
  group_key text NOT NULL REFERENCES tenants(group_key),
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  amount integer NOT NULL,
  expires_at timestamptz,
  plan_id integer REFERENCES plans(id),
  office_id integer REFERENCES offices(id),
  PRIMARY KEY (group_key, code)
);

CREATE TABLE dependents (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  member_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  date_of_birth date NOT NULL,
  relationship text NOT NULL
);

CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  member_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES plans(id),
  office_id integer REFERENCES offices(id),
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'annual')),
  status text NOT NULL CHECK (status IN ('active', 'expired', 'cancelled')),
  auto_renew boolean NOT NULL DEFAULT true,
  started_at timestamptz NOT NULL,
  renews_at timestamptz NOT NULL
);

CREATE TABLE payment_methods (
  member_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  group_key text NOT NULL,
  processor_token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  billing_zip text NOT NULL
);

CREATE TABLE receipts (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  member_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  description text NOT NULL,
  amount_cents integer NOT NULL,
  card_last4 text NOT NULL,
  paid_at timestamptz NOT NULL
);

CREATE TABLE payments (
  idempotency_key text NOT NULL,
  group_key text NOT NULL,
  scope text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_key, scope, idempotency_key)
);

CREATE TABLE checkouts (
  token_hash text PRIMARY KEY,
  group_key text NOT NULL,
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE grievances (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  reference text NOT NULL UNIQUE,
  member_id integer REFERENCES users(id),
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  member_number text,
  category text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'received',
  created_at timestamptz NOT NULL DEFAULT now(),
  acknowledge_by timestamptz NOT NULL,
  resolve_by timestamptz NOT NULL
);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  group_key text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  topic text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Content: each tenant's published versions, and one working draft.
CREATE TABLE content_versions (
  id serial PRIMARY KEY,
  group_key text NOT NULL REFERENCES tenants(group_key),
  content jsonb NOT NULL,
  note text NOT NULL DEFAULT '',
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_versions_tenant ON content_versions (group_key, id DESC);

CREATE TABLE content_drafts (
  group_key text PRIMARY KEY REFERENCES tenants(group_key),
  content jsonb NOT NULL,
  revision integer NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
