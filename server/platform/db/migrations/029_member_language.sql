-- A member's language (issue 42): the site language they joined in, changeable in their profile;
-- their mail is written in it. NULL is the site's default language (every member before this).
ALTER TABLE users ADD COLUMN language text;

-- Accounts (platform/auth) publish it with the rest of who a member is (028_published_views.sql).
CREATE OR REPLACE VIEW people AS
  SELECT id, group_key, email, role, first_name, last_name, phone, address_line, city, state, zip,
         date_of_birth, email_verified, created_at, deactivated_at, last_staff_sign_in_at,
         password_hash <> '' AS has_password, language
    FROM users;
